import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { loadOnce } from '../lib/load-once';
import { bootstrapQueryOptions } from './console';
import type { Bootstrap, Member } from './contract/bootstrap';
import type * as AccessContract from './contract/console-access';
import type * as Primitives from './contract/primitives';
import type {
  AcceptInvitationRequest,
  ChangePasswordRequest,
  Device,
  InviteRequest,
  MemberChangeRequest,
  MemberListEntry,
  ProtectRequest,
  SetupRequest,
  SignInRequest,
} from './contract/console-access';
import { fieldOfMessage } from './contract/errors';
import { reportSessionEnded } from './client';

/*
 * The console's own team-access routes (`/console/*`): same origin, the session cookie is the
 * only credential. The schemas come with the first request rather than with this module, which
 * the app shell imports (sign-out, the demo banner): zod stays off the first page load.
 */

/**
 * A refused or failed console request, shaped like ApiError (status 0: no answer at all) so
 * the same checks read both. `field` is the field the server's Message names, when it names one.
 */
export class ConsoleError extends Error {
  override readonly name = 'ConsoleError';
  readonly field: string | null;
  readonly fieldText: string | null;

  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    const named = fieldOfMessage(message);
    this.field = named?.field ?? null;
    this.fieldText = named?.text ?? null;
  }

  get isOffline(): boolean {
    return this.status === 0;
  }
}

export function isConsoleError(error: unknown): error is ConsoleError {
  return error instanceof ConsoleError;
}

const loadContract = loadOnce(() =>
  Promise.all([import('./contract/console-access'), import('./contract/primitives')]).then(([access, primitives]) => ({
    ...access,
    envelopeSchema: primitives.envelopeSchema,
    errorEnvelopeSchema: primitives.errorEnvelopeSchema,
  })),
);
type Contract = typeof AccessContract & Pick<typeof Primitives, 'envelopeSchema' | 'errorEnvelopeSchema'>;

interface ConsoleRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The schema of Data; without one, Data is not read (routes that answer null). */
  answer?: (contract: Contract) => z.ZodMiniType<T>;
  /** A route used without a session (sign-in, setup, invitations): its 401 is its own answer. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export async function consoleFetch<T = void>(request: ConsoleRequest<T>): Promise<T> {
  const contract = loadContract();
  // Not awaited if the request fails first; the failure of the request is the one to report.
  contract.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers: request.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ConsoleError(request.path, 0, 0, 'The service could not be reached. Check that it is running and try again.');
  }
  const json: unknown = await response.json().catch(() => undefined);
  let schemas: Awaited<typeof contract>;
  try {
    schemas = await contract;
  } catch {
    throw new ConsoleError(request.path, 0, 0, 'Part of the console could not be downloaded. Check the connection and try again.');
  }

  const envelope = schemas.errorEnvelopeSchema.safeParse(json);
  if (!response.ok || !envelope.success || !envelope.data.Success) {
    const error = envelope.success
      ? new ConsoleError(request.path, response.status, envelope.data.Code, envelope.data.Message || `The service answered ${response.status}`)
      : new ConsoleError(request.path, response.status, response.status, `The service answered ${response.status} ${response.statusText}`.trim());
    if (error.status === 401 && !request.anonymous) reportSessionEnded(error);
    throw error;
  }
  if (!request.answer) return undefined as T;
  const parsed = schemas.envelopeSchema(request.answer(schemas)).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'Data';
    throw new ConsoleError(request.path, response.status, response.status, `${request.path} answered an unexpected ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.Data as T;
}

/** General to specific; every query, prefetch and invalidation goes through the options below. */
export const accessKeys = {
  all: ['access'] as const,
  members: () => [...accessKeys.all, 'members'] as const,
  devices: () => [...accessKeys.all, 'devices'] as const,
  signInMethods: () => [...accessKeys.all, 'sign-in-methods'] as const,
  invitation: (token: string) => [...accessKeys.all, 'invitation', token] as const,
};

/** A 4xx (refused, not allowed, unknown link) will not change by asking again. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (isConsoleError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function memberListQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.members(),
    queryFn: ({ signal }) => consoleFetch({ method: 'GET', path: '/console/members', answer: (c) => c.memberListSchema, signal }),
    retry: retryUnlessRefused,
  });
}

export function deviceListQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.devices(),
    queryFn: ({ signal }) =>
      consoleFetch({ method: 'GET', path: '/console/account/sessions', answer: (c) => c.deviceListSchema, signal }).then((list) => list.devices),
    retry: retryUnlessRefused,
  });
}

/** What an invitation link offers; asked once, since the link works only until it is accepted. */
export function invitationLookupQueryOptions(token: string) {
  return queryOptions({
    queryKey: accessKeys.invitation(token),
    queryFn: ({ signal }) =>
      consoleFetch({
        method: 'POST',
        path: '/console/invitations/lookup',
        body: { token },
        answer: (c) => c.invitationLookupSchema,
        anonymous: true,
        signal,
      }),
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}

/**
 * A new session (sign-in, setup, an accepted invitation): nothing cached for whoever was here
 * before may show, and the pages wait for the new bootstrap rather than redirect back.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries();
  await queryClient.fetchQuery(bootstrapQueryOptions());
}

/** The member changed (or removed, or signed out) is the one signed in: their access changed too. */
function invalidateIfMe(queryClient: QueryClient, memberId: string): Promise<void> {
  const bootstrap = queryClient.getQueryData<Bootstrap | null>(bootstrapQueryOptions().queryKey);
  return bootstrap?.member?.id === memberId ? queryClient.invalidateQueries({ queryKey: bootstrapQueryOptions().queryKey }) : Promise.resolve();
}

export function signedIn(path: string, body: unknown): Promise<Member> {
  return consoleFetch({ method: 'POST', path, body, answer: (c) => c.signedInSchema, anonymous: true }).then((answer) => answer.member);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignInRequest) => signedIn('/console/sign-in', request),
    onSuccess: () => startSession(queryClient),
  });
}

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetupRequest) => signedIn('/console/setup', request),
    onSuccess: () => startSession(queryClient),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AcceptInvitationRequest) => signedIn('/console/invitations/accept', request),
    onSuccess: () => startSession(queryClient),
  });
}

/** The Demo owner keeps their session and becomes a member with a password or a passkey. */
export function useProtect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ProtectRequest) =>
      consoleFetch({ method: 'POST', path: '/console/protect', body: request, answer: (c) => c.signedInSchema }).then((answer) => answer.member),
    onSuccess: (member) => {
      const key = bootstrapQueryOptions().queryKey;
      queryClient.setQueryData<Bootstrap | null>(key, (bootstrap) => (bootstrap ? { ...bootstrap, access: 'signed-in', member } : bootstrap));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/**
 * Signing out forgets everything cached: the next member on this browser sees nothing of it.
 * A 401 means the session had already ended, which is what was asked for.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleFetch({ method: 'POST', path: '/console/sign-out', body: {}, anonymous: true }).catch((error: unknown) => {
        if (!(isConsoleError(error) && error.status === 401)) throw error;
      }),
    onSuccess: () => queryClient.removeQueries(),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteRequest) =>
      consoleFetch({ method: 'POST', path: '/console/invitations', body: request, answer: (c) => c.createdInvitationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberListQueryOptions().queryKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => consoleFetch({ method: 'DELETE', path: `/console/invitations/${encodeURIComponent(invitationId)}` }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberListQueryOptions().queryKey }),
  });
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, change }: { memberId: string; change: MemberChangeRequest }) =>
      consoleFetch<MemberListEntry>({
        method: 'PATCH',
        path: `/console/members/${encodeURIComponent(memberId)}`,
        body: change,
        answer: (c) => c.memberListEntrySchema,
      }),
    onSuccess: (_entry, { memberId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: memberListQueryOptions().queryKey }), invalidateIfMe(queryClient, memberId)]),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => consoleFetch({ method: 'DELETE', path: `/console/members/${encodeURIComponent(memberId)}` }),
    onSuccess: (_nothing, memberId) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: memberListQueryOptions().queryKey }), invalidateIfMe(queryClient, memberId)]),
  });
}

/** Signs the member out everywhere; answers how many sessions ended. */
export function useEndMemberSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      consoleFetch({
        method: 'DELETE',
        path: `/console/members/${encodeURIComponent(memberId)}/sessions`,
        answer: (c) => c.endedSessionsSchema,
      }).then((answer) => answer.ended),
    onSuccess: (_ended, memberId) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: deviceListQueryOptions().queryKey }), invalidateIfMe(queryClient, memberId)]),
  });
}

/** Ending this very device's session is signing out: then nothing cached stays, as on sign-out. */
export function useEndDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<Device, 'id' | 'current'>) =>
      consoleFetch({ method: 'DELETE', path: `/console/account/sessions/${encodeURIComponent(device.id)}` }),
    onSuccess: (_nothing, device) =>
      device.current ? queryClient.removeQueries() : queryClient.invalidateQueries({ queryKey: deviceListQueryOptions().queryKey }),
  });
}

/** The server may end the member's other sessions on a new password: the device list is asked again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) =>
      // A wrong current password is the form's answer, not an ended session.
      consoleFetch({ method: 'POST', path: '/console/account/password', body: request, anonymous: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceListQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: accessKeys.signInMethods() }),
      ]),
  });
}

import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bootstrapQueryOptions } from './console';
import type { Bootstrap } from './contract/bootstrap';
import type {
  AcceptInvitationRequest,
  ChangePasswordRequest,
  Device,
  InviteRequest,
  MemberChangeRequest,
  MemberListEntry,
  ProtectRequest,
  SetupRequest,
} from './contract/console-access';
import { consoleFetch, isConsoleError, signedIn } from './console-fetch';

/*
 * The team-access routes' queries and mutations for the dashboard's pages; the requests
 * themselves go through console-fetch.ts.
 */

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

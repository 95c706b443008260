import type * as z from 'zod/mini';
import { DOWNLOAD_FAILED_MESSAGE, loadOnce } from '../lib/load-once';
import type * as AccessContract from './contract/console-access';
import type * as Primitives from './contract/primitives';
import type { Member } from './contract/bootstrap';
import { reportSessionEnded } from './session-ended';
import { ServiceError } from './service-error';

/*
 * The console's own team-access routes (`/console/*`): same origin, the session cookie is the
 * only credential. No query layer here: the sign-in page, a page of its own without the
 * dashboard's libraries, sends its requests through this module too. The schemas come with the
 * first request rather than with this module, which the app shell imports (sign-out, the demo
 * banner): zod stays off the first page load.
 */

/** A refused or failed console request (status 0: no answer at all); see ServiceError. */
export class ConsoleError extends ServiceError {
  override readonly name = 'ConsoleError';

  constructor(
    readonly path: string,
    status: number,
    code: number,
    message: string,
  ) {
    super(status, code, message);
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
    throw new ConsoleError(request.path, 0, 0, DOWNLOAD_FAILED_MESSAGE);
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

/** A route that starts a session (sign-in, setup, an accepted invitation) answers with its member. */
export function signedIn(path: string, body: unknown): Promise<Member> {
  return consoleFetch({ method: 'POST', path, body, answer: (c) => c.signedInSchema, anonymous: true }).then((answer) => answer.member);
}

import type * as z from 'zod/mini';
import type * as Primitives from './contract/primitives';
import { loadAnswerSchema, loadEnvelope } from './answer-checks';
import type { RequestOf, ResponseOf } from './contract';
import { endpoints, type OperationName } from './contract/endpoints';
import { DOWNLOAD_FAILED_MESSAGE } from '../lib/load-once';
import { getConnection, type Connection } from './credentials';
import { reportSessionEnded } from './session-ended';
import { ServiceError } from './service-error';

/**
 * One error for every way an operation can fail: a non-2xx answer, a 2xx answer with
 * `Success: false`, an answer that does not match the contract, or no answer at all
 * (status 0). `field` is the field the service's Message names, when it names one.
 */
export class ApiError extends ServiceError {
  override readonly name = 'ApiError';

  constructor(
    readonly operation: OperationName,
    status: number,
    code: number,
    message: string,
    /**
     * The answer's `Retry-After`, as sent (read with retry-after.ts where a wait is decided: the
     * parsing stays out of the first page load, which every byte of counts).
     */
    readonly retryAfter: string | null = null,
  ) {
    super(status, code, message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A service without the operation (the hosted one lacks the local service's additions) answers
 * 404 naming no field, or 405; a 404 that names one (`SerialNumber: no chatbot with this id`)
 * is the operation's own answer.
 */
export function isMissingOperation(error: unknown): boolean {
  return isApiError(error) && (error.status === 405 || (error.status === 404 && error.field === null));
}

type Envelope = Pick<typeof Primitives, 'envelopeSchema' | 'errorEnvelopeSchema'>;

interface AnswerCheck<Name extends OperationName> {
  envelope: Envelope;
  data: z.ZodMiniType<ResponseOf<Name>>;
}

/**
 * The schemas an operation's answer is checked against. They come with its request instead
 * of with the app's entry chunk (zod and the contract are a large share of it), and download
 * while that request is on the network (src/api/answer-checks.ts).
 */
async function answerCheckFor<Name extends OperationName>(name: Name): Promise<AnswerCheck<Name>> {
  try {
    const [envelope, data] = await Promise.all([loadEnvelope(), loadAnswerSchema(name)]);
    return { envelope, data: data as unknown as z.ZodMiniType<ResponseOf<Name>> };
  } catch {
    throw new ApiError(name, 0, 0, DOWNLOAD_FAILED_MESSAGE);
  }
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /** Overrides the connection, e.g. to ask another chatbot service in a test. */
  connection?: Connection;
  /** Headers of the operation, such as VERSION_SOURCE_HEADER on an Edit. */
  headers?: Record<string, string>;
}

/**
 * Sends an operation and returns the raw Response once it is known to be a success at
 * the HTTP level. Used directly only for the streamed ClientAsk; everything else goes
 * through `apiFetch`. It carries no key: the browser sends the console's session cookie,
 * and the server decides what the member may do and adds the key it holds.
 */
export async function apiRequest<Name extends OperationName>(
  name: Name,
  body: RequestOf<Name>,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const spec = endpoints[name];
  const connection = options.connection ?? getConnection();
  const headers: Record<string, string> = { ...options.headers };
  if (spec.method === 'POST') headers['content-type'] = 'application/json';

  // A test of another address says nothing about the service the app works with.
  const reportsReachability = !options.connection || options.connection.baseUrl === getConnection().baseUrl;
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl}${spec.path}`, {
      method: spec.method,
      headers,
      body: spec.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (reportsReachability) reachabilityListeners.forEach((listener) => listener(false));
    throw new ApiError(name, 0, 0, 'The service could not be reached. Check that it is running and try again.');
  }
  if (reportsReachability) reachabilityListeners.forEach((listener) => listener(true));
  if (!response.ok) {
    const error = await errorFromResponse(name, response);
    // A session that ended (signed out elsewhere, removed, timed out): the app asks to sign in again.
    if (error.status === 401 && !options.connection) reportSessionEnded(error);
    throw error;
  }
  return response;
}

type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();

/**
 * Tells the app shell, after every request to the stored connection, whether the service
 * answered at all (any status) or could not be reached, so it can show that the service is
 * offline and notice when it is back.
 */
export function onReachability(listener: ReachabilityListener): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

async function errorFromResponse(name: OperationName, response: Response): Promise<ApiError> {
  // Without the schemas (their download failed) the HTTP status still tells the failure.
  const [loaded, json] = await Promise.all([loadEnvelope().catch(() => null), response.json().catch(() => null)]);
  const parsed = loaded?.errorEnvelopeSchema.safeParse(json);
  const retryAfter = response.headers.get('retry-after');
  if (parsed?.success) {
    return new ApiError(name, response.status, parsed.data.Code, parsed.data.Message || response.statusText, retryAfter);
  }
  return new ApiError(name, response.status, response.status, `The service answered ${response.status} ${response.statusText}`.trim(), retryAfter);
}

/** Sends an operation, unwraps the envelope and checks the payload against the contract. */
export async function apiFetch<Name extends OperationName>(
  name: Name,
  body: RequestOf<Name>,
  options: ApiRequestOptions = {},
): Promise<ResponseOf<Name>> {
  const check = answerCheckFor(name);
  // Not awaited if the request fails first; the failure of the request is the one to report.
  check.catch(() => undefined);
  const response = await apiRequest(name, body, options);
  const json: unknown = await response.json().catch(() => undefined);
  return unwrapEnvelope(await check, name, response.status, json);
}

/**
 * Each operation's answer schema, built once: building the envelope around Data cost about
 * 20 times its check, once per answer (a 10,000-row import is 10,000 answers).
 */
const answerSchemas = new Map<OperationName, z.ZodMiniType>();

function answerSchemaOf<Name extends OperationName>({ envelope, data }: AnswerCheck<Name>, name: Name): z.ZodMiniType<{ Data: ResponseOf<Name> }> {
  let schema = answerSchemas.get(name);
  if (!schema) {
    schema = envelope.envelopeSchema(data);
    answerSchemas.set(name, schema);
  }
  return schema as z.ZodMiniType<{ Data: ResponseOf<Name> }>;
}

function unwrapEnvelope<Name extends OperationName>(
  check: AnswerCheck<Name>,
  name: Name,
  status: number,
  json: unknown,
): ResponseOf<Name> {
  const envelope = check.envelope.errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new ApiError(name, status, status, `${name} answered with something other than the service's envelope`);
  }
  if (!envelope.data.Success) {
    throw new ApiError(name, status, envelope.data.Code, envelope.data.Message || `${name} failed`);
  }
  const parsed = answerSchemaOf(check, name).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'Data';
    throw new ApiError(name, status, status, `${name} answered an unexpected ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.Data;
}

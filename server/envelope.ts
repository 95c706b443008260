import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION, type Envelope } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { KeyRedactor } from './key-redactor';

export function success<T>(data: T): Envelope<T> {
  return { Data: data, Version: API_VERSION, Success: true, Code: 200, Message: '' };
}

export function failure(code: number, message: string): Envelope<null> {
  return { Data: null, Version: API_VERSION, Success: false, Code: code, Message: message };
}

/**
 * A failure meant for the caller: its status becomes both the HTTP status and Code, and
 * its message (which names the field, `serialNumber: no chatbot with this id`) is sent as is.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    message: string,
    /** For a 429: whole seconds until the same request can pass, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
export const unauthorized = (message: string) => new ServiceError(401, message);
export const notFound = (message: string) => new ServiceError(404, message);
/**
 * A limit is reached. `retryAfterMs`, when the limit knows it, is how long until the same request
 * would pass (never: left out): sent as `Retry-After` (RFC 9110) in whole seconds, at least 1, so a client that
 * honours it neither asks again too soon nor waits on a guess.
 */
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new ServiceError(429, message, retryAfterMs === undefined || !Number.isFinite(retryAfterMs) ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000)));

const MEGABYTE = 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes % MEGABYTE === 0 ? `${bytes / MEGABYTE} MB` : `${Math.round(bytes / 1024)} KB`;
}

const INTERNAL_ERROR = 'The service failed to handle this request. Try again; if it keeps failing, check the service log.';

/** Turns anything thrown while handling a request into the status and Message to send. */
export function describeError(error: FastifyError | ServiceError | Error, request: FastifyRequest): { status: number; message: string } {
  if (error instanceof ServiceError) return { status: error.status, message: error.message };
  const code = 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `The request body is larger than the limit of ${sizeText(request.routeOptions.bodyLimit ?? MEGABYTE)}.` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Content-Type: must be application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is empty; send a JSON object.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The request body does not match its Content-Length.' };
  }
  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  if (error instanceof SyntaxError && statusCode === 400) {
    return { status: 400, message: 'The request body is not valid JSON.' };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: error.message };
  }
  return { status: 500, message: INTERNAL_ERROR };
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request address is not a valid URL (check its percent-encoding).',
  FST_ERR_MAX_PARAM_LENGTH: 'The request address is too long.',
};

/**
 * Fastify's `frameworkErrors`: what it refuses before routing (a malformed address) gets the
 * envelope too, not Fastify's own error object. The address is not repeated: it may carry a token.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // Sent before any hook ran, so without helmet's headers: the one that matters for JSON is set here.
  void reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .send(failure(status, FRAMEWORK_MESSAGES[error.code] ?? 'The request cannot be routed.'));
}

/** The path without its query string, so an upload token never reaches a message or a log. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const API_PREFIXES = ['/chat/', '/files/', '/console/', '/api-docs/', '/widget/'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

const OPERATION_METHODS = new Map<string, string>(Object.values(operations).map((spec) => [spec.path, spec.method]));

/** A function that replaces every occurrence of the given keys (in any spelling) with [redacted]. */
export function secretScrubber(keys: readonly string[]): (text: string) => string {
  const redactor = new KeyRedactor(keys);
  return (text) => redactor.text(text);
}

export interface EnvelopeOptions {
  /** Blanks the server's keys out of a Message (a refused value may quote one). */
  scrub?: (text: string) => string;
  /** Answers GET requests outside the API (the single-page app); false when it did not. */
  serveApp?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** Every error and every unknown route answers the envelope, with HTTP status == Code. */
export function installEnvelopeHandlers(app: FastifyInstance, options: EnvelopeOptions = {}): void {
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    const { status, message } = describeError(error, request);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof ServiceError && error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(status).send(failure(status, options.scrub ? options.scrub(message) : message));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && options.serveApp) {
      if (await options.serveApp(request, reply)) return reply;
    }
    const method = OPERATION_METHODS.get(path);
    if (method && method !== request.method) {
      return reply.code(405).header('allow', method).send(failure(405, `${path} accepts ${method} only`));
    }
    const message = `No operation at ${request.method} ${path}`;
    return reply.code(404).send(failure(404, options.scrub ? options.scrub(message) : message));
  });
}

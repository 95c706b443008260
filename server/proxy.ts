import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECRET_KEY_HEADER, SESSION_KEY_HEADER, type OperationName, type OperationSpec } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import type { UpstreamConfig } from './config';
import { failure, pathOf, ServiceError, success } from './envelope';
import { KeyRedactor } from './key-redactor';
import { decodeUtf8Body } from './utf8-body';

export const PROXY_BODY_LIMIT = 1024 * 1024;

/** The only headers of the hosted service's answer that reach the browser; cookies and the rest stay behind. */
export const RELAYED_HEADERS = ['content-type', 'cache-control', 'retry-after'] as const;

/**
 * The headers sent to the hosted service. The keys are the request's as the console guard
 * left them: a signed-in member's carry the server's UPSTREAM_SECRET_KEY / UPSTREAM_SESSION_KEY
 * (put there by server/console/guard.ts, whatever the page sent); an API client's carry its
 * own, and the server's keys are never lent to a request without a console session.
 */
export function upstreamHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const pass = (name: string, value: string | string[] | null | undefined) => {
    if (typeof value === 'string' && value !== '') headers[name] = value;
  };
  pass('content-type', request.headers['content-type']);
  pass('accept', request.headers.accept);
  pass(SECRET_KEY_HEADER, request.headers[SECRET_KEY_HEADER]);
  pass(SESSION_KEY_HEADER, request.headers[SESSION_KEY_HEADER]);
  return headers;
}

/**
 * Where an operation goes upstream: its contract path under UPSTREAM_URL (which may carry a
 * base path), built with the URL API from the registry, never from the request's own path.
 */
export function upstreamAddress(upstreamUrl: string, spec: Pick<OperationSpec, 'path'>): URL {
  const base = new URL(upstreamUrl.endsWith('/') ? upstreamUrl : `${upstreamUrl}/`);
  return new URL(spec.path.replace(/^\/+/, ''), base);
}

/** The chatbot a GetSession body names (the console guard has checked and rewritten it). */
function chatbotIdOfBody(body: unknown): string | null {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { serialNumber?: unknown };
    return typeof parsed.serialNumber === 'string' ? parsed.serialNumber.trim() : null;
  } catch {
    return null;
  }
}

/** A reason phrase fit to relay: printable ASCII only, keys redacted. */
function statusTextOf(text: string, redactor: KeyRedactor): string | undefined {
  return /^[\x20-\x7e]{1,100}$/.test(text) ? redactor.text(text) : undefined;
}

function relayedHeaders(answer: Response, redactor: KeyRedactor): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers[name] = redactor.text(value);
  }
  if (headers['content-type']?.startsWith('text/event-stream')) headers['x-accel-buffering'] = 'no';
  return headers;
}

export interface ProxyOptions {
  /** A chat session a signed-in member opened upstream (GetSession), so their questions in it are held to its chatbot's grant. */
  onChatSession(sessionId: number, chatbotId: string): void;
  /** The operations whose answers onAnswered reads (the writes the activity record keeps); their answers are read whole, then relayed. */
  answersRead: readonly OperationName[];
  onAnswered(request: FastifyRequest, name: OperationName, status: number, text: string): void;
  /** The Data of an operation the console answers itself (the settings history), or undefined to forward it. */
  answerHere(request: FastifyRequest, name: OperationName): unknown;
}

/** The session a GetSession answer opened, from its envelope; null when it opened none. */
function openedSessionOf(text: string): number | null {
  try {
    const answer = JSON.parse(text) as { Success?: unknown; Data?: { SessionID?: unknown } };
    const id = answer.Success === true ? answer.Data?.SessionID : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: URL,
  redactor: KeyRedactor,
  onAnswer?: (text: string, status: number) => void,
): Promise<FastifyReply> {
  const controller = new AbortController();
  const response = reply.raw;
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });

  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers: upstreamHeaders(request),
      body: Buffer.isBuffer(request.body) && request.method !== 'GET' ? new Uint8Array(request.body) : undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
  } catch (error) {
    if (controller.signal.aborted) return reply.hijack();
    request.log.warn({ err: error }, 'the hosted service could not be reached');
    throw new ServiceError(502, 'The hosted service (UPSTREAM_URL) could not be reached. Check the address and your network, then try again.');
  }

  reply.hijack();
  const statusText = statusTextOf(answer.statusText, redactor);
  const headers = relayedHeaders(answer, redactor);
  if (statusText === undefined) response.writeHead(answer.status, headers);
  else response.writeHead(answer.status, statusText, headers);
  if (!answer.body) {
    onAnswer?.('', answer.status);
    response.end();
    return reply;
  }
  if (onAnswer) {
    // A small JSON answer the console reads before relaying it (GetSession's session id, a write's activity entry).
    const text = redactor.text(await answer.text());
    onAnswer(text, answer.status);
    response.end(text);
    return reply;
  }
  try {
    // Redacted as it streams: a key split across two network chunks is still caught.
    await pipeline(Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>), redactor.stream(), response);
  } catch (error) {
    if (!controller.signal.aborted) request.log.warn({ err: error }, 'relaying the hosted service\'s answer failed');
    if (!response.destroyed) response.destroy();
  }
  return reply;
}

/**
 * Proxy mode: each operation of the contract's registry, and nothing else, goes to
 * UPSTREAM_URL with its method, its body and the headers above. The request's address must
 * be the operation's path exactly (no query, no other spelling of it); any other address under
 * /chat/ is answered here with 404 and never leaves the machine. The answer comes back as it
 * arrives, so a streamed ClientAsk reaches the browser fragment by fragment, with every
 * server-held key replaced by [redacted] in its status text, headers and body.
 */
export function registerProxy(app: FastifyInstance, upstream: UpstreamConfig, options: ProxyOptions): void {
  const redactor = new KeyRedactor([upstream.secretKey, upstream.sessionKey]);
  app.register(async (proxy) => {
    // The bytes are forwarded as they came, and the hosted service judges them; only JSON (or
    // no Content-Type, as the interface's examples send) in valid UTF-8 is taken, so no form
    // or text/plain post from a page rides on the server's keys.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (request, body, done) => {
      const type = request.headers['content-type'];
      if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
        return done(new ServiceError(415, 'Content-Type: must be application/json'), undefined);
      }
      const decoded = decodeUtf8Body(body as Buffer);
      return 'error' in decoded ? done(decoded.error, undefined) : done(null, body);
    });

    for (const name of Object.keys(operations) as OperationName[]) {
      const spec = operations[name];
      const target = upstreamAddress(upstream.url, spec);
      proxy.route({
        method: spec.method,
        url: spec.path,
        handler: async (request, reply) => {
          // The router also matches percent-encoded spellings of the path and ignores the query.
          if (request.raw.url !== spec.path) {
            const message = `No operation at ${request.method} ${pathOf(request.raw.url ?? '')}: the proxy forwards ${spec.path} as written, without a query`;
            return reply.code(404).send(failure(404, message));
          }
          const answered = options.answerHere(request, name);
          if (answered !== undefined) return reply.send(success(answered));
          const chatbotId = spec.path === operations.GetSession.path && request.signedIn ? chatbotIdOfBody(request.body) : null;
          const recorded = options.answersRead.includes(name);
          const onAnswer =
            chatbotId === null && !recorded
              ? undefined
              : (text: string, status: number) => {
                  const sessionId = chatbotId === null ? null : openedSessionOf(text);
                  if (sessionId !== null) options.onChatSession(sessionId, chatbotId!);
                  if (recorded) options.onAnswered(request, name, status, text);
                };
          return forward(request, reply, target, redactor, onAnswer);
        },
      });
    }
  });
}

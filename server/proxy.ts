import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECRET_KEY_HEADER, SESSION_KEY_HEADER } from '../src/api/contract';
import type { UpstreamConfig } from './config';
import { ServiceError } from './envelope';

export const PROXY_BODY_LIMIT = 1024 * 1024;

/**
 * The headers sent to the hosted service. Keys the server holds replace the browser's, so
 * with UPSTREAM_SECRET_KEY / UPSTREAM_SESSION_KEY set a browser's own keys never leave
 * this machine; without them the browser's keys pass through.
 */
export function upstreamHeaders(request: FastifyRequest, upstream: UpstreamConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const pass = (name: string, value: string | string[] | null | undefined) => {
    if (typeof value === 'string' && value !== '') headers[name] = value;
  };
  pass('content-type', request.headers['content-type']);
  pass('accept', request.headers.accept);
  pass(SECRET_KEY_HEADER, upstream.secretKey ?? request.headers[SECRET_KEY_HEADER]);
  pass(SESSION_KEY_HEADER, upstream.sessionKey ?? request.headers[SESSION_KEY_HEADER]);
  return headers;
}

/**
 * Proxy mode: every /chat/* request goes to UPSTREAM_URL with its method, body and the
 * headers above; the answer (status, content type, body) comes back as it arrives, so a
 * streamed ClientAsk reaches the browser fragment by fragment.
 */
export function registerProxy(app: FastifyInstance, upstream: UpstreamConfig): void {
  app.register(async (proxy) => {
    // Forward the bytes as they came; the hosted service judges them.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, body, done) => done(null, body));

    proxy.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/chat/*',
      handler: async (request, reply) => {
        const controller = new AbortController();
        const response = reply.raw;
        response.on('close', () => {
          if (!response.writableFinished) controller.abort();
        });

        let answer: Response;
        try {
          answer = await fetch(`${upstream.url}${request.url}`, {
            method: request.method,
            headers: upstreamHeaders(request, upstream),
            body: Buffer.isBuffer(request.body) && request.method !== 'GET' ? new Uint8Array(request.body) : undefined,
            signal: controller.signal,
            redirect: 'manual',
          });
        } catch (error) {
          if (controller.signal.aborted) return reply.hijack();
          request.log.warn({ err: error }, 'the hosted service could not be reached');
          throw new ServiceError(502, 'The hosted service (UPSTREAM_URL) could not be reached. Check the address and your network, then try again.');
        }

        const headers: Record<string, string> = {};
        const contentType = answer.headers.get('content-type');
        if (contentType) headers['content-type'] = contentType;
        const cacheControl = answer.headers.get('cache-control');
        if (cacheControl) headers['cache-control'] = cacheControl;
        if (contentType?.startsWith('text/event-stream')) headers['x-accel-buffering'] = 'no';

        reply.hijack();
        response.writeHead(answer.status, headers);
        if (!answer.body) {
          response.end();
          return reply;
        }
        try {
          await pipeline(Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>), response);
        } catch (error) {
          if (!controller.signal.aborted) request.log.warn({ err: error }, 'relaying the hosted service\'s answer failed');
          if (!response.destroyed) response.destroy();
        }
        return reply;
      },
    });
  });
}

import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, request as httpRequest } from 'node:http';
import { registerStatic } from '../server/static';
import { median } from './stats';

/*
 * A host on the loopback for a bench-only page built outside the app (the react-admin peer,
 * bench/react-admin): its own origin, so that Lighthouse's Chromium can load it by address as it
 * loads ours. Its files are served by the service's own static file code (server/static.ts:
 * pre-compressed brotli, the same headers), and what it asks of the service at /chat/* is
 * forwarded to the running service byte for byte, on a kept-alive connection. The forward is one
 * more loopback hop, in Node at full speed, on the peer's one list request: measured beside the
 * figures (forwardCost), it is a fraction of a millisecond against loads of a second or more.
 */

export interface PeerHost {
  url: string;
  /** A small page of the host's origin, to open before a timed load (see ListingsPage in measure-browser.ts). */
  warmUp: string;
  close(): Promise<void>;
}

/** The operations' prefix (src/api/contract/endpoints.ts): what the peer page asks the service. */
const FORWARDED_PREFIX = '/chat/';
const WARM_UP_PATH = '/bench-host/ready';

/** `routes`: what else the page asks of its own origin (the flowise-embed peer's apiHost: bench/flowise-peer.ts). */
export async function startPeerHost(distDir: string, serviceURL: string, routes?: (app: FastifyInstance) => void): Promise<PeerHost> {
  const service = new URL(serviceURL);
  const agent = new Agent({ keepAlive: true });
  const app = Fastify({ logger: false });
  // Bodies are forwarded as they came: no parser reads them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.route({
    method: ['GET', 'POST'],
    url: `${FORWARDED_PREFIX}*`,
    handler: (request, reply) => {
      reply.hijack();
      const upstream = httpRequest(
        { agent, host: service.hostname, port: service.port, method: request.method, path: request.url, headers: { ...request.headers, host: service.host } },
        (answer) => {
          reply.raw.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(reply.raw);
        },
      );
      upstream.on('error', (error) => reply.raw.destroy(error));
      request.raw.pipe(upstream);
    },
  });
  app.get(WARM_UP_PATH, async () => 'ok');
  routes?.(app);
  registerStatic(app, distDir);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The peer host has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    warmUp: `http://127.0.0.1:${address.port}${WARM_UP_PATH}`,
    close: async () => {
      await app.close();
      agent.destroy();
    },
  };
}

/** One request's time to its last byte, in ms. */
async function requestMs(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * What the forward adds to one request: the median time of `path` straight from the service
 * and through the host, asked in turns so that the machine's noise falls on both alike.
 */
export async function forwardCost(host: PeerHost, serviceURL: string, path: string, init: RequestInit, requests = 30): Promise<{ directMs: number; forwardedMs: number }> {
  const direct: number[] = [];
  const forwarded: number[] = [];
  // One untimed request each way first: connections opened, the query's statement prepared.
  for (let index = -1; index < requests; index += 1) {
    const directTime = await requestMs(`${serviceURL}${path}`, init);
    const forwardedTime = await requestMs(`${host.url}${path}`, init);
    if (index < 0) continue;
    direct.push(directTime);
    forwarded.push(forwardedTime);
  }
  return { directMs: median(direct), forwardedMs: median(forwarded) };
}

import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { TestApp } from './test-support';

/** What reached the stand-in hosted service. */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type FakeUpstream = Awaited<ReturnType<typeof startUpstream>>;

/** Asked for by the Detail's serialNumber: answers that quote the key the request carried, as some services do. */
export const QUOTING_BOTS = {
  json: 'quote-key-json',
  plain: 'quote-key-plain',
} as const;

/** Asked for by a ClientAsk's content: a stream whose key is split across two network chunks. */
export const SPLIT_KEY_QUESTION = 'split the key';

/**
 * A stand-in for the hosted service, for the proxy's service tests: records every request that
 * reaches it (a refused one must not), and answers like it, or in the hostile ways above.
 */
export async function startUpstream() {
  const seen: Seen[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const upstream: FastifyInstance = Fastify();
  // Record everything, whatever its type: the tests check that nothing refused arrives.
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(null, body);
    }
  });
  upstream.post('/chat/Chat/ClientAsk', async (request, reply) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
    const key = String(request.headers.authorization ?? '');
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    if ((request.body as { content?: string } | undefined)?.content === SPLIT_KEY_QUESTION) {
      const half = Math.floor(key.length / 2);
      reply.raw.write(`data: {"content":"Your key ${key.slice(0, half)}`);
      await sleep(50);
      reply.raw.write(`${key.slice(half)} is noted"}\n\n`);
      await sleep(50);
      reply.raw.end(`data: {"QuestionID":1,"AnswerID":2,"Answer":"Your key ${key} is noted","TotalToken":3}\n\n`);
      return;
    }
    reply.raw.write('data: {"content":"Hello "}\n\n');
    // The rest only once the test has seen the first fragment arrive through the proxy.
    await released;
    reply.raw.write('data: {"content":"there"}\n\n');
    reply.raw.end('data: {"QuestionID":1,"AnswerID":2,"Answer":"Hello there","TotalToken":3}\n\n');
  });

  upstream.all('/*', async (request, reply) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
    const key = String(request.headers.authorization ?? '');
    const serialNumber = (request.body as { serialNumber?: string } | undefined)?.serialNumber;
    if (serialNumber === QUOTING_BOTS.json) {
      reply.raw.statusMessage = `Key ${key} refused`;
      return reply
        .code(401)
        .header('set-cookie', `session=${key}`)
        .header('x-debug-key', key)
        .header('www-authenticate', `Bearer ${key}`)
        .send({ Data: null, Version: 'up', Success: false, Code: 401, Message: `Authorization ${key} is not valid`, Echo: JSON.stringify({ key }) });
    }
    if (serialNumber === QUOTING_BOTS.plain) {
      return reply
        .code(500)
        .type('text/plain')
        .send(`bad key ${key}\nencoded: ${encodeURIComponent(key)}\nescaped: ${JSON.stringify(key)}`);
    }
    if (request.headers.authorization === 'refuse-me') {
      return reply.code(401).send({ Data: null, Version: 'up', Success: false, Code: 401, Message: 'Authorization: rejected upstream' });
    }
    return { Data: { echoed: true }, Version: 'up', Success: true, Code: 200, Message: '' };
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const address = upstream.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { upstream, seen, release, url: `http://127.0.0.1:${port}` };
}

/**
 * A fresh stand-in for every test of the file, released and closed after it together with
 * the apps the test started (`track`).
 */
export function standInPerTest() {
  let current: FakeUpstream | null = null;
  let running: TestApp[] = [];
  beforeEach(async () => {
    current = await startUpstream();
  });
  afterEach(async () => {
    current?.release();
    await Promise.all(running.map((started) => started.close()));
    running = [];
    await current?.upstream.close();
  });
  return {
    get fake(): FakeUpstream {
      if (!current) throw new Error('the stand-in upstream runs only inside a test');
      return current;
    },
    track(started: TestApp): void {
      running.push(started);
    },
  };
}

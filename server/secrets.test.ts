// @vitest-environment node
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type OperationName } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { BOT, ownerSession, startTestApp, type TestApp } from './test-support';

/**
 * Keys never reach a log line (at the most verbose level) or an answer's Message, whatever
 * the request: accepted, refused (401, 400, 404, 413, 415), proxied or failing upstream.
 */

const SERVER_SECRET = 'sk-server-secret-0123456789';
const SERVER_SESSION = 'sess-server-session-0123456789';
const BROWSER_SECRET = 'sk-browser-secret-9876543210';
const BROWSER_SESSION = 'sess-browser-session-9876543210';
const WRONG_KEY = 'sk-wrong-key-5555555555';

let running: TestApp[] = [];
let upstream: FastifyInstance | undefined;
afterEach(async () => {
  await Promise.all(running.map((started) => started.close()));
  running = [];
  await upstream?.close();
  upstream = undefined;
});

async function startLogged(options: Parameters<typeof startTestApp>[0]) {
  const lines: string[] = [];
  const started = await startTestApp({ logLevel: 'trace', logStream: { write: (line) => void lines.push(line) }, ...options });
  running.push(started);
  return { app: started.app, dataDir: started.dataDir, log: () => lines.join('') };
}

/**
 * Requests carrying keys every way a client might: right, wrong, in headers, bodies, field
 * names, and (`inPath`) in the address, which only keys the server knows can be blanked from.
 */
function requestsWith(secret: string, session: string, { inPath }: { inPath: boolean }): InjectOptions[] {
  const requests: InjectOptions[] = [];
  const names = Object.keys(operations) as OperationName[];
  for (const name of names) {
    const { method, path } = operations[name];
    // The chatbot in the field each operation names it by, so a member's request passes its checks.
    const payload = method === 'POST' ? { [path.includes('RealEstate') ? 'SerialNumber' : 'serialNumber']: BOT } : undefined;
    requests.push({ method, url: path, headers: { authorization: secret, 'chatrobot-sessionkey': session }, payload });
    requests.push({ method, url: path, headers: { authorization: WRONG_KEY, 'chatrobot-sessionkey': WRONG_KEY }, payload });
  }
  const both = { authorization: secret, 'chatrobot-sessionkey': session, cookie: `key=${secret}`, 'x-api-key': secret };
  requests.push(
    // A key as a value the Message quotes, as a field name, in a malformed body, in the path.
    { method: 'POST', url: operations.Edit.path, headers: both, payload: { serialNumber: BOT, Model: secret } },
    { method: 'POST', url: operations.Detail.path, headers: both, payload: { serialNumber: BOT, [session]: 1 } },
    { method: 'POST', url: operations.Detail.path, headers: both, payload: `{"serialNumber": "${secret}"` },
    { method: 'POST', url: operations.Detail.path, headers: { ...both, 'content-type': 'text/plain' }, payload: secret },
    { method: 'POST', url: operations.Detail.path, headers: both, payload: { serialNumber: secret.repeat(40_000) } },
  );
  if (inPath) {
    requests.push({ method: 'POST', url: `/chat/Chatbot/${secret}`, headers: both, payload: {} }, { method: 'GET', url: `/files/1/${session}`, headers: both });
  }
  return requests;
}

function expectNoKey(text: string, keys: readonly string[]) {
  for (const key of keys) expect({ key, found: text.includes(key) }).toEqual({ key, found: false });
}

describe('keys in logs and answers', () => {
  it('local service: no key in any log line or Message, at log level trace', async () => {
    const { app, log } = await startLogged({ secretKey: SERVER_SECRET, sessionKey: SERVER_SESSION });
    const answers: string[] = [];
    const statuses = new Set<number>();
    for (const request of requestsWith(SERVER_SECRET, SERVER_SESSION, { inPath: true })) {
      const response = await app.inject(request);
      statuses.add(response.statusCode);
      answers.push(response.body);
    }
    // Accepted and refused requests of every kind were sent.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404, 413, 415]));
    expect(log()).toContain('incoming request');
    expectNoKey(log(), [SERVER_SECRET, SERVER_SESSION, WRONG_KEY]);
    expectNoKey(answers.join('\n'), [SERVER_SECRET, SERVER_SESSION]);
  });

  it('proxy mode: neither the browser\'s keys nor the server\'s reach a log line; the browser\'s never go upstream', async () => {
    const seen: Array<Record<string, unknown>> = [];
    upstream = Fastify();
    upstream.all('/chat/*', async (request, reply) => {
      seen.push(request.headers);
      if (request.url.includes('Detail')) return reply.code(401).send({ Data: null, Version: 'up', Success: false, Code: 401, Message: 'refused' });
      return { Data: 1, Version: 'up', Success: true, Code: 200, Message: '' };
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const address = upstream.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const { app, log, dataDir } = await startLogged({ upstream: { url, secretKey: SERVER_SECRET, sessionKey: SERVER_SESSION, chatbotIds: [] } });
    // A signed-in member's requests: the browser's keys are dropped and the server's go up.
    const member = await ownerSession({ app, dataDir, close: async () => undefined });
    const answers: string[] = [];
    for (const request of requestsWith(BROWSER_SECRET, BROWSER_SESSION, { inPath: false })) {
      answers.push((await app.inject({ ...request, headers: { ...request.headers, ...member } })).body);
    }
    // Every operation but the three the console answers itself for members (Detail, Versions, VersionDetail).
    expect(seen.length).toBeGreaterThan(8);
    for (const headers of seen) {
      expect(headers.authorization).toBe(SERVER_SECRET);
      expect(headers['chatrobot-sessionkey']).toBe(SERVER_SESSION);
      expectNoKey(JSON.stringify(headers), [BROWSER_SECRET, BROWSER_SESSION, WRONG_KEY]);
    }
    expectNoKey(log(), [SERVER_SECRET, SERVER_SESSION, BROWSER_SECRET, BROWSER_SESSION, WRONG_KEY]);
    expectNoKey(answers.join('\n'), [SERVER_SECRET, SERVER_SESSION]);

    // The hosted service unreachable: the failure is logged, still without a key.
    await upstream.close();
    upstream = undefined;
    const failed = await app.inject({ method: 'POST', url: operations.Detail.path, headers: { authorization: BROWSER_SECRET }, payload: {} });
    expect(failed.statusCode).toBe(502);
    expect(log()).toContain('the hosted service could not be reached');
    expectNoKey(log() + failed.body, [SERVER_SECRET, SERVER_SESSION, BROWSER_SECRET, BROWSER_SESSION]);
  });
});

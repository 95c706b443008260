// @vitest-environment node
import * as z from 'zod/mini';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSION, errorEnvelopeSchema, type OperationName } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { bootstrapSchema } from '../src/api/contract/bootstrap';
import { buildApp } from './app';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY } from './config';
import { BOT, call, credentialsFor, failing, ok, SECRET, SESSION, startTestApp, temporaryDir, type TestApp } from './test-support';

let running: TestApp[] = [];
async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(options);
  running.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(running.map((started) => started.close()));
  running = [];
});

function expectErrorEnvelope(status: number, body: string, code = status) {
  const envelope = errorEnvelopeSchema.parse(JSON.parse(body));
  expect(envelope).toMatchObject({ Data: null, Version: API_VERSION, Success: false, Code: code });
  expect(envelope.Message).not.toBe('');
  return envelope.Message;
}

describe('the envelope on every kind of error', () => {
  it('answers an unknown route with 404 and names the path', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'POST', url: '/chat/Chatbot/Nope', headers: SECRET, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(expectErrorEnvelope(404, response.body)).toBe('No operation at POST /chat/Chatbot/Nope');
  });

  it('answers a malformed address (bad percent-encoding) with the envelope, without echoing it', async () => {
    const { app } = await start();
    for (const url of ['/chat/Chatbot/Detail%', '/chat/%E0%A4%A', '/files/upload/1%?token=secret-token']) {
      const response = await app.inject({ method: 'POST', url, headers: SECRET, payload: {} });
      expect(response.statusCode).toBe(400);
      const message = expectErrorEnvelope(400, response.body);
      expect(message).toBe('The request address is not a valid URL (check its percent-encoding).');
    }
  });

  it('answers a known path with the wrong method with 405 and the method to use', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: operations.Edit.path, headers: SECRET });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(expectErrorEnvelope(405, response.body)).toBe('/chat/Chatbot/Edit accepts POST only');
  });

  it('answers a body over 1 MB with 413', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: operations.Edit.path,
      headers: { ...SECRET, 'content-type': 'application/json' },
      payload: JSON.stringify({ serialNumber: BOT, SystemMessage: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(expectErrorEnvelope(413, response.body)).toBe('The request body is larger than the limit of 1 MB.');
  });

  it('answers malformed JSON with 400', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: operations.Detail.path,
      headers: { ...SECRET, 'content-type': 'application/json' },
      payload: '{"serialNumber": "demo-bot",',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorEnvelope(400, response.body)).toBe('The request body is not valid JSON.');
  });

  it('refuses prototype-polluting keys with 400', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: operations.Detail.path,
      headers: { ...SECRET, 'content-type': 'application/json' },
      payload: '{"serialNumber": "demo-bot", "__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    // Fastify's parser reports it as invalid JSON, without saying which key.
    expect(expectErrorEnvelope(400, response.body)).toBe('The request body is not valid JSON.');
  });

  it('answers an empty JSON body and a body that is not an object with 400', async () => {
    const { app } = await start();
    const empty = await app.inject({ method: 'POST', url: operations.Detail.path, headers: { ...SECRET, 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(expectErrorEnvelope(400, empty.body)).toBe('The request body is empty; send a JSON object.');

    const array = await app.inject({ method: 'POST', url: operations.Detail.path, headers: SECRET, payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(expectErrorEnvelope(400, array.body)).toBe('The request body must be a JSON object.');
  });

  it('refuses a content type other than JSON with 415 naming Content-Type', async () => {
    const { app } = await start();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await app.inject({
        method: 'POST',
        url: operations.Detail.path,
        headers: { ...SECRET, 'content-type': contentType },
        payload: JSON.stringify({ serialNumber: BOT }),
      });
      expect(response.statusCode).toBe(415);
      expect(expectErrorEnvelope(415, response.body)).toBe('Content-Type: must be application/json');
    }
  });

  it('reads a body without Content-Type as JSON, as the interface examples send it', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: operations.Detail.path,
      headers: SECRET,
      payload: Buffer.from(JSON.stringify({ serialNumber: BOT })),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Success: true, Data: { serialNumber: BOT } });
  });

  it('answers an uncaught exception with a generic 500 and no stack', async () => {
    const dataDir = temporaryDir();
    const app = await buildApp({ dataDir, logLevel: 'silent', distDir: join(dataDir, 'none') });
    app.post('/chat/Test/Explode', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/chat/Test/Explode', headers: SECRET, payload: {} });
      expect(response.statusCode).toBe(500);
      const message = expectErrorEnvelope(500, response.body);
      expect(message).toMatch(/failed to handle this request/);
      expect(response.body).not.toContain('secret internals');
      expect(response.body).not.toContain('.ts');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the offending field of an invalid body', async () => {
    const { app } = await start();
    expect(await failing(app, 'Edit', { serialNumber: BOT, TalkToHumanEmail: 'nobody' }, 400)).toBe(
      'TalkToHumanEmail: must be an e-mail address such as name@example.com',
    );
    expect(await failing(app, 'Edit', { serialNumber: BOT, Bogus: 1 }, 400)).toBe('Bogus: is not a field of this operation');
    expect(await failing(app, 'Detail', {}, 400)).toBe('serialNumber: is required');
  });
});

describe('credentials', () => {
  const secretOperations: OperationName[] = ['Edit', 'Detail', 'GetSession', 'ModelList', 'ClientAsk', 'GetPreUploadUrl', 'ConfirmUpload'];
  const eitherOperations: OperationName[] = ['RealEstateCreate', 'RealEstateUpdate', 'RealEstateDelete'];

  it('every operation states the credential the brief gives it', () => {
    for (const name of secretOperations) expect(operations[name].credential).toBe('secret');
    for (const name of eitherOperations) expect(operations[name].credential).toBe('secretOrSession');
    expect(operations.RealEstateList.credential).toBe('session');
  });

  it.each(secretOperations)('%s needs the secret key in Authorization', async (name) => {
    const { app } = await start();
    const message = 'Authorization: the secret key is missing or wrong';
    expect(await failing(app, name, {}, 401, {})).toBe(message);
    expect(await failing(app, name, {}, 401, { authorization: 'wrong' })).toBe(message);
    // The session key does not open the secret operations.
    expect(await failing(app, name, {}, 401, { ...SESSION })).toBe(message);
  });

  it('RealEstateList needs the session key in chatrobot-sessionkey', async () => {
    const { app } = await start();
    const message = 'chatrobot-sessionkey: the session key is missing or wrong';
    const body = { SerialNumber: BOT };
    expect(await failing(app, 'RealEstateList', body, 401, {})).toBe(message);
    expect(await failing(app, 'RealEstateList', body, 401, { 'chatrobot-sessionkey': 'wrong' })).toBe(message);
    expect(await failing(app, 'RealEstateList', body, 401, { ...SECRET })).toBe(message);
    expect((await ok(app, 'RealEstateList', body, { ...SESSION })).List.length).toBeGreaterThan(0);
  });

  it.each(eitherOperations)('%s takes either key, and names the header that failed', async (name) => {
    const { app } = await start();
    expect(await failing(app, name, {}, 401, {})).toMatch(/^Authorization: the secret key is missing or wrong/);
    expect(await failing(app, name, {}, 401, { authorization: 'wrong' })).toMatch(/^Authorization:/);
    expect(await failing(app, name, {}, 401, { 'chatrobot-sessionkey': 'wrong' })).toBe(
      'chatrobot-sessionkey: the session key is missing or wrong',
    );
    // Accepted credentials get as far as validating the (empty) body.
    expect(await failing(app, name, {}, 400, { ...SECRET })).toMatch(/^SerialNumber: /);
    expect(await failing(app, name, {}, 400, { ...SESSION })).toMatch(/^SerialNumber: /);
  });

  it('checks credentials before reading the body', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: operations.Edit.path,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
  });

  it('uses the configured keys, not the demo ones', async () => {
    const { app } = await start({ secretKey: 'custom-secret', sessionKey: 'custom-session' });
    await failing(app, 'ModelList', undefined, 401, { authorization: DEMO_SECRET_KEY });
    expect(await ok(app, 'ModelList', undefined, { authorization: 'custom-secret' })).not.toHaveLength(0);
    await failing(app, 'RealEstateList', { SerialNumber: BOT }, 401, { 'chatrobot-sessionkey': DEMO_SESSION_KEY });
    await ok(app, 'RealEstateList', { SerialNumber: BOT }, { 'chatrobot-sessionkey': 'custom-session' });
  });

  it('accepts each credential as every operation lists it', async () => {
    const { app } = await start();
    for (const name of Object.keys(operations) as OperationName[]) {
      const { status } = await call(app, name, {}, credentialsFor(name));
      expect(status, name).not.toBe(401);
    }
  });
});

describe('console endpoints', () => {
  it('bootstrap of a demo start offers the demo sign-in; signed in, it lists every seeded chatbot and no key', async () => {
    const { app } = await start({ extraChatbotIds: ['e2e-a', 'e2e-b'], secretKey: 'my-own-secret', sessionKey: 'my-own-session' });
    const response = await app.inject({ method: 'GET', url: '/console/bootstrap' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'local', access: 'demo', member: null, chatbotIds: [], sso: false });
    const signIn = await app.inject({ method: 'POST', url: '/console/demo-sign-in', payload: {} });
    const cookie = signIn.cookies.map((each) => `${each.name}=${each.value}`).join('; ');
    const signedIn = await app.inject({ method: 'GET', url: '/console/bootstrap', headers: { cookie } });
    expect(signedIn.json()).toMatchObject({ mode: 'local', access: 'signed-in', chatbotIds: [BOT, `${BOT}-staging`, 'e2e-a', 'e2e-b'] });
    // What the app reads it with, to the last field.
    expect(z.strictObject(bootstrapSchema.shape).parse(signedIn.json())).toEqual(signedIn.json());
    for (const body of [response.body, signIn.body, signedIn.body]) {
      expect(body).not.toContain('my-own');
      expect(body).not.toContain(DEMO_SECRET_KEY);
      expect(body).not.toContain(DEMO_SESSION_KEY);
    }
  });

  it('health answers ok', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/console/health' });
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('the built app', () => {
  function makeDist(root: string) {
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>realty-bot console</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.warn("app")');
    return dist;
  }

  it('serves files from dist and index.html for app routes', async () => {
    const dataDir = temporaryDir();
    const { app } = await start({ dataDir, distDir: makeDist(dataDir) });

    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('realty-bot console');

    const deep = await app.inject({ method: 'GET', url: '/bots/demo-bot/chat', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/^text\/html/);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toContain('<div id="root">');

    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.warn("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps API paths out of the fallback, and a missing asset is a 404', async () => {
    const dataDir = temporaryDir();
    const { app } = await start({ dataDir, distDir: makeDist(dataDir) });
    const api = await app.inject({ method: 'GET', url: '/chat/Chatbot/Unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expectErrorEnvelope(404, api.body);
    const files = await app.inject({ method: 'GET', url: '/files/999/x.png', headers: { accept: 'text/html' } });
    expect(files.statusCode).toBe(404);
    expectErrorEnvelope(404, files.body);
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('says to build the app when dist is missing', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/bots/demo-bot/settings', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('data directory', () => {
  it('keeps data across a restart on the same DATA_DIR, and seeds only once', async () => {
    const first = await startTestApp();
    const dataDir = first.dataDir;
    const seededCount = (await ok(first.app, 'RealEstateList', { SerialNumber: BOT })).VirtualCount;
    expect(seededCount).toBe(60);
    await ok(first.app, 'Edit', { serialNumber: BOT, Name: 'Renamed before restart' });
    const { createListing } = await import('../src/demo-data');
    const id = await ok(first.app, 'RealEstateCreate', createListing({ SerialNumber: BOT, City: 'Tulsa' }));
    await first.close({ keepData: true });

    const second = await start({ dataDir, extraChatbotIds: ['added-later'] });
    const list = await ok(second.app, 'RealEstateList', { SerialNumber: BOT });
    expect(list.VirtualCount).toBe(seededCount + 1);
    expect(list.List[0]!.ID).toBe(Number(id));
    expect(list.List[0]!.City).toBe('Tulsa');
    expect((await ok(second.app, 'Detail', { serialNumber: BOT })).Name).toBe('Renamed before restart');
    // A chatbot id added to the configuration later is seeded then.
    expect((await ok(second.app, 'RealEstateList', { SerialNumber: 'added-later' })).VirtualCount).toBe(60);
  });

  it('does not seed again a chatbot whose listings were all deleted', async () => {
    const first = await startTestApp();
    const { dataDir } = first;
    const all = await ok(first.app, 'RealEstateList', { SerialNumber: BOT, PageSize: 100 });
    await ok(first.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'PlatformId', Keys: all.List.map((row) => String(row.ID)) });
    await first.close({ keepData: true });

    const second = await start({ dataDir });
    expect((await ok(second.app, 'RealEstateList', { SerialNumber: BOT })).VirtualCount).toBe(0);
  });
});

describe('logging', () => {
  it('never writes a key or an upload token to the log', async () => {
    const lines: string[] = [];
    const { app } = await start({ logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } });
    await call(app, 'ModelList');
    await call(app, 'RealEstateList', { SerialNumber: BOT });
    const { PreUploadUrl } = await ok(app, 'GetPreUploadUrl', { fileName: 'a.png' });
    await app.inject({ method: 'PUT', url: PreUploadUrl, headers: { 'content-type': 'image/png' }, payload: Buffer.from('png') });
    const token = new URL(PreUploadUrl, 'http://x').searchParams.get('token')!;

    const log = lines.join('');
    expect(log).toContain('/chat/Chatbot/ModelList');
    expect(log).not.toContain(DEMO_SECRET_KEY);
    expect(log).not.toContain(DEMO_SESSION_KEY);
    expect(log).not.toContain(token);
  });
});

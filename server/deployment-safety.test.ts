// @vitest-environment node
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { operations } from '../src/api/contract/operations';
import type { AppOptions } from './app';
import { upstreamAddress } from './proxy';
import { PNG } from './test-media';
import { openConsoleStore } from './console/store';
import { BOT, failing, ok, ownerSession, SECRET, startTestApp, type TestApp } from './test-support';
import { QUOTING_BOTS, SPLIT_KEY_QUESTION, standInPerTest } from './test-upstream';

/**
 * Issue 14's attacks, tried on both modes: the local service, and the proxy holding the keys
 * server-side in front of a stand-in hosted service that records whatever reaches it.
 */

const SERVER_SECRET = 'server-held-secret-0123456789';
const SERVER_SESSION = 'server-held-session-9876543210';

const stand = standInPerTest();

type Mode = 'local' | 'proxy';

async function start(mode: Mode, options: AppOptions = {}): Promise<TestApp> {
  const upstream = mode === 'proxy' ? { url: stand.fake.url, secretKey: SERVER_SECRET, sessionKey: SERVER_SESSION, chatbotIds: [BOT] } : null;
  const started = await startTestApp({ upstream, ...options });
  stand.track(started);
  return started;
}

const EDIT = operations.Edit.path;
const editBody = JSON.stringify({ serialNumber: BOT, Name: 'Taken over' });

async function listen(app: TestApp['app']): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A POST whose request line carries `path` byte for byte. */
function rawPost(port: number, path: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const text = rest.join('\r\n\r\n');
      // Chunked or not, the envelope is the one JSON object in the body.
      resolve({ status, body: text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1) });
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

function expectRefused(response: { statusCode: number; json(): unknown }, status: number, message: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ Data: null, Success: false, Code: status });
  expect((response.json() as { Message: string }).Message).toMatch(message);
}

describe.each<Mode>(['local', 'proxy'])('%s mode: hosts', (mode) => {
  it.each(['/', '/bots/demo-bot/settings', '/console/bootstrap', '/console/health', EDIT, '/files/1/a.png', '/no/such/page'])(
    'a foreign Host gets 403 naming ALLOWED_HOSTS at %s',
    async (url) => {
      const { app } = await start(mode);
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({ method, url, headers: { host: 'rebound.attacker.example', ...SECRET, 'content-type': 'application/json' }, payload: method === 'POST' ? editBody : undefined });
        expectRefused(response, 403, /^Host: "rebound\.attacker\.example" is not served here\. .*add it to ALLOWED_HOSTS/);
      }
      expect(stand.fake.seen).toEqual([]);
    },
  );

  it('serves the loopback names on any port, and the names in ALLOWED_HOSTS', async () => {
    const { app } = await start(mode, { allowedHosts: ['console.example.com', '.agency.example'] });
    const allowed = ['localhost:8787', 'localhost', '127.0.0.1:9000', '[::1]:8787', 'LOCALHOST:8787', 'console.example.com', 'console.example.com:443', 'agency.example', 'a.b.agency.example'];
    for (const host of allowed) {
      expect((await app.inject({ method: 'GET', url: '/console/health', headers: { host } })).statusCode, host).toBe(200);
    }
    const refused = ['example.com', 'console.example.com.attacker.net', 'evilagency.example', 'localhost@attacker.net', 'attacker.net/localhost', 'localhost.attacker.net', '127.0.0.2'];
    for (const host of refused) {
      expect((await app.inject({ method: 'GET', url: '/console/health', headers: { host } })).statusCode, host).toBe(403);
    }
  });
});

describe.each<Mode>(['local', 'proxy'])('%s mode: cross-site requests', (mode) => {
  const foreign = 'http://attacker.example';
  const attacks: Array<[string, Record<string, string>, string | undefined]> = [
    ['a text/plain post (Fetch Metadata)', { 'sec-fetch-site': 'cross-site', origin: foreign, 'content-type': 'text/plain' }, editBody],
    ['a post without Content-Type (Origin only, an older browser)', { origin: foreign }, editBody],
    ['a form post (Referer only)', { referer: `${foreign}/form.html`, 'content-type': 'application/x-www-form-urlencoded' }, `x=${encodeURIComponent(editBody)}`],
    ['a same-site page on another port', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000', 'content-type': 'application/json' }, editBody],
    ['another port without Fetch Metadata', { origin: 'http://localhost:3000', 'content-type': 'application/json' }, editBody],
    ['an opaque origin (sandboxed frame)', { origin: 'null', 'content-type': 'application/json' }, editBody],
  ];

  it.each(attacks)('%s is refused with 403 and changes nothing', async (_name, headers, payload) => {
    const { app } = await start(mode);
    // In proxy mode the page sends no key at all: the server's own would be used.
    const keys = mode === 'local' ? SECRET : {};
    const response = await app.inject({ method: 'POST', url: EDIT, headers: { host: 'localhost:8787', ...keys, ...headers }, payload });
    expectRefused(response, 403, /^(Sec-Fetch-Site|Origin|Referer): .*another site|^Sec-Fetch-Site: a (cross|same)-site request may not change anything/);
    expect(stand.fake.seen).toEqual([]);
    if (mode === 'local') expect((await ok(app, 'Detail', { serialNumber: BOT })).Name).not.toBe('Taken over');
  });

  it('takes the console\'s own requests (same origin) and programs that send no browser headers', async () => {
    const { app } = await start(mode);
    const sameOrigin = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8787' },
      { origin: 'http://localhost:8787' },
      { referer: 'http://localhost:8787/bots/demo-bot/settings' },
      {},
    ];
    for (const headers of sameOrigin) {
      const response = await app.inject({
        method: 'POST',
        url: EDIT,
        headers: { host: 'localhost:8787', ...SECRET, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ serialNumber: BOT, Name: 'Front desk' }),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // The interface's own examples send JSON with no Content-Type at all.
    const bare = await app.inject({ method: 'POST', url: EDIT, headers: { ...SECRET }, payload: JSON.stringify({ serialNumber: BOT, Name: 'Front desk' }) });
    expect(bare.statusCode).toBe(200);
  });

  it('refuses a form or text/plain post without browser headers with 415, before it goes anywhere', async () => {
    const { app } = await start(mode);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await app.inject({ method: 'POST', url: EDIT, headers: { ...SECRET, 'content-type': type }, payload: editBody });
      expectRefused(response, 415, /^Content-Type: must be application\/json/);
    }
    expect(stand.fake.seen).toEqual([]);
  });
});

describe('local mode: the upload PUT', () => {
  it('is refused from another site even with its token', async () => {
    const { app } = await start('local');
    const { FileStoreId, PreUploadUrl } = await ok(app, 'GetPreUploadUrl', { fileName: 'a.png' });
    const crossSite = await app.inject({ method: 'PUT', url: PreUploadUrl, headers: { 'content-type': 'image/png', 'sec-fetch-site': 'cross-site' }, payload: PNG });
    expectRefused(crossSite, 403, /^Sec-Fetch-Site/);
    expect(await failing(app, 'ConfirmUpload', { FileStoreId }, 400)).toBe('FileStoreId: the file has not been uploaded yet');
    const sameOrigin = await app.inject({ method: 'PUT', url: PreUploadUrl, headers: { 'content-type': 'image/png', 'sec-fetch-site': 'same-origin' }, payload: PNG });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('proxy mode: only the interface\'s operations leave the machine', () => {
  const escapes = [
    '/chat/../admin',
    '/chat/Chatbot/../../admin',
    '/chat/%2e%2e/admin',
    '/chat/%2E%2E/%2E%2E/admin',
    '/chat/Chatbot/.%2e/.%2e/admin',
    '/chat/Chatbot%2fEdit',
    '/chat/Chatbot%2FEdit',
    '/chat/Chatbot/%45dit',
    '/chat/Chatbot\\Edit',
    '/chat\\..\\admin',
    '//chat/Chatbot/Edit',
    '/chat//Chatbot/Edit',
    '/chat/Chatbot/Edit/',
    '/chat/Chatbot/edit',
    '/chat/Chatbot/Edit?next=/admin',
    '/chat/Chatbot/Edit?',
    '/chat/Chatbot/Edit%3Fnext=1',
    '/chat/Chatbot/Edit;x=1',
    '/chat/Chatbot/Edit%00',
    '/chat/admin',
    '/chat/User/Delete',
  ];

  it.each(escapes)('%s gets 404 in the envelope and reaches nothing upstream', async (path) => {
    const { app } = await start('proxy');
    // Sent as raw bytes: an HTTP client library would tidy the path before sending it.
    const response = await rawPost(await listen(app), path, editBody);
    expect([400, 404]).toContain(response.status);
    expect(JSON.parse(response.body)).toMatchObject({ Data: null, Success: false, Code: response.status });
    expect(stand.fake.seen).toEqual([]);
  });

  it('answers an operation\'s path with another method by 405, and forwards nothing', async () => {
    const { app } = await start('proxy');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({ method, url: EDIT, headers: { 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : editBody });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe('POST');
    }
    expect(stand.fake.seen).toEqual([]);
  });

  it('forwards each operation to its own address under UPSTREAM_URL, base path kept', async () => {
    const { app } = await start('proxy');
    for (const spec of Object.values(operations)) {
      if (spec.path === operations.ClientAsk.path) continue;
      // An API client's request, with its own key: the proxy forwards it as it came.
      const headers = { 'content-type': 'application/json', authorization: 'client-key' };
      const response = await app.inject({ method: spec.method, url: spec.path, headers, payload: spec.method === 'POST' ? '{}' : undefined });
      expect(response.statusCode, spec.path).toBe(200);
    }
    expect(stand.fake.seen.map((seen) => `${seen.method} ${seen.url}`)).toEqual(
      Object.values(operations)
        .filter((spec) => spec.path !== operations.ClientAsk.path)
        .map((spec) => `${spec.method} ${spec.path}`),
    );
    expect(upstreamAddress('https://api.example.com/v2', operations.Edit).href).toBe('https://api.example.com/v2/chat/Chatbot/Edit');
    expect(upstreamAddress('https://api.example.com/v2/', operations.Edit).href).toBe('https://api.example.com/v2/chat/Chatbot/Edit');
    expect(upstreamAddress('https://api.example.com', operations.ModelList).href).toBe('https://api.example.com/chat/Chatbot/ModelList');
  });
});

describe('proxy mode: the server\'s keys never come back', () => {
  function expectNoKey(text: string) {
    for (const key of [SERVER_SECRET, SERVER_SESSION]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(encodeURIComponent(key));
    }
  }

  // The server's keys go up only with a signed-in member's request: each test is one.
  it('in a JSON error, its status text and its headers; cookies and other headers are dropped', async () => {
    const started = await start('proxy');
    const { app } = started;
    const member = await ownerSession(started);
    const port = await listen(app);
    const response = await fetch(`http://127.0.0.1:${port}${operations.GetSession.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...member },
      body: JSON.stringify({ serialNumber: QUOTING_BOTS.json }),
    });
    const body = await response.text();
    expect(response.status).toBe(401);
    expect(response.statusText).toBe('Key [redacted] refused');
    expect(JSON.parse(body)).toMatchObject({ Code: 401, Message: 'Authorization [redacted] is not valid' });
    expectNoKey(body);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-debug-key')).toBeNull();
    expect(response.headers.get('www-authenticate')).toBeNull();
    expectNoKey(JSON.stringify([...response.headers]));
    // It did reach the hosted service with the server's key.
    expect(stand.fake.seen[0]!.headers.authorization).toBe(SERVER_SECRET);
  });

  it('in a plain-text error, plain, percent-encoded and JSON-escaped', async () => {
    const started = await start('proxy');
    const headers = { 'content-type': 'application/json', ...(await ownerSession(started)) };
    const response = await started.app.inject({ method: 'POST', url: operations.GetSession.path, headers, payload: { serialNumber: QUOTING_BOTS.plain } });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('bad key [redacted]\nencoded: [redacted]\nescaped: "[redacted]"');
  });

  it('in a stream, even split across two network chunks', async () => {
    const started = await start('proxy');
    const { app } = started;
    const member = await ownerSession(started);
    // As if the member had opened chat session 1 of BOT through this console (GetSession).
    const store = openConsoleStore(started.dataDir);
    store.recordChatSession(1, BOT);
    store.close();
    const port = await listen(app);
    const response = await fetch(`http://127.0.0.1:${port}${operations.ClientAsk.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...member },
      body: JSON.stringify({ sessionID: 1, content: SPLIT_KEY_QUESTION, stream: true }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(decoder.decode(chunk.value, { stream: true }));
    const body = chunks.join('');
    expect(chunks.length).toBeGreaterThan(1);
    expectNoKey(body);
    expect(body).toBe(
      'data: {"content":"Your key [redacted] is noted"}\n\ndata: {"QuestionID":1,"AnswerID":2,"Answer":"Your key [redacted] is noted","TotalToken":3}\n\n',
    );
  });
});

describe.each<Mode>(['local', 'proxy'])('%s mode: bytes in, bytes stored', (mode) => {
  /** `{"serialNumber":"demo-bot","Name":"Caf<0xE9> Realty"}`: Latin-1, not UTF-8. */
  const latin1Name = Buffer.concat([Buffer.from(`{"serialNumber":"${BOT}","Name":"Caf`), Buffer.from([0xe9]), Buffer.from(' Realty"}')]);

  it('refuses a body that is not UTF-8, naming the field, and stores nothing', async () => {
    const { app } = await start(mode);
    const before = mode === 'local' ? (await ok(app, 'Detail', { serialNumber: BOT })).Name : null;
    const response = await app.inject({ method: 'POST', url: EDIT, headers: { ...SECRET, 'content-type': 'application/json' }, payload: latin1Name });
    expectRefused(response, 400, /^Name: is not valid UTF-8 text/);
    expect(stand.fake.seen).toEqual([]);
    if (mode === 'local') expect((await ok(app, 'Detail', { serialNumber: BOT })).Name).toBe(before);
  });

  it('names a nested field, or the body when the field cannot be told', async () => {
    const { app } = await start(mode);
    const nested = Buffer.concat([Buffer.from('{"SerialNumber":"demo-bot","ExtensionColumn":[{"Key":"View","Value":"Lake '), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')]);
    const listing = await app.inject({ method: 'POST', url: operations.RealEstateCreate.path, headers: { ...SECRET, 'content-type': 'application/json' }, payload: nested });
    expectRefused(listing, 400, /^ExtensionColumn\[0\]\.Value: is not valid UTF-8 text/);
    // U+FFFD written on purpose beside the bad byte: which field is to blame cannot be told.
    const ambiguous = Buffer.concat([Buffer.from(`{"serialNumber":"${BOT}","WelcomeMessage":"\uFFFD","Name":"`), Buffer.from([0xff]), Buffer.from('"}')]);
    const body = await app.inject({ method: 'POST', url: EDIT, headers: { ...SECRET }, payload: ambiguous });
    expectRefused(body, 400, /^The request body is not valid UTF-8/);
    expect(stand.fake.seen).toEqual([]);
  });
});

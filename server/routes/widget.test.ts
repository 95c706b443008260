// @vitest-environment node
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeSchema, visitorFileSchema, visitorSessionSchema, visitorSettingsSchema, VISITOR_TOKEN_HEADER, WIDGET_PATHS } from '../../src/api/contract';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY, defaultWidgetLimits, type WidgetLimits } from '../config';
import { PNG, sampleFile } from '../test-media';
import { BOT, failing, ok, SECRET, sseObjects, startTestApp, temporaryDir, type TestApp } from '../test-support';
import { NOT_YOUR_FILE, TOO_MANY_UPLOADS, UPLOADS_PER_WINDOW } from '../widget/visitor-files';
import { roomFullMessage } from '../widget/visitor-file-room';
import { monthlyLimitMessage } from './chat';
import { WRONG_VISITOR_TOKEN } from './widget';

let running: TestApp[] = [];
async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(options);
  running.push(started);
  return started;
}
let madeDirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.map((started) => started.close()));
  running = [];
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
  madeDirs = [];
});

const PAGE = 'https://shop.example.com';
const FOREIGN = 'https://example.com.evil.net';
const HOST = { host: 'localhost:8787' };

/** What a page's browser sends with a widget request from `origin`. */
const fromPage = (origin: string) => ({ ...HOST, origin, 'sec-fetch-site': 'cross-site' });

async function settingsFrom(service: TestApp, origin: string) {
  return service.app.inject({ method: 'GET', url: WIDGET_PATHS.settings(BOT), headers: fromPage(origin) });
}

async function openSession(service: TestApp, origin = PAGE) {
  const response = await service.app.inject({ method: 'POST', url: WIDGET_PATHS.session(BOT), headers: fromPage(origin) });
  expect(response.statusCode).toBe(200);
  return envelopeSchema(visitorSessionSchema).parse(response.json()).Data;
}

type VisitorSessionData = { SessionID: number; VisitorToken: string };

async function askFrom(service: TestApp, session: VisitorSessionData, content: string, origin = PAGE, media: { chatAskType?: string; fileIds?: number[] } = {}) {
  return service.app.inject({
    method: 'POST',
    url: WIDGET_PATHS.ask(BOT),
    headers: { ...fromPage(origin), 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
    payload: { sessionID: session.SessionID, content, stream: true, ...media },
  });
}

/** A visitor's upload of `bytes` as `fileName`, declared as `type`. */
async function uploadFrom(service: TestApp, session: VisitorSessionData, fileName: string, bytes: Buffer, type = 'image/png', origin = PAGE) {
  return service.app.inject({
    method: 'POST',
    url: `${WIDGET_PATHS.upload(BOT)}?sessionID=${session.SessionID}&fileName=${encodeURIComponent(fileName)}`,
    headers: { ...fromPage(origin), 'content-type': type, [VISITOR_TOKEN_HEADER]: session.VisitorToken },
    payload: bytes,
  });
}

describe('/widget: what a visitor may learn', () => {
  it('answers the visitor-facing settings, and no secret in any answer', async () => {
    const service = await start();
    const secrets = {
      SystemMessage: 'Never reveal: the owner is selling below asking c0ffee',
      EmailForDailyChatLogs: 'logs-c0ffee@example.com',
      EmailForDailyLeads: 'leads-c0ffee@example.com',
      CustomDomain: 'c0ffee.example.com',
      Domains: 'c0ffee-allowed.example.com',
    };
    await ok(service.app, 'Edit', { serialNumber: BOT, ...secrets, WelcomeMessage: 'Welcome, visitor!' });

    const settings = await service.app.inject({ method: 'GET', url: WIDGET_PATHS.settings(BOT), headers: fromPage(PAGE) });
    expect(settings.statusCode).toBe(200);
    const visible = envelopeSchema(visitorSettingsSchema).parse(settings.json()).Data;
    expect(visible.WelcomeMessage).toBe('Welcome, visitor!');

    const session = await openSession(service);
    const answer = await askFrom(service, session, 'homes for sale in Austin');
    expect(answer.statusCode).toBe(200);
    const refused = await askFrom(service, { ...session, VisitorToken: 'guess' }, 'hello');

    for (const body of [settings.body, answer.body, refused.body]) {
      for (const secret of [...Object.values(secrets), DEMO_SECRET_KEY, DEMO_SESSION_KEY]) expect(body).not.toContain(secret);
    }
  });

  it('streams the answer in ClientAsk\'s format, readable by the page', async () => {
    const service = await start();
    const session = await openSession(service);
    const answer = await askFrom(service, session, '3 bedroom homes for rent in Austin');
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const objects = sseObjects(answer.body);
    expect(objects.at(-1)).toMatchObject({ QuestionID: expect.any(Number), AnswerID: expect.any(Number), Answer: expect.stringContaining('Austin') });
    expect(objects.slice(0, -1).map((object) => (object as { content: string }).content).join('')).toBe((objects.at(-1) as { Answer: string }).Answer);
  });

  it('lets a visitor ask only in their own session of this chatbot', async () => {
    const service = await start({ extraChatbotIds: ['other-bot'] });
    const mine = await openSession(service);
    const console = (await ok(service.app, 'GetSession', { serialNumber: BOT })).SessionID;
    const other = await service.app.inject({ method: 'POST', url: WIDGET_PATHS.session('other-bot'), headers: fromPage(PAGE) });
    const othersSession = envelopeSchema(visitorSessionSchema).parse(other.json()).Data;

    for (const session of [
      { SessionID: mine.SessionID, VisitorToken: 'not-the-token' },
      { SessionID: console, VisitorToken: mine.VisitorToken },
      othersSession,
    ]) {
      const response = await askFrom(service, session, 'hello');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Code: 403, Message: WRONG_VISITOR_TOKEN });
    }
  });
});

describe('/widget: which pages are answered', () => {
  it('answers any page when VerifyDomain is off', async () => {
    const service = await start();
    const response = await settingsFrom(service, FOREIGN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a page outside Domains when VerifyDomain is on, before anything happens', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, VerifyDomain: true, Domains: '*.example.com, localhost:5393' });
    const session = await openSession(service);

    for (const origin of [FOREIGN, 'https://evilexample.com', 'https://example.com', 'http://localhost:5394', 'null']) {
      const refusals = [
        await settingsFrom(service, origin),
        await service.app.inject({ method: 'POST', url: WIDGET_PATHS.session(BOT), headers: fromPage(origin) }),
        await askFrom(service, session, 'hello', origin),
        await service.app.inject({ method: 'OPTIONS', url: WIDGET_PATHS.ask(BOT), headers: { ...fromPage(origin), 'access-control-request-method': 'POST' } }),
      ];
      for (const response of refusals) {
        expect(response.statusCode, origin).toBe(403);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.json()).toMatchObject({ Message: expect.stringMatching(/^Origin: .*allowed Domains/) });
      }
    }
    // A program that names no page is refused too.
    const bare = await service.app.inject({ method: 'GET', url: WIDGET_PATHS.settings(BOT), headers: HOST });
    expect(bare.statusCode).toBe(403);

    const admitted = await settingsFrom(service, PAGE);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.headers['access-control-allow-origin']).toBe(PAGE);
    expect(admitted.headers.vary).toMatch(/Origin/);
    const preflight = await service.app.inject({ method: 'OPTIONS', url: WIDGET_PATHS.ask(BOT), headers: { ...fromPage('http://localhost:5393'), 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5393');
    expect(preflight.headers['access-control-allow-headers']).toContain(VISITOR_TOKEN_HEADER);
  });

  it('keeps the console\'s own routes same-origin: no CORS there, cross-site writes still refused', async () => {
    const service = await start();
    const read = await service.app.inject({ method: 'POST', url: '/chat/Chatbot/Detail', headers: { ...HOST, ...SECRET, origin: PAGE, 'content-type': 'application/json' }, payload: { serialNumber: BOT } });
    expect(read.statusCode).toBe(403);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await service.app.inject({ method: 'OPTIONS', url: '/chat/Chatbot/Edit', headers: { ...fromPage(PAGE), 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const health = await service.app.inject({ method: 'GET', url: '/console/health', headers: fromPage(PAGE) });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('/widget: the chatbot\'s limits', () => {
  it('answers the question after RateLimitCount with RateLimitMessage, per visitor session', async () => {
    let now = Date.UTC(2026, 10, 10, 12);
    const service = await start({ now: () => now });
    await ok(service.app, 'Edit', { serialNumber: BOT, RateLimitCount: 2, RateLimitTime: 60, RateLimitMessage: 'Easy there, one moment please.' });
    const session = await openSession(service);
    expect((await askFrom(service, session, 'hello')).statusCode).toBe(200);
    expect((await askFrom(service, session, 'hello again')).statusCode).toBe(200);
    const limited = await askFrom(service, session, 'and again');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Code: 429, Message: 'Easy there, one moment please.' });
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.headers['retry-after']).toBe('60');

    // Another visitor is not held back by the first, and the first may ask again after the window.
    expect((await askFrom(service, await openSession(service), 'hello')).statusCode).toBe(200);
    now += 61_000;
    expect((await askFrom(service, session, 'and again')).statusCode).toBe(200);
  });

  it('answers with the monthly limit once MessageLimit questions were asked this month', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, MessageLimit: 2 });
    const first = await openSession(service);
    await askFrom(service, first, 'one');
    await askFrom(service, await openSession(service), 'two');
    const over = await askFrom(service, first, 'three');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ Message: monthlyLimitMessage(2) });
  });
});

/** A stand-in for `vite build`'s output: the app's page and the widget's script. */
function builtApp(): string {
  const root = temporaryDir();
  madeDirs.push(root);
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'widget'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html>');
  writeFileSync(join(distDir, 'widget', 'widget.js'), 'console.log("widget")');
  return distDir;
}

describe('/widget: script, test page and modes', () => {
  it('serves the built script to any page, and the test page with the embedding snippet', async () => {
    const withDist = await start({ distDir: builtApp() });
    const script = await withDist.app.inject({ method: 'GET', url: '/widget.js', headers: fromPage(PAGE) });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Only through its route: the static files do not serve dist/widget/.
    expect((await withDist.app.inject({ method: 'GET', url: '/widget/widget.js', headers: HOST })).statusCode).toBe(404);

    const page = await withDist.app.inject({ method: 'GET', url: WIDGET_PATHS.testPage(BOT), headers: HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="http://localhost:8787/widget.js" data-chatbot="${BOT}" async></script>`);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' http:\/\/localhost:8787/);
  });

  it('loads the test page\'s widget only from a name of this service', async () => {
    const service = await start();
    const other = await service.app.inject({ method: 'GET', url: `${WIDGET_PATHS.testPage(BOT)}?service=${encodeURIComponent('https://attacker.example')}`, headers: HOST });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ Message: expect.stringMatching(/^service: /) });
    const loopback = await service.app.inject({ method: 'GET', url: `${WIDGET_PATHS.testPage(BOT)}?service=${encodeURIComponent('http://localhost:8787')}`, headers: { host: '127.0.0.1:8787' } });
    expect(loopback.body).toContain('src="http://localhost:8787/widget.js"');
    const unknown = await service.app.inject({ method: 'GET', url: WIDGET_PATHS.testPage('<script>'), headers: HOST });
    expect(unknown.statusCode).toBe(404);
  });

  it('is not served in proxy mode: the hosted service has its own widget', async () => {
    const service = await start({ distDir: builtApp(), upstream: { url: 'http://127.0.0.1:9', secretKey: 'server-secret', sessionKey: 'server-session', chatbotIds: [BOT] } });
    for (const url of [WIDGET_PATHS.settings(BOT), '/widget.js', WIDGET_PATHS.testPage(BOT)]) {
      const response = await service.app.inject({ method: 'GET', url, headers: fromPage(PAGE) });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Without the widget's exemption, another site's POST meets the console's same-origin rule.
    const session = await service.app.inject({ method: 'POST', url: WIDGET_PATHS.session(BOT), headers: fromPage(PAGE) });
    expect(session.statusCode).toBe(403);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('/widget: bad input names its field', () => {
  it('refuses an ask without content', async () => {
    const service = await start();
    const session = await openSession(service);
    const response = await service.app.inject({
      method: 'POST',
      url: WIDGET_PATHS.ask(BOT),
      headers: { ...fromPage(PAGE), 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
      payload: { sessionID: session.SessionID },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: expect.stringMatching(/^content: /) });
    expect(await failing(service.app, 'ClientAsk', { sessionID: session.SessionID }, 400)).toMatch(/^content: /);
  });
});

describe('/widget: a visitor\'s files', () => {
  it('refuses an image while EnableUploadImage is off, a recording while EnablePushToTalk is off', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: false, EnablePushToTalk: false });
    const session = await openSession(service);
    const image = await uploadFrom(service, session, 'house.png', PNG);
    expect(image.statusCode).toBe(403);
    expect(image.json()).toMatchObject({ Message: expect.stringMatching(/^EnableUploadImage: /) });
    const recording = await uploadFrom(service, session, 'question.wav', sampleFile('wav'), 'audio/wav');
    expect(recording.statusCode).toBe(403);
    expect(recording.json()).toMatchObject({ Message: expect.stringMatching(/^EnablePushToTalk: /) });
    // A video is never a visitor's, whatever the settings.
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true, EnablePushToTalk: true });
    const video = await uploadFrom(service, session, 'tour.mp4', sampleFile('mp4'), 'video/mp4');
    expect(video.statusCode).toBe(400);
    expect(video.json()).toMatchObject({ Message: expect.stringMatching(/^file: video\/mp4 is a video/) });
  });

  it('refuses a foreign page under VerifyDomain and a session that is not the visitor\'s', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true, VerifyDomain: true, Domains: 'shop.example.com' });
    const session = await openSession(service);
    const foreign = await uploadFrom(service, session, 'house.png', PNG, 'image/png', FOREIGN);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.json()).toMatchObject({ Message: expect.stringMatching(/^Origin: .*allowed Domains/) });
    const guessed = await uploadFrom(service, { ...session, VisitorToken: 'guess' }, 'house.png', PNG);
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json()).toMatchObject({ Message: WRONG_VISITOR_TOKEN });
    const preflight = await service.app.inject({ method: 'OPTIONS', url: WIDGET_PATHS.upload(BOT), headers: { ...fromPage(PAGE), 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PAGE);
  });

  it('judges the bytes, not the name: a page or a script-carrying SVG named .png is refused, naming the field', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = await openSession(service);
    const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, bytes, type] of [
      ['house.png', page, 'image/png'],
      ['plan.png', svg, 'image/png'],
      ['plan.svg', svg, 'image/svg+xml'],
    ] as const) {
      const response = await uploadFrom(service, session, name, bytes, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ Message: expect.stringMatching(new RegExp(`^FileName: ${name.replace('.', '\\.')} is .*; the service accepts PNG`)) });
    }
    // A real image declared as something it is not is refused too.
    const disguised = await uploadFrom(service, session, 'house.png', PNG, 'text/html');
    expect(disguised.json()).toMatchObject({ Message: expect.stringMatching(/^ContentType: house\.png was sent as text\/html, but its bytes are image\/png/) });
    expect((await uploadFrom(service, session, '', PNG)).json()).toMatchObject({ Message: expect.stringMatching(/^fileName: is required/) });
  });

  it('keeps an accepted image for the visitor\'s questions only, and the answer names it', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = await openSession(service);
    const response = await uploadFrom(service, session, 'front door.png', PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const file = envelopeSchema(visitorFileSchema).parse(response.json()).Data;
    expect(file).toMatchObject({ FileName: 'front door.png', ContentType: 'image/png', Size: PNG.length });

    const answer = await askFrom(service, session, 'Is this house for sale?', PAGE, { chatAskType: 'Image', fileIds: [file.FileStoreId] });
    expect(answer.statusCode).toBe(200);
    expect((sseObjects(answer.body).at(-1) as { Answer: string }).Answer).toContain('front door.png');

    // Another visitor cannot send it, nor can anyone send a file the console uploaded.
    const other = await openSession(service);
    const borrowed = await askFrom(service, other, 'and this?', PAGE, { chatAskType: 'Image', fileIds: [file.FileStoreId] });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toMatchObject({ Message: NOT_YOUR_FILE });
    const consoleFile = (await ok(service.app, 'GetPreUploadUrl', { fileName: 'private.png' })).FileStoreId;
    const foreignFile = await askFrom(service, session, 'and this?', PAGE, { chatAskType: 'Image', fileIds: [consoleFile] });
    expect(foreignFile.json()).toMatchObject({ Message: NOT_YOUR_FILE });
    // Switched off after the upload: the image is refused at ask as well.
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: false });
    const switchedOff = await askFrom(service, session, 'Is this house for sale?', PAGE, { chatAskType: 'Image', fileIds: [file.FileStoreId] });
    expect(switchedOff.json()).toMatchObject({ Message: expect.stringMatching(/^EnableUploadImage: /) });
  });

  it('never serves a visitor\'s file at a public address, where its counted-up id could be guessed', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = await openSession(service);
    const file = envelopeSchema(visitorFileSchema).parse((await uploadFrom(service, session, 'front door.png', PNG, 'image/png')).json()).Data;
    const served = await service.app.inject({ method: 'GET', url: `/files/${file.FileStoreId}/front%20door.png` });
    const missing = await service.app.inject({ method: 'GET', url: `/files/${file.FileStoreId + 1000}/front%20door.png` });
    expect(served.statusCode).toBe(404);
    // The same answer as for a file that does not exist: nothing tells the two apart.
    expect(served.body).toBe(missing.body);
    // The question that carries it is still answered: the service reads the file itself.
    const answer = await askFrom(service, session, 'Is this house for sale?', PAGE, { chatAskType: 'Image', fileIds: [file.FileStoreId] });
    expect((sseObjects(answer.body).at(-1) as { Answer: string }).Answer).toContain('front door.png');
  });

  it('takes a WAV recording as an Audio question when EnablePushToTalk is on', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, EnablePushToTalk: true });
    const session = await openSession(service);
    const file = envelopeSchema(visitorFileSchema).parse((await uploadFrom(service, session, 'voice.wav', sampleFile('wav', 256), 'audio/wav')).json()).Data;
    expect(file.ContentType).toBe('audio/wav');
    const answer = await askFrom(service, session, '', PAGE, { chatAskType: 'Audio', fileIds: [file.FileStoreId] });
    expect(answer.statusCode).toBe(200);
    expect((sseObjects(answer.body).at(-1) as { Answer: string }).Answer).toMatch(/audio \(voice\.wav\)/);
  });

  it('limits how many files a visitor session sends in a minute', async () => {
    let now = Date.UTC(2026, 10, 10, 12);
    const service = await start({ now: () => now });
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = await openSession(service);
    for (let sent = 0; sent < UPLOADS_PER_WINDOW; sent += 1) expect((await uploadFrom(service, session, 'house.png', PNG)).statusCode).toBe(200);
    const limited = await uploadFrom(service, session, 'house.png', PNG);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Message: TOO_MANY_UPLOADS });
    now += 61_000;
    expect((await uploadFrom(service, session, 'house.png', PNG)).statusCode).toBe(200);
  });
});

/** The widget's limits with some changed, the rest as they are by default. */
const limitsWith = (changes: Partial<WidgetLimits>): WidgetLimits => ({ ...defaultWidgetLimits(), ...changes });
const FLOOD_ADDRESS = '203.0.113.7';
const VISITOR_ADDRESS = '198.51.100.2';
const SLOW_DOWN = 'Easy there, one moment please.';
const HOUR = 3_600_000;

/** A visitor session opened from `remoteAddress` (the socket's), with whatever else the request carries. */
async function sessionFrom(service: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return service.app.inject({ method: 'POST', url: WIDGET_PATHS.session(BOT), headers: { ...fromPage(PAGE), ...headers }, remoteAddress });
}

function sessionOf(response: Awaited<ReturnType<typeof sessionFrom>>): VisitorSessionData {
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(visitorSessionSchema).parse(response.json()).Data;
}

async function askFromAddress(service: TestApp, remoteAddress: string, session: VisitorSessionData, content: string, media: { chatAskType?: string; fileIds?: number[] } = {}) {
  return service.app.inject({
    method: 'POST',
    url: WIDGET_PATHS.ask(BOT),
    headers: { ...fromPage(PAGE), 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
    payload: { sessionID: session.SessionID, content, stream: true, ...media },
    remoteAddress,
  });
}

async function uploadFromAddress(service: TestApp, remoteAddress: string, session: VisitorSessionData, fileName: string, chatbotId = BOT) {
  return service.app.inject({
    method: 'POST',
    url: `${WIDGET_PATHS.upload(chatbotId)}?sessionID=${session.SessionID}&fileName=${encodeURIComponent(fileName)}`,
    headers: { ...fromPage(PAGE), 'content-type': 'image/png', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
    payload: PNG,
    remoteAddress,
  });
}

const countOf = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

// Floods of hundreds to a thousand requests through the whole app: 2–4 s alone on a quiet 2-core
// machine, 6.4–10.7 s at a load average of 11 (measured 2026-11-28), past vitest's 5 s default.
describe('/widget: a flood from one address', { timeout: 30_000 }, () => {
  it('refuses an address its sessions past the limit, with RateLimitMessage, and lets another address in', async () => {
    let now = Date.UTC(2026, 10, 10, 12);
    const service = await start({ now: () => now });
    await ok(service.app, 'Edit', { serialNumber: BOT, RateLimitMessage: SLOW_DOWN });
    const { sessionsPerAddress } = defaultWidgetLimits();

    const opened: number[] = [];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 1_000; attempt += 1) {
      const response = await sessionFrom(service, FLOOD_ADDRESS);
      statuses.push(response.statusCode);
      if (response.statusCode === 200) opened.push(sessionOf(response).SessionID);
      else expect(response.json()).toMatchObject({ Success: false, Code: 429, Message: SLOW_DOWN, Data: null });
    }
    expect(countOf(statuses, 200)).toBe(sessionsPerAddress);
    expect(statuses.slice(sessionsPerAddress).every((status) => status === 429)).toBe(true);

    // A visitor elsewhere opens the very next session: the refused ones made none.
    const visitor = sessionOf(await sessionFrom(service, VISITOR_ADDRESS));
    expect(visitor.SessionID).toBe(opened.at(-1)! + 1);
    // Once the window has passed, the address is served again.
    now += 2 * HOUR;
    expect((await sessionFrom(service, FLOOD_ADDRESS)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4 client however the socket writes it', async () => {
    const service = await start({ widgetLimits: limitsWith({ sessionsPerAddress: 2 }) });
    const statusesFrom = async (addresses: string[]) => Promise.all(addresses.map(async (address) => (await sessionFrom(service, address)).statusCode));
    expect(await statusesFrom(['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:abcd::9'])).toEqual([200, 200, 429]);
    expect(await statusesFrom(['2001:db8:1:3::1'])).toEqual([200]);
    expect(await statusesFrom(['192.0.2.8', '::ffff:192.0.2.8', '192.0.2.8'])).toEqual([200, 200, 429]);
  });

  it('stops a flood of questions across many sessions before the chatbot\'s MessageLimit is spent; a visitor elsewhere is answered', async () => {
    const service = await start({ widgetLimits: limitsWith({ questionsPerAddress: 40 }) });
    // Each session keeps to RateLimitCount: only the per-address limit can stop this flood.
    await ok(service.app, 'Edit', { serialNumber: BOT, MessageLimit: 60, RateLimitCount: 5, RateLimitTime: 60, RateLimitMessage: SLOW_DOWN });
    const statuses: number[] = [];
    while (statuses.length < 200) {
      const session = sessionOf(await sessionFrom(service, FLOOD_ADDRESS));
      for (let question = 0; question < 5; question += 1) {
        const response = await askFromAddress(service, FLOOD_ADDRESS, session, `spam ${statuses.length}`);
        statuses.push(response.statusCode);
        if (response.statusCode !== 200) expect(response.json()).toMatchObject({ Code: 429, Message: SLOW_DOWN });
      }
    }
    expect(countOf(statuses, 200)).toBe(40);
    expect(countOf(statuses, 429)).toBe(160);

    // 40 of the month's 60 were spent: a real visitor is answered in full, not told the chatbot is out of messages.
    const visitor = sessionOf(await sessionFrom(service, VISITOR_ADDRESS));
    const answer = await askFromAddress(service, VISITOR_ADDRESS, visitor, '3 bedroom homes for sale in Austin');
    expect(answer.statusCode, answer.body).toBe(200);
    const objects = sseObjects(answer.body);
    expect(objects.slice(0, -1).map((object) => (object as { content: string }).content).join('')).toBe((objects.at(-1) as { Answer: string }).Answer);
  });

  it('limits an address\'s uploads across its sessions', async () => {
    const service = await start({ widgetLimits: limitsWith({ uploadsPerAddress: 3 }) });
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true, RateLimitMessage: SLOW_DOWN });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const session = sessionOf(await sessionFrom(service, FLOOD_ADDRESS));
      for (const name of ['a.png', 'b.png']) statuses.push((await uploadFromAddress(service, FLOOD_ADDRESS, session, name)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = await uploadFromAddress(service, FLOOD_ADDRESS, sessionOf(await sessionFrom(service, FLOOD_ADDRESS)), 'c.png');
    expect(refused.json()).toMatchObject({ Code: 429, Message: SLOW_DOWN });
    // The address's window is an hour (the default), all of it still ahead.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2 * 3_600);
    const visitor = sessionOf(await sessionFrom(service, VISITOR_ADDRESS));
    expect((await uploadFromAddress(service, VISITOR_ADDRESS, visitor, 'house.png')).statusCode).toBe(200);
  });
});

describe('/widget: the room for visitors\' files', () => {
  /** A file staff uploaded through the console's three steps; its id. */
  async function consoleUpload(service: TestApp, fileName: string): Promise<number> {
    const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName });
    expect((await service.app.inject({ method: 'PUT', url: PreUploadUrl, payload: PNG, headers: { 'content-type': 'image/png' } })).statusCode).toBe(200);
    await ok(service.app, 'ConfirmUpload', { FileStoreId });
    return FileStoreId;
  }

  const stored = (service: TestApp, id: number) => existsSync(join(service.dataDir, 'files', String(id)));

  it('removes the oldest visitor files past the keeping time, rows and bytes, and never a console upload or another chatbot\'s', async () => {
    const startedAt = Date.UTC(2026, 10, 10, 12);
    let now = startedAt;
    const service = await start({ now: () => now, extraChatbotIds: ['other-bot'], widgetLimits: limitsWith({ filesPerChatbot: 3, fileKeepMinutes: 60 }) });
    for (const serialNumber of [BOT, 'other-bot']) await ok(service.app, 'Edit', { serialNumber, EnableUploadImage: true });
    const consoleFile = await consoleUpload(service, 'logo.png');
    const othersSession = envelopeSchema(visitorSessionSchema).parse(
      (await service.app.inject({ method: 'POST', url: WIDGET_PATHS.session('other-bot'), headers: fromPage(PAGE), remoteAddress: VISITOR_ADDRESS })).json(),
    ).Data;
    const othersFile = envelopeSchema(visitorFileSchema).parse((await uploadFromAddress(service, VISITOR_ADDRESS, othersSession, 'theirs.png', 'other-bot')).json()).Data.FileStoreId;

    const session = sessionOf(await sessionFrom(service, FLOOD_ADDRESS));
    const upload = async (name: string) => uploadFromAddress(service, FLOOD_ADDRESS, session, name);
    const ids: number[] = [];
    for (const minute of [0, 1, 2]) {
      now = startedAt + minute * 60_000;
      ids.push(envelopeSchema(visitorFileSchema).parse((await upload(`photo-${minute}.png`)).json()).Data.FileStoreId);
    }
    expect(ids.every((id) => stored(service, id))).toBe(true);

    // An hour and a minute on: the first two are past the keeping time, the third is not.
    now = startedAt + 61 * 60_000;
    expect((await upload('photo-4.png')).statusCode).toBe(200);
    expect(stored(service, ids[0]!)).toBe(false);
    const removed = await askFromAddress(service, FLOOD_ADDRESS, session, 'and this one?', { chatAskType: 'Image', fileIds: [ids[0]!] });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({ Code: 400, Message: NOT_YOUR_FILE });
    expect((await askFromAddress(service, FLOOD_ADDRESS, session, 'and this one?', { chatAskType: 'Image', fileIds: [ids[2]!] })).statusCode).toBe(200);

    expect((await upload('photo-5.png')).statusCode).toBe(200);
    expect(stored(service, ids[1]!)).toBe(false);
    // Full of files younger than an hour: refused, naming the file, and nothing removed.
    const full = await upload('photo-6.png');
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({ Code: 429, Message: roomFullMessage(limitsWith({ filesPerChatbot: 3, fileKeepMinutes: 60 })) });
    expect(full.json<{ Message: string }>().Message).toMatch(/^file: /);
    expect(stored(service, ids[2]!)).toBe(true);
    // Room comes when the oldest of them (sent at minute 2) passes the hour: a minute on.
    expect(full.headers['retry-after']).toBe('60');

    // What staff uploaded and what another chatbot's visitors sent are untouched.
    expect(stored(service, consoleFile) && stored(service, othersFile)).toBe(true);
    expect((await service.app.inject({ method: 'GET', url: `/files/${consoleFile}/logo.png` })).statusCode).toBe(200);

    // The wait it named is the one that makes room: a moment before, still full; then room.
    now = startedAt + 62 * 60_000 - 1;
    const early = await upload('photo-6.png');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    now += 1;
    expect((await upload('photo-6.png')).statusCode).toBe(200);
    expect(stored(service, ids[2]!)).toBe(false);
  });

  it('counts bytes as well as files', async () => {
    let now = Date.UTC(2026, 10, 10, 12);
    const service = await start({ now: () => now, widgetLimits: limitsWith({ fileBytesPerChatbot: PNG.length * 2 + 1, fileKeepMinutes: 1 }) });
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = sessionOf(await sessionFrom(service, VISITOR_ADDRESS));
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png']) ids.push(envelopeSchema(visitorFileSchema).parse((await uploadFromAddress(service, VISITOR_ADDRESS, session, name)).json()).Data.FileStoreId);
    const full = await uploadFromAddress(service, VISITOR_ADDRESS, session, 'c.png');
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toBe('60');
    now += 2 * 60_000;
    expect((await uploadFromAddress(service, VISITOR_ADDRESS, session, 'c.png')).statusCode).toBe(200);
    expect(stored(service, ids[0]!)).toBe(false);
    expect(stored(service, ids[1]!)).toBe(true);
  });

  it('counts files still being written: uploads arriving together cannot pass the room between them', async () => {
    const service = await start({ widgetLimits: limitsWith({ fileBytesPerChatbot: PNG.length * 2, fileKeepMinutes: 60 }) });
    await ok(service.app, 'Edit', { serialNumber: BOT, EnableUploadImage: true });
    const session = sessionOf(await sessionFrom(service, VISITOR_ADDRESS));
    const responses = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => uploadFromAddress(service, VISITOR_ADDRESS, session, `${name}.png`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
  });
});

describe('/widget: the client address behind a proxy', () => {
  const PROXY = '10.0.0.1';
  const statusesOf = async (service: TestApp, socket: string, forwardedFor: string[]) => {
    const statuses: number[] = [];
    for (const address of forwardedFor) statuses.push((await sessionFrom(service, socket, { 'x-forwarded-for': address })).statusCode);
    return statuses;
  };

  it('ignores X-Forwarded-For without TRUST_PROXY: every client of one socket address is that address', async () => {
    const service = await start({ widgetLimits: limitsWith({ sessionsPerAddress: 2 }) });
    expect(await statusesOf(service, PROXY, ['198.51.100.1', '198.51.100.2', '198.51.100.3'])).toEqual([200, 200, 429]);
  });

  it('honours X-Forwarded-For from the proxy TRUST_PROXY names, and from no other address', async () => {
    const service = await start({ trustProxy: [PROXY], widgetLimits: limitsWith({ sessionsPerAddress: 2 }) });
    expect(await statusesOf(service, PROXY, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])).toEqual([200, 200, 200, 200]);
    expect(await statusesOf(service, PROXY, ['198.51.100.9', '198.51.100.9', '198.51.100.9'])).toEqual([200, 200, 429]);
    // A client writing its own X-Forwarded-For only adds to the left of what the proxy appends.
    expect(await statusesOf(service, PROXY, ['203.0.113.50, 198.51.100.9'])).toEqual([429]);
    // Straight to the service from anywhere else, the header is the client's own word: ignored.
    expect(await statusesOf(service, '10.0.0.2', ['198.51.100.20', '198.51.100.21', '198.51.100.22'])).toEqual([200, 200, 429]);
  });

  it('keeps the Host check on the Host header when a proxy is trusted', async () => {
    const service = await start({ trustProxy: [PROXY] });
    const settingsVia = (headers: Record<string, string>) =>
      service.app.inject({ method: 'GET', url: WIDGET_PATHS.settings(BOT), headers: { ...fromPage(PAGE), ...headers }, remoteAddress: PROXY });
    const foreign = await settingsVia({ host: 'attacker.example', 'x-forwarded-host': 'localhost' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ Message: expect.stringMatching(/^Host: "attacker\.example" is not served here/) });
    expect((await settingsVia({ host: 'localhost:8787', 'x-forwarded-host': 'attacker.example' })).statusCode).toBe(200);
  });
});

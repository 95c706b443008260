// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeSchema, visitorSessionSchema, visitorSettingsSchema, VISITOR_TOKEN_HEADER, WIDGET_PATHS } from '../../src/api/contract';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY } from '../config';
import { BOT, failing, ok, SECRET, sseObjects, startTestApp, temporaryDir, type TestApp } from '../test-support';
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

async function askFrom(service: TestApp, session: { SessionID: number; VisitorToken: string }, content: string, origin = PAGE) {
  return service.app.inject({
    method: 'POST',
    url: WIDGET_PATHS.ask(BOT),
    headers: { ...fromPage(origin), 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
    payload: { sessionID: session.SessionID, content, stream: true },
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

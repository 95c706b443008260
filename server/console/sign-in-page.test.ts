import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, temporaryDir, type TestApp } from '../test-support';
import { PASSWORD, cookieOf, demoOwner, post, withCookie } from './console-test-client';

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

const SIGN_IN_HTML = '<!doctype html><html><head><title>Sign in</title></head><body><div id="root"></div></body></html>';

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<FastifyInstance> {
  const dataDir = temporaryDir();
  const distDir = join(dataDir, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  writeFileSync(join(distDir, 'sign-in.html'), SIGN_IN_HTML);
  test = await startTestApp({ dataDir, distDir, ...options });
  return test.app;
}

/** The Demo owner protects the console: from now on a new browser must sign in. Returns the owner's session. */
async function protect(app: FastifyInstance): Promise<string> {
  const response = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(app));
  expect(response.statusCode).toBe(200);
  return cookieOf(response);
}

const metaOf = (html: string, name: string) => new RegExp(`<meta name="realty-bot:${name}" content="([^"]*)" />`).exec(html)?.[1];

describe('GET /sign-in', () => {
  it('is the sign-in page, saying that anyone with a way in can sign in and whether SSO is offered, never cached', async () => {
    const app = await start();
    await protect(app);
    const page = await app.inject({ method: 'GET', url: '/sign-in?next=%2Fbots%2Fdemo-bot%2Fchat', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Sign in</title>');
    expect([metaOf(page.body, 'access'), metaOf(page.body, 'sso')]).toEqual(['sign-in', 'off']);
    // Before </head>, where the page reads them at once.
    expect(page.body.indexOf('realty-bot:access')).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('says the console waits for its first owner when it has none', async () => {
    const app = await start({ host: '0.0.0.0' });
    const page = await app.inject({ method: 'GET', url: '/sign-in' });
    expect(metaOf(page.body, 'access')).toBe('setup');
  });

  it('sends a member already signed in on to `next`, and only to a path of this console', async () => {
    const app = await start();
    const owner = await protect(app);
    const cases: [url: string, to: string][] = [
      ['/sign-in?next=%2Fbots%2Fdemo-bot%2Fchat%3Fsession%3D1', '/bots/demo-bot/chat?session=1'],
      ['/sign-in', '/'],
      ['/sign-in?next=%2F%2Fevil.example', '/'],
      ['/sign-in?next=https%3A%2F%2Fevil.example%2F', '/'],
      ['/sign-in?next=%2Fsign-in', '/'],
      // Twice is no single path.
      ['/sign-in?next=%2Fmembers&next=%2F%2Fevil.example', '/'],
    ];
    for (const [url, to] of cases) {
      const answer = await app.inject({ method: 'GET', url, headers: withCookie(owner) });
      expect([answer.statusCode, answer.headers.location], url).toEqual([303, to]);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends a demo start on to `next`, where the dashboard signs the Demo owner in', async () => {
    const app = await start();
    const answer = await app.inject({ method: 'GET', url: '/sign-in?next=%2Fmembers' });
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/members']);
  });

  it('says the app is not built when it is not', async () => {
    test = await startTestApp({ host: '0.0.0.0' });
    const answer = await test.app.inject({ method: 'GET', url: '/sign-in' });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toContain('npm run build');
  });
});

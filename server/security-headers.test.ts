// @vitest-environment node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET, startTestApp, temporaryDir, type TestApp } from './test-support';

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function startWithDist(options: Parameters<typeof startTestApp>[0] = {}) {
  const dataDir = temporaryDir();
  const dist = join(dataDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-a1.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-a1.js'), 'console.warn("app")');
  running = await startTestApp({ dataDir, distDir: dist, ...options });
  return running.app;
}

/** The policy as directive name → sources. */
function policyOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('serves the app with a CSP that allows scripts from this origin only', async () => {
    const app = await startWithDist();
    for (const url of ['/', '/bots/demo-bot/chat', '/assets/index-a1.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      // Only styles may be inline (Mantine's runtime <style> tags).
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      for (const [name, sources] of policy) {
        if (name !== 'style-src') expect({ name, sources }).toEqual({ name, sources: sources.filter((source) => !/unsafe/.test(source)) });
      }
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:', 'https:']));
      expect(policy.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      // The service is plain http on localhost: no HSTS to pin a browser to https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends them on API answers and errors too', async () => {
    const app = await startWithDist();
    const answers = [
      await app.inject({ method: 'GET', url: '/chat/Chatbot/ModelList', headers: SECRET }),
      await app.inject({ method: 'POST', url: '/chat/Chatbot/Detail', headers: SECRET, payload: '{' }),
      await app.inject({ method: 'GET', url: '/console/health' }),
    ];
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(policyOf(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    }
    // Refused before routing (a malformed address), so before helmet's hook: still never sniffed.
    const malformed = await app.inject({ method: 'POST', url: '/chat/Chatbot/Detail%', headers: SECRET, payload: '{}' });
    expect(malformed.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the upload reach the hosted service\'s pre-signed address in proxy mode only', async () => {
    const app = await startWithDist({ upstream: { url: 'https://hosted.example.com', secretKey: null, sessionKey: null, chatbotIds: [] } });
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it.each(['index.html', 'sign-in.html'])('%s has no inline script the policy would block', (file) => {
    const html = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

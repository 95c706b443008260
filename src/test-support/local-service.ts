import { inject } from 'vitest';
import { saveConnection } from '../api/credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Started by vitest.service-setup.ts for the `*.service.test.ts` files. */
    localServiceUrl: string;
    /** The console in proxy mode, in front of a hosted stand-in without the local service's additions. */
    proxyServiceUrl: string;
    /** The session cookie of the proxy's first owner (`name=value`). */
    proxySessionCookie: string;
  }
}

/** The session cookie each service sent, by origin: added to every request the client sends there. */
const cookies = new Map<string, string>();
let fetchWithCookies: typeof fetch | undefined;

/**
 * The client sends no key, as in a browser, and lets the browser carry the session cookie.
 * Node's fetch keeps no cookies, so the tests add the one each service gave them.
 */
function carryCookies(): void {
  if (fetchWithCookies && globalThis.fetch === fetchWithCookies) return;
  const original = globalThis.fetch;
  fetchWithCookies = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const cookie = cookies.get(url.origin);
    if (!cookie) return original(input, init);
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    return original(input, { ...init, headers });
  };
  globalThis.fetch = fetchWithCookies;
}

/** The local service of the tests is a demo start: its Demo owner signs in with no password. */
async function demoOwnerCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/console/demo-sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`The demo sign-in failed: ${response.status}`);
  return cookie;
}

/** Points apiFetch at the tests' local service, signed in as its Demo owner (call it in beforeEach). */
export async function connectToLocalService(chatbotId: string): Promise<void> {
  const baseUrl = inject('localServiceUrl');
  if (!cookies.has(baseUrl)) cookies.set(baseUrl, await demoOwnerCookie(baseUrl));
  carryCookies();
  saveConnection({ baseUrl, chatbotIds: [chatbotId] });
}

/** Points apiFetch at the console in proxy mode, whose hosted service lacks RealEstateBatch (vitest.service-setup.ts). */
export function connectThroughProxy(chatbotId: string): void {
  const baseUrl = inject('proxyServiceUrl');
  cookies.set(baseUrl, inject('proxySessionCookie'));
  carryCookies();
  saveConnection({ baseUrl, chatbotIds: [chatbotId] });
}

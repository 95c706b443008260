// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/api/contract/permissions';
import { ConfigError, configFromEnv } from '../config';
import { startTestProvider, type TestAccounts, type TestProvider } from '../test-oidc-provider';
import { BOT, ownerSession, startTestApp, type TestApp } from '../test-support';
import { COOKIE_NAME } from './access';

/*
 * Single sign-on against a real OpenID Connect provider (oidc-provider, on 127.0.0.1), and the
 * console listening on a port of its own, since the provider sends the browser back to it. The
 * browser is played with fetch: manual redirects, a cookie jar per origin, and the provider's
 * own login and consent forms.
 */

const CLIENT_ID = 'realty-console';
const CLIENT_SECRET = 'oidc-client-secret-0123456789';
const PASSWORD = 'correct horse battery staple';
const STATE_COOKIE = 'rbc_sso_state';

/** The provider's people, by the login typed into its form. */
const ACCOUNTS: TestAccounts = {
  owner: { email: 'owner@example.com', email_verified: true, name: 'Test Owner' },
  alice: { email: 'alice@example.com', email_verified: true, name: 'Alice Provider-Name' },
  // An account anyone can open with somebody else's address, which the provider never checked.
  mallory: { email: 'alice@example.com', email_verified: false, name: 'Mallory' },
  nina: { email: '  Nina@Example.COM ', email_verified: true, name: 'Nina Newcomer' },
  bob: { email: 'bob@example.com', email_verified: true, name: 'Bob' },
  // As Microsoft Entra ID signs in a work account: no email_verified, the tenant's domain proof instead.
  entra: { email: 'erin@example.com', xms_edov: true, name: 'Erin Entra' },
  entraUnproven: { email: 'erin@example.com', xms_edov: false, name: 'Erin Elsewhere' },
  stranger: { email: 'stranger@example.com', email_verified: true, name: 'Stranger' },
};

/** A browser: cookies kept per origin (host and port), redirects followed by hand. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(new URL(origin).host)?.get(name);
  }

  setCookie(origin: string, name: string, value: string | null): void {
    const jar = this.jarOf(new URL(origin).host);
    if (value === null) jar.delete(name);
    else jar.set(name, value);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const jar = this.jarOf(new URL(url).host);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]!) < Date.now()));
      if (value === '' || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  private jarOf(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base).href;
}

/** The provider's form on an interaction page: where it posts, and its hidden fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the provider's page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) fields[name!] = value!;
  return { action, fields };
}

interface Started {
  test: TestApp;
  consoleUrl: string;
  provider: TestProvider;
}

const running: Started[] = [];
afterEach(async () => {
  for (const { test, provider } of running.splice(0)) {
    await test.close();
    await provider.close();
  }
});

let clock = Date.now();
const now = () => clock;

/**
 * The console, listening, with single sign-on at a fresh provider. `open: false` leaves the
 * provider down until `provider.open(...)`.
 */
async function start({
  claimsInIdToken = false,
  open = true,
  providerSecret,
  ...options
}: { claimsInIdToken?: boolean; open?: boolean; providerSecret?: string } & Parameters<typeof startTestApp>[0] = {}): Promise<Started & { callback: string }> {
  clock = Date.now();
  const provider = await startTestProvider({ accounts: ACCOUNTS, clientId: CLIENT_ID, clientSecret: providerSecret ?? CLIENT_SECRET, claimsInIdToken });
  const test = await startTestApp({ now, oidc: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, ...options });
  const consoleUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
  running.push({ test, consoleUrl, provider });
  const callback = `${consoleUrl}/console/sso/callback`;
  if (open) provider.open(callback);
  return { test, consoleUrl, provider, callback };
}

interface Journey {
  /** Where the console sent the browser in the end: `next`, or the sign-in page with `?sso=`. */
  landed: string;
  /** The callback address the provider sent the browser to (code, state, iss). */
  callbackUrl: string | null;
}

/**
 * `browser` signs in with SSO as `login`: from the console's start address, through the
 * provider's login and consent forms, back to the console. `atCallback` may stand in for the
 * browser's last step (to tamper with it, or to stop there: return null).
 */
async function signIn(
  browser: Browser,
  consoleUrl: string,
  login: string,
  { next, abort = false, atCallback }: { next?: string; abort?: boolean; atCallback?: (url: string) => Promise<Response | null> } = {},
): Promise<Journey> {
  let url = `${consoleUrl}/console/sso/start${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`;
  let callbackUrl: string | null = null;
  for (let step = 0; step < 20; step += 1) {
    let response: Response;
    if (url.startsWith(`${consoleUrl}/console/sso/callback`) && atCallback) {
      callbackUrl = url;
      const tampered = await atCallback(url);
      if (!tampered) return { landed: '', callbackUrl };
      response = tampered;
    } else {
      if (url.startsWith(`${consoleUrl}/console/sso/callback`)) callbackUrl = url;
      response = await browser.get(url);
    }
    if (response.status >= 300 && response.status < 400) {
      const target = locationOf(response, url);
      if (target.startsWith(consoleUrl) && !new URL(target).pathname.startsWith('/console/sso/')) {
        expect(response.status).toBe(303);
        return { landed: target.slice(consoleUrl.length), callbackUrl };
      }
      url = target;
      continue;
    }
    expect(response.status, `${url}: ${response.status}`).toBe(200);
    const form = formOf(await response.text());
    if (form.fields.prompt === 'login') {
      if (abort) {
        url = `${new URL(form.action).origin}${new URL(form.action).pathname}/abort`;
        continue;
      }
      response = await browser.post(form.action, { ...form.fields, login, password: 'anything' });
    } else {
      response = await browser.post(form.action, form.fields);
    }
    url = locationOf(response, form.action);
  }
  throw new Error('the sign-in went round in circles');
}

async function bootstrapOf(browser: Browser, consoleUrl: string) {
  const response = await browser.get(`${consoleUrl}/console/bootstrap`);
  return (await response.json()) as { access: string; sso: boolean; member: { email: string; name: string; role: Role; chatbots: string[] } | null; chatbotIds: string[] };
}

/** The console's first owner (made with a setup link) and a way to act as them. */
async function asOwner(test: TestApp) {
  const headers = await ownerSession(test);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await test.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: never }>().Data;
  };
  const invite = (email: string, role: Role, chatbots: string[]) =>
    call('POST', '/console/invitations', { email, role, chatbots }) as Promise<{ invitation: { id: string }; link: string }>;
  return {
    invite,
    /** Invited and accepted with a password, the ordinary way; returns the member's id. */
    async member(email: string, role: Role, chatbots = [BOT]): Promise<string> {
      const { link } = await invite(email, role, chatbots);
      const token = new URL(link).hash.slice('#token='.length);
      const accepted = await test.app.inject({ method: 'POST', url: '/console/invitations/accept', headers: { 'sec-fetch-site': 'same-origin' }, payload: { token, name: email, password: PASSWORD } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return accepted.json<{ Data: { member: { id: string } } }>().Data.member.id;
    },
    members: () => call('GET', '/console/members') as Promise<{ members: { email: string; name: string }[]; invitations: { email: string }[] }>,
    change: (id: string, change: object) => call('PATCH', `/console/members/${id}`, change),
    revoke: (id: string) => call('DELETE', `/console/invitations/${id}`),
  };
}

describe('single sign-on', () => {
  it.each([
    ['in the ID token', true],
    ['from UserInfo only', false],
  ])('signs in an invited member by the verified email the provider gives (claims %s), with a new session each time', async (_where, claimsInIdToken) => {
    const { test, consoleUrl } = await start({ claimsInIdToken });
    await (await asOwner(test)).member('alice@example.com', 'Editor', [BOT]);
    const browser = new Browser();

    const first = await signIn(browser, consoleUrl, 'alice', { next: `/bots/${BOT}/settings?tab=widget` });
    expect(first.landed).toBe(`/bots/${BOT}/settings?tab=widget`);
    const firstSession = browser.cookie(consoleUrl, COOKIE_NAME);
    expect(firstSession).toBeDefined();
    expect(browser.cookie(consoleUrl, STATE_COOKIE)).toBeUndefined();
    expect(await bootstrapOf(browser, consoleUrl)).toMatchObject({ access: 'signed-in', sso: true, member: { email: 'alice@example.com', role: 'Editor', chatbots: [BOT] }, chatbotIds: [BOT] });

    // Again, from the same browser (the provider remembers her): a new session, and the old one is over.
    const second = await signIn(browser, consoleUrl, 'alice', { next: '//evil.example/phish' });
    expect(second.landed).toBe('/');
    const secondSession = browser.cookie(consoleUrl, COOKIE_NAME);
    expect(secondSession).toBeDefined();
    expect(secondSession).not.toBe(firstSession);
    const stale = await test.app.inject({ method: 'GET', url: '/console/bootstrap', headers: { cookie: `${COOKIE_NAME}=${firstSession}` } });
    expect(stale.json()).toMatchObject({ access: 'sign-in' });
  });

  it('accepts an invitation waiting for the email, with its role and grant, and the name the provider gives', async () => {
    const { test, consoleUrl } = await start();
    const owner = await asOwner(test);
    await owner.invite('nina@example.com', 'Agent', [`${BOT}-staging`]);
    const browser = new Browser();

    expect((await signIn(browser, consoleUrl, 'nina', { next: '/members' })).landed).toBe('/members');
    expect(await bootstrapOf(browser, consoleUrl)).toMatchObject({
      access: 'signed-in',
      member: { email: 'nina@example.com', name: 'Nina Newcomer', role: 'Agent', chatbots: [`${BOT}-staging`] },
      chatbotIds: [`${BOT}-staging`],
    });
    const { members, invitations } = await owner.members();
    expect(members.filter((member) => member.email === 'nina@example.com')).toHaveLength(1);
    expect(invitations).toEqual([]);
  });

  it('never makes a member nobody invited, nor accepts a revoked invitation', async () => {
    const { test, consoleUrl } = await start();
    const owner = await asOwner(test);
    const revoked = await owner.invite('stranger@example.com', 'Viewer', [BOT]);
    await owner.revoke(revoked.invitation.id);
    const before = (await owner.members()).members;
    const browser = new Browser();

    expect((await signIn(browser, consoleUrl, 'stranger')).landed).toBe('/sign-in?sso=not-invited');
    expect(browser.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();
    expect((await owner.members()).members).toEqual(before);
    expect(await bootstrapOf(browser, consoleUrl)).toMatchObject({ access: 'sign-in', member: null });
  });

  it("refuses an email the provider did not verify, even a member's", async () => {
    const { test, consoleUrl } = await start();
    await (await asOwner(test)).member('alice@example.com', 'Owner', ['*']);
    const browser = new Browser();

    expect((await signIn(browser, consoleUrl, 'mallory')).landed).toBe('/sign-in?sso=unverified-email');
    expect(browser.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();
  });

  it("takes Entra ID's domain proof (xms_edov) where the provider sends no email_verified, and only when it is true", async () => {
    const { test, consoleUrl } = await start();
    await (await asOwner(test)).member('erin@example.com', 'Editor', ['*']);
    expect((await signIn(new Browser(), consoleUrl, 'entraUnproven')).landed).toBe('/sign-in?sso=unverified-email');
    const browser = new Browser();
    expect((await signIn(browser, consoleUrl, 'entra')).landed).toBe('/');
    expect(await bootstrapOf(browser, consoleUrl)).toMatchObject({ access: 'signed-in', member: { email: 'erin@example.com' } });
  });

  it('refuses a disabled member', async () => {
    const { test, consoleUrl } = await start();
    const owner = await asOwner(test);
    await owner.change(await owner.member('bob@example.com', 'Editor'), { disabled: true });
    const browser = new Browser();

    expect((await signIn(browser, consoleUrl, 'bob')).landed).toBe('/sign-in?sso=disabled');
    expect(browser.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();
  });

  it('signs in only the browser that started: a callback link from another browser, without the cookie or with another state, is expired', async () => {
    const { test, consoleUrl } = await start();
    await (await asOwner(test)).member('alice@example.com', 'Editor');

    // An attacker stops at the callback of their own sign-in and sends the link to a victim.
    const attacker = new Browser();
    const { callbackUrl } = await signIn(attacker, consoleUrl, 'alice', { atCallback: async () => null });
    const victim = new Browser();
    const followed = await victim.get(callbackUrl!);
    expect(followed.status).toBe(303);
    expect(locationOf(followed, consoleUrl)).toBe(`${consoleUrl}/sign-in?sso=expired`);
    expect(victim.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();

    // The browser's own sign-in, with its state cookie gone.
    const noCookie = new Browser();
    const withoutCookie = await signIn(noCookie, consoleUrl, 'alice', {
      atCallback: (url) => {
        noCookie.setCookie(consoleUrl, STATE_COOKIE, null);
        return noCookie.get(url);
      },
    });
    expect(withoutCookie.landed).toBe('/sign-in?sso=expired');

    // …and with a state that is not the one it sent.
    const wrongState = new Browser();
    const withWrongState = await signIn(wrongState, consoleUrl, 'alice', {
      atCallback: (url) => {
        const changed = new URL(url);
        changed.searchParams.set('state', `${changed.searchParams.get('state')}x`);
        return wrongState.get(changed.href);
      },
    });
    expect(withWrongState.landed).toBe('/sign-in?sso=expired');
    expect(wrongState.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();
  });

  it('takes a sign-in once: its callback replayed, cookie and all, is expired', async () => {
    const { test, consoleUrl } = await start();
    await (await asOwner(test)).member('alice@example.com', 'Editor');
    const browser = new Browser();
    let stateCookie = '';
    const { landed, callbackUrl } = await signIn(browser, consoleUrl, 'alice', {
      atCallback: (url) => {
        stateCookie = browser.cookie(consoleUrl, STATE_COOKIE)!;
        return browser.get(url);
      },
    });
    expect(landed).toBe('/');

    const replay = new Browser();
    replay.setCookie(consoleUrl, STATE_COOKIE, stateCookie);
    const response = await replay.get(callbackUrl!);
    expect(locationOf(response, consoleUrl)).toBe(`${consoleUrl}/sign-in?sso=expired`);
    expect(replay.cookie(consoleUrl, COOKIE_NAME)).toBeUndefined();
  });

  it('expires a sign-in not back within 10 minutes', async () => {
    const { test, consoleUrl } = await start();
    await (await asOwner(test)).member('alice@example.com', 'Editor');
    const browser = new Browser();
    const { landed } = await signIn(browser, consoleUrl, 'alice', {
      atCallback: (url) => {
        clock += 10 * 60_000 + 1;
        return browser.get(url);
      },
    });
    expect(landed).toBe('/sign-in?sso=expired');
  });

  it('says failed when the person cancels at the provider, or the provider refuses the code, and logs why without secrets', async () => {
    const lines: string[] = [];
    const { test, consoleUrl } = await start({ providerSecret: 'the-provider-knows-another-secret', logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } });
    await (await asOwner(test)).member('alice@example.com', 'Editor');

    expect((await signIn(new Browser(), consoleUrl, 'alice', { abort: true })).landed).toBe('/sign-in?sso=failed');
    // The console's client secret is not the one the provider holds: the code is not redeemed.
    const { landed, callbackUrl } = await signIn(new Browser(), consoleUrl, 'alice');
    expect(landed).toBe('/sign-in?sso=failed');

    const log = lines.join('');
    expect(log).toContain('"error":"access_denied"');
    expect(log).toContain('"error":"invalid_client"');
    expect(log).not.toContain(CLIENT_SECRET);
    expect(log).not.toContain(new URL(callbackUrl!).searchParams.get('code'));
  });

  it('discovers the provider at first use, and tries again after a failure', async () => {
    const lines: string[] = [];
    const { test, consoleUrl, provider, callback } = await start({ open: false, logLevel: 'warn', logStream: { write: (line) => void lines.push(line) } });
    await (await asOwner(test)).member('alice@example.com', 'Editor');
    const browser = new Browser();

    const down = await browser.get(`${consoleUrl}/console/sso/start`);
    expect(locationOf(down, consoleUrl)).toBe(`${consoleUrl}/sign-in?sso=failed`);
    expect(lines.join('')).toContain('single sign-on: discovery of the OpenID Connect provider failed');
    provider.open(callback);
    expect((await signIn(browser, consoleUrl, 'alice')).landed).toBe('/');
  });

  it('sends the browser to the provider with PKCE (S256), state, nonce and a state cookie like the session cookie', async () => {
    const { test, provider } = await start({ consoleUrl: 'https://console.example.com' });
    const response = await test.app.inject({ method: 'GET', url: '/console/sso/start?next=/members', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(303);
    const authorization = new URL(response.headers.location as string);
    expect(authorization.href.startsWith(`${provider.issuer}/`)).toBe(true);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: 'https://console.example.com/console/sso/callback',
    });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(authorization.searchParams.get(name)).toMatch(/^[\w-]{43,}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^__Host-${STATE_COOKIE}=${authorization.searchParams.get('state')};`));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=600/);
  });

  it('slows down an address after many failed callbacks', async () => {
    const { test } = await start();
    const callback = () => test.app.inject({ method: 'GET', url: '/console/sso/callback?code=x&state=y', headers: { cookie: `${STATE_COOKIE}=y` } });
    for (let attempt = 0; attempt < 21; attempt += 1) expect((await callback()).headers.location).toBe('/sign-in?sso=expired');
    expect((await callback()).headers.location).toBe('/sign-in?sso=throttled');
  });

  it('is off without OIDC_* settings: the start address is not found and the bootstrap says so', async () => {
    const test = await startTestApp({ now });
    try {
      const response = await test.app.inject({ method: 'GET', url: '/console/sso/start' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Success: false, Code: 404 });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await test.app.inject({ method: 'GET', url: '/console/bootstrap' })).json()).toMatchObject({ sso: false });
    } finally {
      await test.close();
    }
  });
});

describe('OIDC_* settings', () => {
  const ALL = { OIDC_ISSUER: 'https://login.example.com/realms/team', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 's3cret' };

  it('are all three or none', () => {
    expect(configFromEnv({}).oidc).toBeNull();
    expect(configFromEnv(ALL).oidc).toEqual({ issuer: 'https://login.example.com/realms/team', clientId: 'console', clientSecret: 's3cret' });
    expect(() => configFromEnv({ ...ALL, OIDC_CLIENT_SECRET: '' })).toThrow(
      new ConfigError('OIDC_CLIENT_SECRET: not set; single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET together (or none of them)'),
    );
    expect(() => configFromEnv({ OIDC_ISSUER: ALL.OIDC_ISSUER })).toThrow(/^OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: not set; /);
  });

  it('take an https issuer, or http only on this machine', () => {
    expect(configFromEnv({ ...ALL, OIDC_ISSUER: 'http://127.0.0.1:8080/realms/dev' }).oidc?.issuer).toBe('http://127.0.0.1:8080/realms/dev');
    expect(configFromEnv({ ...ALL, OIDC_ISSUER: 'http://localhost:8080' }).oidc?.issuer).toBe('http://localhost:8080');
    for (const issuer of ['http://login.example.com', 'login.example.com', 'https://user:pw@login.example.com', 'https://login.example.com/?x=1', 'ftp://login.example.com']) {
      expect(() => configFromEnv({ ...ALL, OIDC_ISSUER: issuer }), issuer).toThrow(/^OIDC_ISSUER: must be the provider's https:\/\/ issuer address/);
    }
    expect(() => configFromEnv({ ...ALL, OIDC_ISSUER: 'https://login.example.com/.well-known/openid-configuration' })).toThrow(/^OIDC_ISSUER: give the issuer itself/);
  });
});

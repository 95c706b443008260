import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createListing } from '../../src/demo-data';
import { SESSION_ENDED, SIGN_IN_REFUSED } from '../../src/api/contract/console-access';
import { ROLES, type Role } from '../../src/api/contract/permissions';
import { type OperationName } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { DEMO_SECRET_KEY } from '../config';
import { BOT, call, startTestApp, type TestApp } from '../test-support';
import { COOKIE_NAME } from './access';
import { BROWSER, PASSWORD, bootstrap, cookieOf, demoOwner, invitedMember, post, withCookie } from './console-test-client';

const STAGING = `${BOT}-staging`;
let clock = Date.UTC(2026, 10, 27, 9);
const now = () => clock;

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<FastifyInstance> {
  clock = Date.UTC(2026, 10, 27, 9);
  test = await startTestApp({ now, ...options });
  return test.app;
}

/** The demo owner protects the console; returns the owner's new session. */
async function protectedOwner(app: FastifyInstance): Promise<string> {
  const response = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(app));
  expect(response.statusCode).toBe(200);
  return cookieOf(response);
}

/** A member of `role` on `chatbots`, invited by `inviter` and signed in. */
const member = (app: FastifyInstance, inviter: string, role: Role, chatbots: string[] = [BOT]) => invitedMember(app, inviter, role, chatbots);

/** An operation as the console sends it: the session cookie, no key. */
function asMember(app: FastifyInstance, name: OperationName, body: unknown, cookie: string) {
  return call(app, name, body, withCookie(cookie));
}

describe('a demo start', () => {
  it('opens as the Demo owner, who acts with the server-held key and no key of its own', async () => {
    const app = await start();
    expect(await bootstrap(app)).toMatchObject({ access: 'demo', member: null, chatbotIds: [] });
    const cookie = await demoOwner(app);
    expect(await bootstrap(app, cookie)).toMatchObject({ access: 'signed-in', member: { name: 'Demo owner', role: 'Owner', demo: true }, chatbotIds: [BOT, STAGING] });
    const { status } = await asMember(app, 'Edit', { serialNumber: BOT, Name: 'By the demo owner' }, cookie);
    expect(status).toBe(200);
    // Nothing the browser is told holds a key.
    expect(JSON.stringify(await bootstrap(app, cookie))).not.toContain(DEMO_SECRET_KEY);
  });

  it('ends for good once the owner protects the console; a new browser must sign in', async () => {
    const app = await start();
    const demoCookie = await demoOwner(app);
    const protectedResponse = await post(app, '/console/protect', { email: 'Owner@Example.com', name: 'Olive Owner', password: PASSWORD }, demoCookie);
    const ownerCookie = cookieOf(protectedResponse);
    expect(ownerCookie).not.toBe(demoCookie);
    expect(await bootstrap(app)).toMatchObject({ access: 'sign-in' });
    expect((await post(app, '/console/demo-sign-in', {})).statusCode).toBe(403);
    // The demo session that protected the console was replaced by the new one.
    expect((await bootstrap(app, demoCookie)).access).toBe('sign-in');
    const signedIn = await post(app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect((await bootstrap(app, cookieOf(signedIn))).member).toMatchObject({ name: 'Olive Owner', role: 'Owner', demo: false });
  });

  it('is not offered on a start that is not a demo start (proxy, another host)', async () => {
    const app = await start({ host: '0.0.0.0' });
    expect(await bootstrap(app)).toMatchObject({ access: 'setup' });
    expect((await post(app, '/console/demo-sign-in', {})).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('get a new id at every sign-in, whatever id the browser brought', async () => {
    const app = await start();
    await protectedOwner(app);
    const planted = 'planted-by-an-attacker-0123456789abcdefghijkl';
    const response = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      payload: { email: 'owner@example.com', password: PASSWORD },
      headers: { cookie: `${COOKIE_NAME}=${planted}`, ...BROWSER },
    });
    const first = cookieOf(response);
    expect(first).not.toBe(planted);
    expect(first.length).toBeGreaterThanOrEqual(43);
    const again = cookieOf(await post(app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD }, first));
    expect(again).not.toBe(first);
    // Signing in again from the same browser ends its previous session.
    expect((await bootstrap(app, first)).access).toBe('sign-in');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('are Secure with the __Host- prefix over https', async () => {
    const app = await start();
    await protectedOwner(app);
    const response = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      payload: { email: 'owner@example.com', password: PASSWORD },
      headers: { ...BROWSER, 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-rbc_session=[^;]+;.*Secure/i);
  });

  it('end after the idle timeout and after the absolute lifetime, on the server clock', async () => {
    const app = await start({ sessionIdleMinutes: 30, sessionMaxHours: 2 });
    let cookie = await protectedOwner(app);
    clock += 29 * 60_000;
    expect((await bootstrap(app, cookie)).access).toBe('signed-in');
    clock += 31 * 60_000;
    expect((await bootstrap(app, cookie)).access).toBe('sign-in');
    const { status, envelope } = await asMember(app, 'Detail', { serialNumber: BOT }, cookie);
    expect({ status, message: envelope.Message }).toEqual({ status: 401, message: SESSION_ENDED });

    cookie = cookieOf(await post(app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD }));
    for (let step = 0; step < 8; step += 1) {
      clock += 15 * 60_000;
      expect((await bootstrap(app, cookie)).access, `after ${(step + 1) * 15} minutes`).toBe('signed-in');
    }
    clock += 15 * 60_000 + 1;
    expect((await bootstrap(app, cookie)).access).toBe('sign-in');
  });

  it('sign out ends the session on the server, not just the cookie', async () => {
    const app = await start();
    const cookie = await protectedOwner(app);
    expect((await post(app, '/console/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await asMember(app, 'Detail', { serialNumber: BOT }, cookie)).status).toBe(401);
  });

  it('removal, disabling and a role change take effect at the member’s next request', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const editor = await member(app, owner, 'Editor');
    expect((await asMember(app, 'Edit', { serialNumber: BOT, Name: 'Editor was here' }, editor.cookie)).status).toBe(200);

    await app.inject({ method: 'PATCH', url: `/console/members/${editor.id}`, payload: { role: 'Agent' }, headers: withCookie(owner) });
    const refused = await asMember(app, 'Edit', { serialNumber: BOT, Name: 'Still editor?' }, editor.cookie);
    expect({ status: refused.status, message: refused.envelope.Message }).toEqual({ status: 403, message: `Role Agent may not edit settings of ${BOT}` });

    await app.inject({ method: 'PATCH', url: `/console/members/${editor.id}`, payload: { disabled: true }, headers: withCookie(owner) });
    expect((await asMember(app, 'Detail', { serialNumber: BOT }, editor.cookie)).status).toBe(401);
    // Disabled, the right password opens nothing either, and says no more than a wrong one.
    const disabledSignIn = await post(app, '/console/sign-in', { email: editor.email, password: PASSWORD });
    expect({ status: disabledSignIn.statusCode, message: disabledSignIn.json<{ Message: string }>().Message }).toEqual({ status: 401, message: SIGN_IN_REFUSED });

    const agent = await member(app, owner, 'Agent');
    expect((await asMember(app, 'Detail', { serialNumber: BOT }, agent.cookie)).status).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/console/members/${agent.id}`, headers: withCookie(owner) })).statusCode).toBe(200);
    expect((await asMember(app, 'Detail', { serialNumber: BOT }, agent.cookie)).status).toBe(401);
  });

  it('lists the member’s own devices, and ends any of them', async () => {
    const app = await start();
    const first = await protectedOwner(app);
    const second = cookieOf(await post(app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD }));
    const listed = await app.inject({ method: 'GET', url: '/console/account/sessions', headers: withCookie(first) });
    const devices = listed.json<{ Data: { devices: { id: string; current: boolean }[] } }>().Data.devices;
    expect(devices).toHaveLength(2);
    const other = devices.find((device) => !device.current)!;
    expect((await app.inject({ method: 'DELETE', url: `/console/account/sessions/${other.id}`, headers: withCookie(first) })).statusCode).toBe(200);
    expect((await bootstrap(app, second)).access).toBe('sign-in');
    expect((await bootstrap(app, first)).access).toBe('signed-in');
  });
});

describe('signing in', () => {
  it('answers an unknown email and a wrong password alike: status, message, and work done', async () => {
    const app = await start();
    await protectedOwner(app);
    const unknown = await post(app, '/console/sign-in', { email: 'nobody@example.com', password: PASSWORD });
    const wrong = await post(app, '/console/sign-in', { email: 'owner@example.com', password: 'not the password at all' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ Success: false, Code: 401, Message: SIGN_IN_REFUSED });
      expect(response.cookies).toHaveLength(0);
    }
    // Both verify an Argon2id hash: the median times are of the same order (a skipped verify is ~100x faster).
    const median = async (email: string) => {
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        clock += 16 * 60_000;
        const started = performance.now();
        await post(app, '/console/sign-in', { email, password: 'not the password at all' });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const [unknownTime, wrongTime] = [await median('nobody@example.com'), await median('owner@example.com')];
    expect(unknownTime / wrongTime).toBeGreaterThan(0.3);
    expect(unknownTime / wrongTime).toBeLessThan(3);
  });

  it('is throttled per account with a growing delay, and never locks the rightful member out', async () => {
    const app = await start();
    await protectedOwner(app);
    const attempt = (password: string, address = '10.0.0.1') =>
      app.inject({ method: 'POST', url: '/console/sign-in', payload: { email: 'owner@example.com', password }, headers: { ...BROWSER }, remoteAddress: address });
    for (let failure = 0; failure < 5; failure += 1) expect((await attempt('wrong password here')).statusCode).toBe(401);
    expect((await attempt('wrong password here')).statusCode).toBe(401);
    const throttled = await attempt(PASSWORD, '10.0.0.2');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<{ Message: string }>().Message).toMatch(/^Too many sign-in attempts: try again in 1 seconds?$/);
    expect(throttled.headers['retry-after']).toBe('1');
    clock += 1_000;
    expect((await attempt('wrong password here')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(429);
    clock += 2_000;
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('is throttled per client address across accounts', async () => {
    const app = await start();
    await protectedOwner(app);
    for (let failure = 0; failure < 20; failure += 1) {
      await app.inject({ method: 'POST', url: '/console/sign-in', payload: { email: `guess${failure}@example.com`, password: 'guessing away' }, headers: { ...BROWSER }, remoteAddress: '10.0.0.9' });
    }
    const fromGuesser = await app.inject({ method: 'POST', url: '/console/sign-in', payload: { email: 'guess99@example.com', password: 'guessing away' }, headers: { ...BROWSER }, remoteAddress: '10.0.0.9' });
    expect(fromGuesser.statusCode).toBe(401);
    const blocked = await app.inject({ method: 'POST', url: '/console/sign-in', payload: { email: 'owner@example.com', password: PASSWORD }, headers: { ...BROWSER }, remoteAddress: '10.0.0.9' });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await app.inject({ method: 'POST', url: '/console/sign-in', payload: { email: 'owner@example.com', password: PASSWORD }, headers: { ...BROWSER }, remoteAddress: '10.0.0.10' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts each client behind the proxy TRUST_PROXY names on its own, and believes no one else’s X-Forwarded-For', async () => {
    const PROXY = '10.0.0.50';
    const app = await start({ trustProxy: [PROXY] });
    await protectedOwner(app);
    const signIn = (email: string, password: string, forwardedFor: string, remoteAddress = PROXY) =>
      app.inject({ method: 'POST', url: '/console/sign-in', payload: { email, password }, headers: { ...BROWSER, 'x-forwarded-for': forwardedFor }, remoteAddress });
    for (let failure = 0; failure < 21; failure += 1) await signIn(`guess${failure}@example.com`, 'guessing away', '203.0.113.9');
    expect((await signIn('owner@example.com', PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    // The rest of the team, behind the same proxy, signs in.
    expect((await signIn('owner@example.com', PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    // A client that is not the proxy cannot pick an address to get around its throttle.
    for (let failure = 0; failure < 21; failure += 1) await signIn(`again${failure}@example.com`, 'guessing away', `198.51.100.${failure}`, '10.0.0.77');
    expect((await signIn('owner@example.com', PASSWORD, '198.51.100.99', '10.0.0.77')).statusCode).toBe(429);
    // 44 sign-ins, each a whole Argon2 check (an unknown email costs the same as a wrong password):
    // 3.5–5.2 s alone on a busy 2-core machine, over vitest's 5 s default once.
  }, 30_000);

  it('refuses a password under 12 characters, naming the field', async () => {
    const app = await start();
    const response = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive', password: 'short' }, await demoOwner(app));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe('password: must be at least 12 characters');
  });
});

describe('links', () => {
  /** A setup link, as the server prints it at start-up or `npm run members -- add-owner` does. */
  async function setupToken(): Promise<string> {
    const { issueSetupLink } = await import('./links');
    const { openConsoleStore } = await import('./store');
    const store = openConsoleStore(test!.dataDir);
    try {
      return new URL(issueSetupLink(store, 'http://localhost', now())).hash.slice('#token='.length);
    } finally {
      store.close();
    }
  }

  it('the setup link makes one owner, once, and only within 30 minutes', async () => {
    const app = await start({ host: '0.0.0.0' });
    const token = await setupToken();
    const setup = (email: string) => post(app, '/console/setup', { token, email, name: 'First Owner', password: PASSWORD });
    const first = await setup('first@example.com');
    expect(first.statusCode).toBe(200);
    expect((await bootstrap(app, cookieOf(first))).member).toMatchObject({ role: 'Owner', name: 'First Owner' });
    expect((await setup('second@example.com')).statusCode).toBe(403);

    const late = await setupToken();
    clock += 30 * 60_000 + 1;
    const expired = await post(app, '/console/setup', { token: late, email: 'late@example.com', name: 'Late', password: PASSWORD });
    expect(expired.statusCode).toBe(403);
  });

  it('no route makes an owner without a setup token', async () => {
    const app = await start({ host: '0.0.0.0' });
    const forged = await post(app, '/console/setup', { token: 'A'.repeat(43), email: 'me@example.com', name: 'Me', password: PASSWORD });
    expect(forged.statusCode).toBe(403);
    expect((await post(app, '/console/setup', { email: 'me@example.com', name: 'Me', password: PASSWORD })).statusCode).toBe(400);
    expect(await bootstrap(app)).toMatchObject({ access: 'setup' });
  });

  it('an invitation is bound to its email, works once and expires after 7 days', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const invite = async () => {
      const response = await post(app, '/console/invitations', { email: 'agent@example.com', role: 'Agent', chatbots: [BOT] }, owner);
      return new URL(response.json<{ Data: { link: string } }>().Data.link).hash.slice('#token='.length);
    };
    const token = await invite();
    const lookup = await post(app, '/console/invitations/lookup', { token });
    expect(lookup.json()).toMatchObject({ Data: { email: 'agent@example.com', role: 'Agent', chatbots: [BOT] } });
    // The body may not choose another email: the member made is the invited one.
    const withEmail = await post(app, '/console/invitations/accept', { token, name: 'Agent', password: PASSWORD, email: 'other@example.com' });
    expect(withEmail.statusCode).toBe(400);
    const accepted = await post(app, '/console/invitations/accept', { token, name: 'Agent', password: PASSWORD });
    expect((await bootstrap(app, cookieOf(accepted))).member).toMatchObject({ role: 'Agent' });
    expect((await post(app, '/console/invitations/accept', { token, name: 'Again', password: PASSWORD })).statusCode).toBe(403);

    const members = (await app.inject({ method: 'GET', url: '/console/members', headers: withCookie(owner) })).json<{ Data: { members: { id: string; email: string }[] } }>();
    const agentId = members.Data.members.find((each) => each.email === 'agent@example.com')!.id;
    await app.inject({ method: 'DELETE', url: `/console/members/${agentId}`, headers: withCookie(owner) });
    const later = await invite();
    clock += 7 * 24 * 3_600_000 + 1;
    expect((await post(app, '/console/invitations/accept', { token: later, name: 'Agent', password: PASSWORD })).statusCode).toBe(403);
  });
});

describe('roles', () => {
  /** What each operation needs, on BOT; each role is tried against each. */
  const cases: { name: OperationName; body: () => unknown; needs: 'view' | 'chat' | 'editSettings' | 'writeListings' }[] = [
    { name: 'Detail', body: () => ({ serialNumber: BOT }), needs: 'view' },
    { name: 'Versions', body: () => ({ serialNumber: BOT }), needs: 'view' },
    { name: 'ModelList', body: () => undefined, needs: 'view' },
    { name: 'RealEstateList', body: () => ({ SerialNumber: BOT }), needs: 'view' },
    { name: 'GetSession', body: () => ({ serialNumber: BOT }), needs: 'chat' },
    { name: 'Edit', body: () => ({ serialNumber: BOT, Name: 'Renamed' }), needs: 'editSettings' },
    { name: 'RealEstateCreate', body: () => ({ ...createListing(), SerialNumber: BOT }), needs: 'writeListings' },
    { name: 'RealEstateDelete', body: () => ({ SerialNumber: BOT, Keys: ['999999'], KeyType: 'PlatformId' }), needs: 'writeListings' },
  ];
  const allowed: Record<Role, readonly string[]> = {
    Owner: ['view', 'chat', 'editSettings', 'writeListings'],
    Admin: ['view', 'chat', 'editSettings', 'writeListings'],
    Editor: ['view', 'chat', 'editSettings', 'writeListings'],
    Agent: ['view', 'chat', 'writeListings'],
    Viewer: ['view'],
  };

  it('every role against every operation: allowed or refused with a Message naming what is missing', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const cookies: Record<Role, string> = { Owner: owner } as Record<Role, string>;
    for (const role of ROLES.filter((each) => each !== 'Owner')) cookies[role] = (await member(app, owner, role)).cookie;

    const words = { view: 'see', chat: 'chat with', editSettings: 'edit settings of', writeListings: 'change listings of' } as const;
    for (const role of ROLES) {
      for (const { name, body, needs } of cases) {
        const { status, envelope } = await asMember(app, name, body(), cookies[role]);
        if (allowed[role].includes(needs)) {
          expect(status, `${role} ${name}: ${envelope.Message}`).toBe(200);
        } else {
          expect({ status, message: envelope.Message }, `${role} ${name}`).toEqual({ status: 403, message: `Role ${role} may not ${words[needs]} ${BOT}` });
        }
      }
      const session = await asMember(app, 'GetSession', { serialNumber: BOT }, cookies.Owner);
      const sessionID = (session.envelope.Data as { SessionID: number }).SessionID;
      const ask = await asMember(app, 'ClientAsk', { sessionID, content: 'Hello', stream: false }, cookies[role]);
      expect(ask.status, `${role} ClientAsk`).toBe(allowed[role].includes('chat') ? 200 : 403);
      const members = await app.inject({ method: 'GET', url: '/console/members', headers: withCookie(cookies[role]) });
      expect(members.statusCode, `${role} members`).toBe(role === 'Owner' || role === 'Admin' ? 200 : 403);
    }
  });

  it('a chatbot outside the grant answers exactly as one that does not exist', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await member(app, owner, 'Agent', [BOT]);
    const outside = await asMember(app, 'Detail', { serialNumber: STAGING }, agent.cookie);
    const missing = await asMember(app, 'Detail', { serialNumber: 'no-such-bot' }, owner);
    expect(outside.status).toBe(404);
    expect(outside.envelope).toEqual({ ...missing.envelope });
    const listOutside = await asMember(app, 'RealEstateList', { SerialNumber: STAGING }, agent.cookie);
    const listMissing = await asMember(app, 'RealEstateList', { SerialNumber: 'no-such-bot' }, owner);
    expect(listOutside.envelope).toEqual(listMissing.envelope);
    // A chat session of a chatbot outside the grant is as unknown as a session that never was.
    const staging = await asMember(app, 'GetSession', { serialNumber: STAGING }, owner);
    const sessionID = (staging.envelope.Data as { SessionID: number }).SessionID;
    const askOutside = await asMember(app, 'ClientAsk', { sessionID, content: 'Hello' }, agent.cookie);
    const askMissing = await asMember(app, 'ClientAsk', { sessionID: 987654, content: 'Hello' }, owner);
    expect(askOutside.envelope).toEqual(askMissing.envelope);
    expect((await bootstrap(app, agent.cookie)).chatbotIds).toEqual([BOT]);
  });

  it('an Admin may not make, change or remove an Owner; the last Owner stays', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const admin = await member(app, owner, 'Admin', ['*']);
    const agent = await member(app, owner, 'Agent');
    const escalate = await app.inject({ method: 'PATCH', url: `/console/members/${agent.id}`, payload: { role: 'Owner' }, headers: withCookie(admin.cookie) });
    expect(escalate.statusCode).toBe(403);
    const inviteOwner = await post(app, '/console/invitations', { email: 'new-owner@example.com', role: 'Owner', chatbots: ['*'] }, admin.cookie);
    expect(inviteOwner.statusCode).toBe(403);
    const members = (await app.inject({ method: 'GET', url: '/console/members', headers: withCookie(owner) })).json<{ Data: { members: { id: string; role: Role }[] } }>();
    const theOwner = members.Data.members.find((each) => each.role === 'Owner')!;
    expect((await app.inject({ method: 'DELETE', url: `/console/members/${theOwner.id}`, headers: withCookie(admin.cookie) })).statusCode).toBe(403);
    // An Agent may not raise itself.
    const self = await app.inject({ method: 'PATCH', url: `/console/members/${agent.id}`, payload: { role: 'Editor' }, headers: withCookie(agent.cookie) });
    expect(self.statusCode).toBe(403);
    // The owner may not remove or demote the last owner (itself).
    const demote = await app.inject({ method: 'PATCH', url: `/console/members/${theOwner.id}`, payload: { role: 'Admin' }, headers: withCookie(owner) });
    expect(demote.statusCode).toBe(400);
    expect(demote.json<{ Message: string }>().Message).toMatch(/^id: this is the last Owner/);
    expect((await app.inject({ method: 'DELETE', url: `/console/members/${theOwner.id}`, headers: withCookie(owner) })).statusCode).toBe(400);
  });
});

describe('requests that are not the console’s own', () => {
  it('another site or another Host cannot use a session', async () => {
    const app = await start();
    const cookie = await protectedOwner(app);
    const crossSite = await app.inject({
      method: 'POST',
      url: operations.Edit.path,
      payload: { serialNumber: BOT, Name: 'From another site' },
      headers: { cookie: `${COOKIE_NAME}=${cookie}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherHost = await app.inject({
      method: 'POST',
      url: operations.Edit.path,
      payload: { serialNumber: BOT, Name: 'Rebound' },
      headers: { cookie: `${COOKIE_NAME}=${cookie}`, host: 'attacker.example' },
    });
    expect(otherHost.statusCode).toBe(403);
    const detail = await asMember(app, 'Detail', { serialNumber: BOT }, cookie);
    expect((detail.envelope.Data as { Name: string }).Name).not.toMatch(/another site|Rebound/);
  });

  it('a sign-in, protect or invitation posted by another site is refused (login CSRF), and starts no session', async () => {
    const app = await start();
    await protectedOwner(app);
    const owner = cookieOf(await post(app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD }));
    for (const [url, payload] of [
      ['/console/sign-in', { email: 'owner@example.com', password: PASSWORD }],
      ['/console/invitations', { email: 'x@example.com', role: 'Owner', chatbots: ['*'] }],
      ['/console/sign-out', {}],
    ] as const) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://attacker.example' }, { 'sec-fetch-site': 'same-site' }]) {
        const response = await app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: `${COOKIE_NAME}=${owner}` } });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.cookies).toHaveLength(0);
      }
    }
    // The owner is still signed in, and no invitation was made.
    const members = await app.inject({ method: 'GET', url: '/console/members', headers: withCookie(owner) });
    expect(members.json<{ Data: { invitations: unknown[] } }>().Data.invitations).toEqual([]);
  });

  it('an API client with a key works as before; with no key and no session it gets 401', async () => {
    const app = await start();
    await protectedOwner(app);
    expect((await call(app, 'Detail', { serialNumber: BOT })).status).toBe(200);
    expect((await call(app, 'Detail', { serialNumber: BOT }, {})).status).toBe(401);
    expect((await call(app, 'RealEstateList', { SerialNumber: BOT }, {})).status).toBe(401);
  });
});

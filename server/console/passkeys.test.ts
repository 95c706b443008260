import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ceremony, SignInMethods } from '../../src/api/contract/console-access';
import { BOT, startTestApp, type TestApp } from '../test-support';
import { PASSWORD, bootstrap, cookieOf, dataOf, demoOwner, post, tokenOfLink, withCookie } from './console-test-client';
import { PASSKEY_NOT_VERIFIED, PASSKEY_SIGN_IN_REFUSED } from './passkeys';
import { TestAuthenticator } from './test-authenticator';

/** app.inject addresses the app as http://localhost:80: the origin a browser would report. */
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<FastifyInstance> {
  test = await startTestApp(options);
  return test.app;
}

type CreationOptions = Parameters<TestAuthenticator['register']>[0];
type RequestOptions = Parameters<TestAuthenticator['authenticate']>[0];

async function registrationOptions(app: FastifyInstance, cookie?: string, who: object = {}) {
  const response = await post(app, '/console/passkeys/registration-options', who, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const { ceremony, options } = dataOf<Ceremony>(response);
  return { ceremony, options: options as unknown as CreationOptions };
}

/** A passkey made by `authenticator` for a new credential (protect, setup, invitation). */
async function newPasskey(app: FastifyInstance, authenticator: TestAuthenticator, cookie?: string, who: object = {}) {
  const { ceremony, options } = await registrationOptions(app, cookie, who);
  return { ceremony, response: authenticator.register(options) };
}

async function signInWith(app: FastifyInstance, authenticator: TestAuthenticator, origin = ORIGIN) {
  const { ceremony, options } = dataOf<Ceremony>(await post(app, '/console/passkeys/authentication-options', {}));
  const response = authenticator.authenticate(options as unknown as RequestOptions, RP_ID, origin);
  return { answer: await post(app, '/console/passkeys/sign-in', { ceremony, response }), ceremony, response };
}

/** The Demo owner protects the console with a passkey alone; returns the owner's session. */
async function ownerWithPasskey(app: FastifyInstance, authenticator: TestAuthenticator): Promise<string> {
  const demo = await demoOwner(app);
  const who = { email: 'owner@example.com', name: 'Olive Owner' };
  const protectedResponse = await post(app, '/console/protect', { ...who, passkey: await newPasskey(app, authenticator, demo, who) }, demo);
  expect(protectedResponse.statusCode, protectedResponse.body).toBe(200);
  return cookieOf(protectedResponse);
}

function signInMethods(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/console/account/sign-in-methods', headers: withCookie(cookie) }).then((response) => dataOf<SignInMethods>(response));
}

describe('passkeys', () => {
  it('protect a demo start with no password, and sign a new browser in', async () => {
    const app = await start();
    const authenticator = new TestAuthenticator(ORIGIN);
    const owner = await ownerWithPasskey(app, authenticator);
    expect(await bootstrap(app)).toMatchObject({ access: 'sign-in' });
    expect((await post(app, '/console/demo-sign-in', {})).statusCode).toBe(403);

    const { answer } = await signInWith(app, authenticator);
    expect(answer.statusCode, answer.body).toBe(200);
    const session = cookieOf(answer);
    expect(session).not.toBe(owner);
    expect((await bootstrap(app, session)).member).toMatchObject({ name: 'Olive Owner', role: 'Owner', demo: false });
    expect(await signInMethods(app, session)).toMatchObject({ password: false, passkeys: [{ name: 'Passkey 1', lastUsedAt: expect.any(Number) }] });
  });

  it('a sign-in answer works once, for its own challenge and origin, and only from a registered passkey', async () => {
    const app = await start();
    const authenticator = new TestAuthenticator(ORIGIN);
    await ownerWithPasskey(app, authenticator);

    const { answer, ceremony, response } = await signInWith(app, authenticator);
    expect(answer.statusCode).toBe(200);
    const replayed = await post(app, '/console/passkeys/sign-in', { ceremony, response });
    expect({ status: replayed.statusCode, message: replayed.json<{ Message: string }>().Message }).toEqual({
      status: 400,
      message: 'ceremony: the passkey request has expired; try again',
    });

    const phished = await signInWith(app, authenticator, 'http://localhost.evil.example');
    expect({ status: phished.answer.statusCode, message: phished.answer.json<{ Message: string }>().Message }).toEqual({ status: 401, message: PASSKEY_SIGN_IN_REFUSED });

    const stranger = await signInWith(app, new TestAuthenticator(ORIGIN));
    expect({ status: stranger.answer.statusCode, message: stranger.answer.json<{ Message: string }>().Message }).toEqual({ status: 401, message: PASSKEY_SIGN_IN_REFUSED });
  });

  it('need the user verified (PIN, fingerprint or face) to be registered', async () => {
    const app = await start();
    const demo = await demoOwner(app);
    const who = { email: 'owner@example.com', name: 'Olive Owner' };
    const unverified = await newPasskey(app, new TestAuthenticator(ORIGIN, false), demo, who);
    const refused = await post(app, '/console/protect', { ...who, passkey: unverified }, demo);
    expect({ status: refused.statusCode, message: refused.json<{ Message: string }>().Message }).toEqual({ status: 400, message: PASSKEY_NOT_VERIFIED });
    // Nothing was protected: the demo start is still open.
    expect(await bootstrap(app)).toMatchObject({ access: 'demo' });
  });

  it('an invitation is accepted with a passkey; the member adds, renames and removes passkeys, but never the last way in', async () => {
    const app = await start();
    const owner = await ownerWithPasskey(app, new TestAuthenticator(ORIGIN));
    const invitation = await post(app, '/console/invitations', { email: 'agent@example.com', role: 'Agent', chatbots: [BOT] }, owner);
    const token = tokenOfLink(dataOf<{ link: string }>(invitation).link);
    const phone = new TestAuthenticator(ORIGIN);
    const accepted = await post(app, '/console/invitations/accept', { token, name: 'Ada Agent', passkey: await newPasskey(app, phone, undefined, { email: 'agent@example.com', name: 'Ada Agent' }) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const agent = cookieOf(accepted);

    const laptop = new TestAuthenticator(ORIGIN);
    const added = await post(app, '/console/account/passkeys', { ...(await newPasskey(app, laptop, agent)), name: 'Work laptop' }, agent);
    expect(added.statusCode, added.body).toBe(200);
    expect((await signInWith(app, laptop)).answer.statusCode).toBe(200);
    let methods = await signInMethods(app, agent);
    expect(methods.passkeys.map((passkey) => passkey.name)).toEqual(['Passkey 1', 'Work laptop']);

    const [phoneKey, laptopKey] = methods.passkeys;
    const renamed = await app.inject({ method: 'PATCH', url: `/console/account/passkeys/${phoneKey!.id}`, payload: { name: 'Phone' }, headers: withCookie(agent) });
    expect(dataOf<{ name: string }>(renamed).name).toBe('Phone');
    // Another member's passkey is not theirs to rename or remove: answered as one that does not exist.
    const foreign = await app.inject({ method: 'DELETE', url: `/console/account/passkeys/${phoneKey!.id}`, headers: withCookie(owner) });
    expect(foreign.statusCode).toBe(404);

    expect((await app.inject({ method: 'DELETE', url: `/console/account/passkeys/${laptopKey!.id}`, headers: withCookie(agent) })).statusCode).toBe(200);
    expect((await signInWith(app, laptop)).answer.statusCode).toBe(401);
    const last = await app.inject({ method: 'DELETE', url: `/console/account/passkeys/${phoneKey!.id}`, headers: withCookie(agent) });
    expect({ status: last.statusCode, message: last.json<{ Message: string }>().Message }).toEqual({
      status: 400,
      message: 'id: this passkey is your only way to sign in; set a password or add another passkey first',
    });

    // A passkey-only member sets a first password without a current one; then the last passkey may go.
    expect((await post(app, '/console/account/password', { newPassword: PASSWORD }, agent)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/console/account/passkeys/${phoneKey!.id}`, headers: withCookie(agent) })).statusCode).toBe(200);
    methods = await signInMethods(app, agent);
    expect(methods).toEqual({ password: true, passkeys: [] });
    // With a password set, changing it asks for the current one again.
    const noCurrent = await post(app, '/console/account/password', { newPassword: `${PASSWORD}!` }, agent);
    expect(noCurrent.json<{ Message: string }>().Message).toBe('currentPassword: is not your current password');
  });

  it('of a disabled member open nothing', async () => {
    const app = await start();
    const owner = await ownerWithPasskey(app, new TestAuthenticator(ORIGIN));
    const invitation = await post(app, '/console/invitations', { email: 'editor@example.com', role: 'Editor', chatbots: [BOT] }, owner);
    const key = new TestAuthenticator(ORIGIN);
    const accepted = await post(app, '/console/invitations/accept', {
      token: tokenOfLink(dataOf<{ link: string }>(invitation).link),
      name: 'Ed Editor',
      passkey: await newPasskey(app, key, undefined, { email: 'editor@example.com', name: 'Ed Editor' }),
    });
    const editorId = dataOf<{ member: { id: string } }>(accepted).member.id;
    await app.inject({ method: 'PATCH', url: `/console/members/${editorId}`, payload: { disabled: true }, headers: withCookie(owner) });
    expect((await signInWith(app, key)).answer.statusCode).toBe(401);
  });

  it('refuse a console opened by an IP address, naming why', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/console/passkeys/authentication-options',
      payload: {},
      headers: { host: '127.0.0.1:5173', 'sec-fetch-site': 'same-origin' },
    });
    expect({ status: response.statusCode, message: response.json<{ Message: string }>().Message }).toEqual({
      status: 400,
      message: 'Passkeys need the console opened by a host name (such as localhost), not by the address 127.0.0.1',
    });
  });

  it('a new credential is a password or a passkey, not both and not neither', async () => {
    const app = await start();
    const demo = await demoOwner(app);
    const neither = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner' }, demo);
    expect(neither.json<{ Message: string }>().Message).toBe('password: is required: a password, or a passkey');
    const who = { email: 'owner@example.com', name: 'Olive Owner' };
    const both = await post(app, '/console/protect', { ...who, password: PASSWORD, passkey: await newPasskey(app, new TestAuthenticator(ORIGIN), demo, who) }, demo);
    expect(both.statusCode).toBe(400);
  });
});

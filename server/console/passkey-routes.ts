import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  newPasskeySchema,
  passkeySignInRequestSchema,
  registrationOptionsRequestSchema,
  renamePasskeyRequestSchema,
  type Passkey,
} from '../../src/api/contract/console-access';
import { badRequest, notFound, ServiceError, success, tooManyRequests, unauthorized } from '../envelope';
import type { ConsoleAccess } from './access';
import { PASSKEY_SIGN_IN_REFUSED, type Passkeys } from './passkeys';
import { actorOf, recordFailedSignIn, type ActivityLog } from './activity';
import { clientAddressOf } from '../client-address';
import { bodyOf, signedInOf } from './route-support';
import type { ConsoleStore, StoredMember, StoredPasskey } from './store';
import type { SignInThrottle } from './throttle';

interface PasskeyRouteOptions {
  store: ConsoleStore;
  access: ConsoleAccess;
  now: () => number;
  passkeys: Passkeys;
  /** The password sign-in's throttle: guesses by either way count together per address. */
  throttle: SignInThrottle;
  signIn: (request: FastifyRequest, reply: FastifyReply, member: StoredMember, method: 'passkey') => unknown;
  activity: ActivityLog;
}

const NO_PASSKEY = 'id: you have no passkey with this id';

function shownPasskey(passkey: StoredPasskey): Passkey {
  return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt, backedUp: passkey.backedUp };
}

/**
 * Passkeys: the options for making one and for signing in with one, signing in, and a
 * member's own list (add, rename, remove). Setup, invitations and "Protect this console"
 * take a passkey in their own routes (routes.ts) instead of a password.
 */
export function registerPasskeyRoutes(app: FastifyInstance, { store, access, now, passkeys, throttle, signIn, activity }: PasskeyRouteOptions): void {
  /** The signed-in member's own passkeys; the Demo owner has no account to add them to until the console is protected. */
  const ownerOf = (request: FastifyRequest): StoredMember => {
    const { member } = signedInOf(access, request);
    if (member.demo) throw new ServiceError(403, 'The Demo owner protects the console first (Protect this console), with a passkey or a password.');
    return member;
  };

  app.post('/console/passkeys/registration-options', async (request) => {
    const fields = bodyOf(registrationOptionsRequestSchema, request);
    const member = access.sessionOf(request)?.member ?? null;
    if (member && !member.demo) return success(await passkeys.registrationOptions(request, { member, email: member.email, name: member.name }));
    // Setup, an invitation, or the Demo owner's protect: the person names the account the authenticator files it under.
    if (!fields.email || !fields.name) throw badRequest('email: type your email and name first; the passkey is saved under them');
    return success(await passkeys.registrationOptions(request, { member, email: fields.email, name: fields.name }));
  });

  app.post('/console/passkeys/authentication-options', async (request) => success(await passkeys.authenticationOptions(request)));

  app.post('/console/passkeys/sign-in', async (request, reply) => {
    const { ceremony, response } = bodyOf(passkeySignInRequestSchema, request);
    const address = clientAddressOf(request);
    const account = `passkey:${response.id}`;
    const wait = throttle.waitFor(account, address, now());
    if (wait > 0) throw tooManyRequests(`Too many sign-in attempts: try again in ${Math.ceil(wait / 1000)} seconds`, wait);
    const member = await passkeys.verifySignIn(ceremony, response as unknown as AuthenticationResponseJSON);
    if (!member) {
      throttle.fail(account, address, now());
      recordFailedSignIn(activity, null, 'passkey', PASSKEY_SIGN_IN_REFUSED);
      throw unauthorized(PASSKEY_SIGN_IN_REFUSED);
    }
    throttle.succeed(account);
    return signIn(request, reply, member, 'passkey');
  });

  app.get('/console/account/sign-in-methods', async (request) => {
    const { member } = signedInOf(access, request);
    return success({ password: store.passwordHashOf(member.id) !== null, passkeys: store.passkeysOf(member.id).map(shownPasskey) });
  });

  app.post('/console/account/passkeys', { config: { activity: 'passkey.add' } }, async (request) => {
    const member = ownerOf(request);
    const fields = bodyOf(newPasskeySchema, request);
    const passkey = await passkeys.verifyNew(fields, member.id, `Passkey ${store.passkeysOf(member.id).length + 1}`);
    store.transaction(() => {
      store.addPasskey({ ...passkey, memberId: member.id }, now());
      activity.success(actorOf(member), 'passkey.add', { Name: passkey.name });
    });
    return success(shownPasskey(store.passkeyById(passkey.id)!));
  });

  app.patch<{ Params: { id: string } }>('/console/account/passkeys/:id', async (request) => {
    const member = ownerOf(request);
    const { name } = bodyOf(renamePasskeyRequestSchema, request);
    if (!store.renamePasskey(request.params.id, member.id, name)) throw notFound(NO_PASSKEY);
    return success(shownPasskey(store.passkeyById(request.params.id)!));
  });

  app.delete<{ Params: { id: string } }>('/console/account/passkeys/:id', { config: { activity: 'passkey.remove' } }, async (request) => {
    const member = ownerOf(request);
    store.transaction(() => {
      const removed = store.passkeysOf(member.id).find((passkey) => passkey.id === request.params.id);
      const others = store.passkeysOf(member.id).filter((passkey) => passkey.id !== request.params.id);
      // Nobody removes their own last way in: they would need an Owner to invite them again.
      if (others.length === 0 && store.passwordHashOf(member.id) === null) {
        throw badRequest('id: this passkey is your only way to sign in; set a password or add another passkey first');
      }
      if (!removed || !store.removePasskey(removed.id, member.id)) throw notFound(NO_PASSKEY);
      activity.success(actorOf(member), 'passkey.remove', { Name: removed.name });
    });
    return success(null);
  });
}

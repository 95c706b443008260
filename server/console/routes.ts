import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptInvitationRequestSchema,
  type NewPasskey,
  changePasswordRequestSchema,
  invitationLookupRequestSchema,
  inviteRequestSchema,
  memberChangeRequestSchema,
  protectRequestSchema,
  setupRequestSchema,
  signInRequestSchema,
  SIGN_IN_REFUSED,
} from '../../src/api/contract/console-access';
import { refusalMessage } from '../../src/api/contract/operation-permissions';
import { ALL_CHATBOTS, roleMay, rolesAssignableBy, type Role } from '../../src/api/contract/permissions';
import type { ServiceConfig } from '../config';
import { badRequest, notFound, ServiceError, success, tooManyRequests, unauthorized } from '../envelope';
import { DEMO_ENDED_FLAG, isLoopbackRequest, type ConsoleAccess, type SignedIn } from './access';
import { linkBase, INVITATION_LIFETIME_MS, invitationLink } from './links';
import { decoyHash, hashPassword, needsRehash, passwordMatches } from './passwords';
import { registerPasskeyRoutes } from './passkey-routes';
import { createPasskeys } from './passkeys';
import { actorOf, recordFailedSignIn, type ActivityLog } from './activity';
import { clientAddressOf } from '../client-address';
import { bodyOf, signedInAnswer, signedInOf, type SignInMethod } from './route-support';
import { memberListEntry, type ConsoleStore, type StoredMember, type StoredPasskey } from './store';
import { SignInThrottle } from './throttle';
import { newToken, tokenHash } from './tokens';

export interface ConsoleRouteOptions {
  store: ConsoleStore;
  access: ConsoleAccess;
  config: ServiceConfig;
  now: () => number;
  activity: ActivityLog;
}

/** A new member's (or the Demo owner's) way to sign in, made before the store's transaction: hashing and verifying take time. */
type NewCredential = { passwordHash: string } | { passkey: Omit<StoredPasskey, 'memberId' | 'createdAt' | 'lastUsedAt'> };

const INVITATION_INVALID = 'token: this invitation link is not valid any more (used, revoked or expired); ask for a new one';
const SETUP_INVALID = 'token: this setup link is not valid any more (used or expired); run `npm run members -- add-owner <email>` for a new one';
const NO_MEMBER = 'id: no member with this id';

const body = bodyOf;

function mayManage(signedIn: SignedIn): StoredMember {
  const { member } = signedIn;
  if (!roleMay(member.role, 'manageMembers')) throw new ServiceError(403, refusalMessage(member.role, 'manageMembers'));
  return member;
}

/** An Admin may not hand out, change or remove the Owner role. */
function assertMayAssign(actor: StoredMember, role: Role, field: string): void {
  if (!rolesAssignableBy(actor.role).includes(role)) throw new ServiceError(403, `${field}: role ${actor.role} may not make an ${role}`);
}

function grantOf(chatbots: readonly string[]): string[] {
  return chatbots.includes(ALL_CHATBOTS) ? [ALL_CHATBOTS] : [...new Set(chatbots)];
}

/**
 * The console's own routes (`/console/*`): bootstrap, signing in and out, the first owner,
 * invitations, members and the member's own devices. Every answer but bootstrap is the
 * interface's envelope. Every state-changing one is same-origin only (request-guard.ts).
 */
export function registerConsoleAccessRoutes(app: FastifyInstance, { store, access, config, now, activity }: ConsoleRouteOptions): void {
  const throttle = new SignInThrottle();
  const passkeys = createPasskeys(store, config, now);
  // Made at start-up, so the first unknown email takes as long as every other.
  void decoyHash();

  const signIn = (request: FastifyRequest, reply: FastifyReply, member: StoredMember, method: SignInMethod) =>
    signedInAnswer({ store, access, activity }, request, reply, member, method);
  /** What a credential's kind is called in the record. */
  const methodOf = (credential: NewCredential): SignInMethod => ('passwordHash' in credential ? 'password' : 'passkey');

  const newCredential = async (fields: { password?: string; passkey?: NewPasskey }, ceremonyMemberId: string | null): Promise<NewCredential> =>
    fields.passkey ? { passkey: await passkeys.verifyNew(fields.passkey, ceremonyMemberId, 'Passkey 1') } : { passwordHash: await hashPassword(fields.password!) };
  const storeCredential = (memberId: string, credential: NewCredential): void => {
    if ('passwordHash' in credential) store.setPasswordHash(memberId, credential.passwordHash, now());
    else store.addPasskey({ ...credential.passkey, memberId }, now());
  };

  app.get('/console/bootstrap', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return access.bootstrapOf(request);
  });

  app.post('/console/demo-sign-in', async (request, reply) => {
    if (!access.isDemoStart() || !isLoopbackRequest(request)) {
      throw new ServiceError(403, 'The demo sign-in is off: this console has members with passwords, or is not a demo start. Sign in.');
    }
    const demo = store.members().find((member) => member.demo) ?? store.addMember({ email: null, name: 'Demo owner', role: 'Owner', chatbots: [ALL_CHATBOTS], demo: true }, now());
    return signIn(request, reply, demo, 'demo');
  });

  app.post('/console/sign-in', async (request, reply) => {
    const { email, password } = body(signInRequestSchema, request);
    const address = clientAddressOf(request);
    const wait = throttle.waitFor(email, address, now());
    if (wait > 0) throw tooManyRequests(`Too many sign-in attempts: try again in ${Math.ceil(wait / 1000)} seconds`, wait);

    const member = store.memberByEmail(email);
    const stored = member && !member.disabled ? store.passwordHashOf(member.id) : null;
    // The same work for an unknown email as for a wrong password: the time tells nothing.
    const matches = await passwordMatches(stored ?? (await decoyHash()), password);
    if (!member || !stored || !matches) {
      throttle.fail(email, address, now());
      recordFailedSignIn(activity, member, 'password', SIGN_IN_REFUSED);
      throw unauthorized(SIGN_IN_REFUSED);
    }
    throttle.succeed(email);
    if (needsRehash(stored)) store.setPasswordHash(member.id, await hashPassword(password), now());
    return signIn(request, reply, member, 'password');
  });

  app.post('/console/sign-out', async (request, reply) => {
    const member = access.sessionOf(request)?.member;
    store.transaction(() => {
      access.endSession(request, reply);
      if (member) activity.success(actorOf(member), 'sign-out');
    });
    return success(null);
  });

  app.post('/console/protect', { config: { activity: 'console.protect' } }, async (request, reply) => {
    const { member } = signedInOf(access, request);
    if (!member.demo) throw new ServiceError(403, 'Only the Demo owner protects the console; you already have a way to sign in.');
    const fields = body(protectRequestSchema, request);
    if (store.memberByEmail(fields.email)) throw badRequest('email: a member already has this email');
    const credential = await newCredential(fields, member.id);
    store.transaction(() => {
      store.setIdentity(member.id, fields.email, fields.name);
      storeCredential(member.id, credential);
      store.setFlag(DEMO_ENDED_FLAG);
      activity.success({ memberId: member.id, memberName: fields.name }, 'console.protect', { Email: fields.email, Method: methodOf(credential) });
    });
    // A new session id now that the member has a credential.
    return signIn(request, reply, store.memberById(member.id)!, 'protect');
  });

  app.post('/console/setup', async (request, reply) => {
    const fields = body(setupRequestSchema, request);
    const credential = await newCredential(fields, null);
    const owner = store.transaction(() => {
      const boundTo = store.useSetupToken(tokenHash(fields.token), now());
      if (boundTo === undefined) throw new ServiceError(403, SETUP_INVALID);
      if (boundTo !== null && boundTo !== fields.email) throw badRequest(`email: this setup link is for ${boundTo}`);
      const existing = store.memberByEmail(fields.email);
      // The link makes an owner: a member who lost their way in is made owner again, with this password.
      const member = existing
        ? store.changeMember(existing, { role: 'Owner', chatbots: [ALL_CHATBOTS], disabled: false })
        : store.addMember({ email: fields.email, name: fields.name, role: 'Owner', chatbots: [ALL_CHATBOTS] }, now());
      storeCredential(member.id, credential);
      store.setFlag(DEMO_ENDED_FLAG);
      store.removeDemoMembers();
      activity.success(actorOf(member), 'console.setup', { Email: fields.email, Method: methodOf(credential) });
      return member;
    });
    return signIn(request, reply, owner, 'setup');
  });

  app.post('/console/invitations/lookup', async (request) => {
    const { token } = body(invitationLookupRequestSchema, request);
    const invitation = store.invitationByToken(tokenHash(token));
    if (!invitation || invitation.usedAt !== null || invitation.revokedAt !== null || invitation.expiresAt <= now()) throw new ServiceError(403, INVITATION_INVALID);
    return success({ email: invitation.email, role: invitation.role, chatbots: invitation.chatbots });
  });

  app.post('/console/invitations/accept', async (request, reply) => {
    const fields = body(acceptInvitationRequestSchema, request);
    const credential = await newCredential(fields, null);
    const member = store.transaction(() => {
      const invitation = store.invitationByToken(tokenHash(fields.token));
      if (!invitation || invitation.expiresAt <= now() || !store.useInvitation(invitation.id, now())) throw new ServiceError(403, INVITATION_INVALID);
      // The invitation is bound to its email: the member it makes has exactly that one.
      if (store.memberByEmail(invitation.email)) throw badRequest('email: a member already has this email; sign in instead');
      const added = store.addMember({ email: invitation.email, name: fields.name, role: invitation.role, chatbots: invitation.chatbots }, now());
      storeCredential(added.id, credential);
      store.setFlag(DEMO_ENDED_FLAG);
      activity.success(actorOf(added), 'invitation.accept', { Email: added.email, Role: added.role, Chatbots: added.chatbots, Method: methodOf(credential) });
      return added;
    });
    return signIn(request, reply, member, 'invitation');
  });

  app.get('/console/members', async (request) => {
    mayManage(signedInOf(access, request));
    return success({
      members: store.members().map(memberListEntry),
      invitations: store.pendingInvitations(now()).map(({ usedAt: _used, revokedAt: _revoked, ...invitation }) => invitation),
    });
  });

  app.post('/console/invitations', { config: { activity: 'member.invite' } }, async (request) => {
    const actor = mayManage(signedInOf(access, request));
    const fields = body(inviteRequestSchema, request);
    assertMayAssign(actor, fields.role, 'role');
    if (store.memberByEmail(fields.email)) throw badRequest('email: a member already has this email');
    const token = newToken();
    const invitation = store.transaction(() => {
      const made = store.addInvitation(
        { tokenHash: tokenHash(token), email: fields.email, role: fields.role, chatbots: grantOf(fields.chatbots), invitedBy: actor.name, expiresAt: now() + INVITATION_LIFETIME_MS },
        now(),
      );
      // The link itself is never recorded: whoever reads the record cannot use it.
      activity.success(actorOf(actor), 'member.invite', { Email: made.email, Role: made.role, Chatbots: made.chatbots });
      return made;
    });
    const { usedAt: _used, revokedAt: _revoked, ...shown } = invitation;
    return success({ invitation: shown, link: invitationLink(linkBase(request), token) });
  });

  app.delete<{ Params: { id: string } }>('/console/invitations/:id', { config: { activity: 'invitation.revoke' } }, async (request) => {
    const actor = mayManage(signedInOf(access, request));
    store.transaction(() => {
      const invitation = store.pendingInvitations(now()).find((each) => each.id === request.params.id);
      if (!invitation || !store.revokeInvitation(invitation.id, now())) throw notFound('id: no pending invitation with this id');
      activity.success(actorOf(actor), 'invitation.revoke', { Email: invitation.email, Role: invitation.role });
    });
    return success(null);
  });

  /** The member an Owner or Admin acts on; an Admin may not act on an Owner. */
  const targetOf = (actor: StoredMember, id: string): StoredMember => {
    const target = store.memberById(id);
    if (!target) throw notFound(NO_MEMBER);
    assertMayAssign(actor, target.role, 'id');
    return target;
  };

  /** The last Owner who can sign in is never removed, disabled or made anything else. */
  const assertKeepsAnOwner = (target: StoredMember, staysOwner: boolean) => {
    if (target.role === 'Owner' && !target.disabled && !target.demo && !staysOwner && store.activeOwnerCount() <= 1) {
      throw badRequest('id: this is the last Owner; make another member Owner first');
    }
  };

  app.patch<{ Params: { id: string } }>('/console/members/:id', { config: { activity: 'member.change' } }, async (request) => {
    const actor = mayManage(signedInOf(access, request));
    const target = targetOf(actor, request.params.id);
    const change = body(memberChangeRequestSchema, request);
    const role = change.role ?? target.role;
    const disabled = change.disabled ?? target.disabled;
    assertMayAssign(actor, role, 'role');
    const updated = store.transaction(() => {
      assertKeepsAnOwner(target, role === 'Owner' && !disabled);
      const next = store.changeMember(target, { role, chatbots: change.chatbots ? grantOf(change.chatbots) : target.chatbots, disabled });
      // Disabled: signed out now. A new role or grant applies at each session's next request anyway.
      if (disabled) store.endSessionsOf(target.id);
      activity.success(actorOf(actor), 'member.change', { MemberId: next.id, Email: next.email, Role: next.role, Chatbots: next.chatbots, Disabled: next.disabled });
      return next;
    });
    return success(memberListEntry(updated));
  });

  app.delete<{ Params: { id: string } }>('/console/members/:id', { config: { activity: 'member.remove' } }, async (request) => {
    const actor = mayManage(signedInOf(access, request));
    const target = targetOf(actor, request.params.id);
    store.transaction(() => {
      assertKeepsAnOwner(target, false);
      // Their sessions go with them (ON DELETE CASCADE): the next click finds no session.
      store.removeMember(target.id);
      activity.success(actorOf(actor), 'member.remove', { MemberId: target.id, Email: target.email, Role: target.role });
    });
    return success(null);
  });

  app.delete<{ Params: { id: string } }>('/console/members/:id/sessions', { config: { activity: 'member.sessions-end' } }, async (request) => {
    const actor = mayManage(signedInOf(access, request));
    const target = targetOf(actor, request.params.id);
    const ended = store.transaction(() => {
      const count = store.endSessionsOf(target.id);
      activity.success(actorOf(actor), 'member.sessions-end', { MemberId: target.id, Email: target.email, Sessions: count });
      return count;
    });
    return success({ ended });
  });

  app.get('/console/account/sessions', async (request) => {
    const { member, session } = signedInOf(access, request);
    const devices = store.sessionsOf(member.id).map((each) => ({
      id: each.id,
      createdAt: each.createdAt,
      lastSeenAt: each.lastSeenAt,
      userAgent: each.userAgent,
      current: each.id === session.id,
    }));
    return success({ devices });
  });

  app.delete<{ Params: { id: string } }>('/console/account/sessions/:id', { config: { activity: 'device.end' } }, async (request, reply) => {
    const { member, session } = signedInOf(access, request);
    store.transaction(() => {
      if (request.params.id === session.id) access.endSession(request, reply);
      else if (!store.endSessionOf(request.params.id, member.id)) throw notFound('id: no signed-in device with this id');
      activity.success(actorOf(member), 'device.end', { Sessions: 1 });
    });
    return success(null);
  });

  app.post('/console/account/password', { config: { activity: 'password.change' } }, async (request) => {
    const { member, session } = signedInOf(access, request);
    const fields = body(changePasswordRequestSchema, request);
    const stored = store.passwordHashOf(member.id);
    // A member who signs in with passkeys only sets a first password without one.
    if (stored !== null && !(fields.currentPassword !== undefined && (await passwordMatches(stored, fields.currentPassword)))) {
      throw badRequest('currentPassword: is not your current password');
    }
    const hash = await hashPassword(fields.newPassword);
    store.transaction(() => {
      store.setPasswordHash(member.id, hash, now());
      // Every other device signs in again with the new password.
      for (const other of store.sessionsOf(member.id)) if (other.id !== session.id) store.endSession(other.id);
      activity.success(actorOf(member), 'password.change');
    });
    return success(null);
  });

  registerPasskeyRoutes(app, { store, access, now, passkeys, throttle, signIn, activity });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { SESSION_ENDED } from '../../src/api/contract/console-access';
import { success, unauthorized } from '../envelope';
import { parseBody } from '../routes/operation';
import type { ConsoleAccess, SignedIn } from './access';
import { actorOf, type ActivityLog } from './activity';
import { publicMember, type ConsoleStore, type StoredMember } from './store';

/** What the console's route modules (routes.ts, passkey-routes.ts) share. */

export function bodyOf<Schema extends z.ZodMiniType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  return parseBody(schema, request.body ?? {});
}

/** The member a console route is for, or 401. */
export function signedInOf(access: ConsoleAccess, request: FastifyRequest): SignedIn {
  const signedIn = access.sessionOf(request);
  if (!signedIn) throw unauthorized(SESSION_ENDED);
  return signedIn;
}

/** How a member signed in, as the activity record says it. */
export type SignInMethod = 'password' | 'passkey' | 'sso' | 'demo' | 'setup' | 'invitation' | 'protect';

/** Starts a new session for `member`, records the sign-in with it, and answers who is signed in. */
export function signedInAnswer(
  { store, access, activity }: { store: ConsoleStore; access: ConsoleAccess; activity: ActivityLog },
  request: FastifyRequest,
  reply: FastifyReply,
  member: StoredMember,
  method: SignInMethod,
) {
  store.transaction(() => {
    access.startSession(request, reply, member);
    activity.success(actorOf(member), 'sign-in', { Method: method });
  });
  return success({ member: publicMember(store.memberById(member.id)!) });
}

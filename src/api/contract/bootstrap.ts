import * as z from 'zod/mini';
import { ROLES } from './permissions';

/*
 * What the server beside the app says about itself and about who is asking (not part of the
 * hosted interface). Not exported from the contract's index: the app loads it on its own,
 * beside the bootstrap request, so the rest of the contract stays off the first page load.
 */

export const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  chatbots: z.array(z.string()),
  /** The seeded "Demo owner" of a demo start, who has no way to sign in yet. */
  demo: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * GET /console/bootstrap: what the app needs before its first page.
 * - `signed-in`: `member` is who asks; `chatbotIds` the chatbots they are granted.
 * - `demo`: a demo start (loopback, local service, nobody has a password yet): POST
 *   /console/demo-sign-in opens the console as the Demo owner.
 * - `sign-in`: show the sign-in page.
 * - `setup`: no owner yet; the setup link is in the server's log.
 * `sso`: single sign-on with the console's OpenID Connect provider is on (GET /console/sso/start).
 */
export const ACCESS_STATES = ['signed-in', 'demo', 'sign-in', 'setup'] as const;
export const bootstrapSchema = z.object({
  mode: z.enum(['local', 'proxy']),
  access: z.enum(ACCESS_STATES),
  member: z.nullable(memberSchema),
  chatbotIds: z.array(z.string()),
  sso: z.boolean(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;


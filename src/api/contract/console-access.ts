import * as z from 'zod/mini';
import { memberSchema, roleSchema } from './bootstrap';
import { ALL_CHATBOTS } from './permissions';
import { chatbotId, email } from './primitives';

/**
 * The console's own routes for team access (`/console/*`, not part of the hosted interface):
 * signing in, members, invitations and signed-in devices. The server (server/console/) parses
 * every body with these schemas and the app checks every answer with them; answers are the
 * interface's envelope, errors included.
 */

/** OWASP ASVS 2.1: at least 12 characters, at most 128, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const password = z.string({ error: 'is required' }).check(
  z.minLength(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` }),
);

/** What a sign-in takes: any text (a password set under other rules must still be checkable). */
const givenPassword = z.string({ error: 'is required' }).check(
  z.minLength(1, { error: 'is required' }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` }),
);

const memberEmail = z.pipe(z.string({ error: 'is required' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'must be at most 254 characters' })), email);
export const memberName = z.string({ error: 'is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'is required' }),
  z.maxLength(80, { error: 'must be at most 80 characters' }),
);
/** Chatbot ids, or ["*"] for every chatbot. */
export const chatbotGrant = z.array(chatbotId).check(z.minLength(1, { error: 'must name at least one chatbot, or * for all' }), z.maxLength(200));

/** Opaque random tokens (setup links, invitations): base64url, 43 characters for 256 bits. */
const token = z.string({ error: 'is required' }).check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'is not a valid link; open the whole link again' }));

export const signInRequestSchema = z.strictObject({ email: memberEmail, password: givenPassword });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The signed-in member, answered by every route that starts a session. */
export const signedInSchema = z.object({ member: memberSchema });

/** POST /console/protect: the Demo owner gives themselves an email and a password; demo sign-in ends for good. */
export const protectRequestSchema = z.strictObject({ email: memberEmail, name: memberName, password });
export type ProtectRequest = z.infer<typeof protectRequestSchema>;

/** POST /console/setup: the first owner, with the token of the link in the server's log. */
export const setupRequestSchema = z.strictObject({ token, email: memberEmail, name: memberName, password });
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** POST /console/invitations/lookup: what an invitation link offers, before it is accepted. */
export const invitationLookupRequestSchema = z.strictObject({ token });
export const invitationLookupSchema = z.object({ email: z.string(), role: roleSchema, chatbots: z.array(z.string()) });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** POST /console/invitations/accept */
export const acceptInvitationRequestSchema = z.strictObject({ token, name: memberName, password });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** POST /console/invitations (Owner, Admin). */
export const inviteRequestSchema = z.strictObject({ email: memberEmail, role: roleSchema, chatbots: chatbotGrant });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  chatbots: z.array(z.string()),
  invitedBy: z.string(),
  createdAt: z.int(),
  expiresAt: z.int(),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** The answer to an invitation: the link is shown once, in full, to the one who invited. */
export const createdInvitationSchema = z.object({ invitation: invitationSchema, link: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const memberListEntrySchema = z.extend(memberSchema, {
  disabled: z.boolean(),
  lastSignInAt: z.nullable(z.int()),
  createdAt: z.int(),
});
export type MemberListEntry = z.infer<typeof memberListEntrySchema>;

/** GET /console/members (Owner, Admin). */
export const memberListSchema = z.object({
  members: z.array(memberListEntrySchema),
  invitations: z.array(invitationSchema),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** PATCH /console/members/:id: any of role, grant, disabled. */
export const memberChangeRequestSchema = z.strictObject({
  role: z.optional(roleSchema),
  chatbots: z.optional(chatbotGrant),
  disabled: z.optional(z.boolean({ error: 'must be true or false' })),
});
export type MemberChangeRequest = z.infer<typeof memberChangeRequestSchema>;

/** DELETE /console/members/:id/sessions: how many of the member's sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.int() });

/** GET /console/account/sessions: the member's own signed-in devices. */
export const deviceSchema = z.object({
  id: z.string(),
  createdAt: z.int(),
  lastSeenAt: z.int(),
  /** The browser's own description of itself, as it sent it. */
  userAgent: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.object({ devices: z.array(deviceSchema) });

/** POST /console/account/password */
export const changePasswordRequestSchema = z.strictObject({ currentPassword: givenPassword, newPassword: password });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export { ALL_CHATBOTS };

/** The one message of a refused sign-in, for an unknown email and a wrong password alike. */
export const SIGN_IN_REFUSED = 'The email or password is incorrect';
/** A console request whose session ended (signed out, expired, removed). */
export const SESSION_ENDED = 'Your session has ended: sign in again';

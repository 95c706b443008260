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

export const memberEmail = z.pipe(z.string({ error: 'is required' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'must be at most 254 characters' })), email);
export const memberName = z.string({ error: 'is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'is required' }),
  z.maxLength(80, { error: 'must be at most 80 characters' }),
);
/** Chatbot ids, or ["*"] for every chatbot. */
export const chatbotGrant = z.array(chatbotId).check(z.minLength(1, { error: 'must name at least one chatbot, or * for all' }), z.maxLength(200));

/** Opaque random tokens (setup links, invitations): base64url, 43 characters for 256 bits. */
const token = z.string({ error: 'is required' }).check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'is not a valid link; open the whole link again' }));

/*
 * Passkeys (WebAuthn). A ceremony is one round: the server hands out options with a fresh
 * challenge under a ceremony id, the browser's authenticator answers, and the answer comes
 * back with that id, once, within a few minutes. The answers' shapes are checked here; what
 * they sign is checked by @simplewebauthn/server.
 */
const ceremony = z.string({ error: 'is required' }).check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'has expired; try again' }));
const base64url = z.string({ error: 'is required' }).check(z.regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'must be base64url' }), z.maxLength(16_384));
const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key', { error: 'must be public-key' }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string()),
};
export const registrationResponseSchema = z.looseObject({
  ...credentialFields,
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10))) }),
});
export const authenticationResponseSchema = z.looseObject({
  ...credentialFields,
  response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: z.optional(base64url) }),
});
export const passkeyName = z.string({ error: 'is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'is required' }),
  z.maxLength(60, { error: 'must be at most 60 characters' }),
);
/** A new passkey, made by the browser from registration options. */
export const newPasskeySchema = z.strictObject({ ceremony, response: registrationResponseSchema, name: z.optional(passkeyName) });
export type NewPasskey = z.infer<typeof newPasskeySchema>;

/** POST /console/passkeys/registration-options: who the passkey is for, when nobody is signed in yet (setup, invitation, protect). */
export const registrationOptionsRequestSchema = z.strictObject({ email: z.optional(z.string().check(z.maxLength(254))), name: z.optional(z.string().check(z.maxLength(80))) });
/** Options for the browser's WebAuthn call, under the ceremony they belong to. */
export const ceremonySchema = z.object({ ceremony: z.string(), options: z.record(z.string(), z.unknown()) });
export type Ceremony = z.infer<typeof ceremonySchema>;

/** POST /console/passkeys/sign-in */
export const passkeySignInRequestSchema = z.strictObject({ ceremony, response: authenticationResponseSchema });

/** A way to sign in for new credentials: a password, or a passkey made for the occasion; exactly one. */
const oneCredential = z.refine<{ password?: string; passkey?: NewPasskey }>((value) => (value.password === undefined) !== (value.passkey === undefined), {
  error: 'is required: a password, or a passkey',
  path: ['password'],
});

export const signInRequestSchema = z.strictObject({ email: memberEmail, password: givenPassword });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The signed-in member, answered by every route that starts a session. */
export const signedInSchema = z.object({ member: memberSchema });

/** POST /console/protect: the Demo owner gives themselves an email and a password; demo sign-in ends for good. */
export const protectRequestSchema = z.strictObject({ email: memberEmail, name: memberName, password: z.optional(password), passkey: z.optional(newPasskeySchema) }).check(oneCredential);
export type ProtectRequest = z.infer<typeof protectRequestSchema>;

/** POST /console/setup: the first owner, with the token of the link in the server's log. */
export const setupRequestSchema = z.strictObject({ token, email: memberEmail, name: memberName, password: z.optional(password), passkey: z.optional(newPasskeySchema) }).check(oneCredential);
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** POST /console/invitations/lookup: what an invitation link offers, before it is accepted. */
export const invitationLookupRequestSchema = z.strictObject({ token });
export const invitationLookupSchema = z.object({ email: z.string(), role: roleSchema, chatbots: z.array(z.string()) });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** POST /console/invitations/accept */
export const acceptInvitationRequestSchema = z.strictObject({ token, name: memberName, password: z.optional(password), passkey: z.optional(newPasskeySchema) }).check(oneCredential);
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

/** POST /console/account/password: the current password is asked for when there is one (a passkey-only member sets a first one). */
export const changePasswordRequestSchema = z.strictObject({ currentPassword: z.optional(givenPassword), newPassword: password });

/** A member's passkey, as their account page lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.int(),
  lastUsedAt: z.nullable(z.int()),
  /** Synced by its provider (a phone's or password manager's passkey), so it survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
/** GET /console/account/sign-in-methods */
export const signInMethodsSchema = z.object({ password: z.boolean(), passkeys: z.array(passkeySchema) });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
/** PATCH /console/account/passkeys/:id */
export const renamePasskeyRequestSchema = z.strictObject({ name: passkeyName });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export { ALL_CHATBOTS };

/** The one message of a refused sign-in, for an unknown email and a wrong password alike. */
export const SIGN_IN_REFUSED = 'The email or password is incorrect';
/** A console request whose session ended (signed out, expired, removed). */
export const SESSION_ENDED = 'Your session has ended: sign in again';

import * as z from 'zod/mini';

/*
 * The activity record (`/console/activity`, not part of the hosted interface): who did what,
 * when, on which chatbot, and with what result. Append-only: the server writes an entry with
 * every console action (members, invitations, sign-ins) in the action's own transaction, and
 * right after the service's answer for every write passed to a service (settings, listings,
 * uploads). No route changes or deletes one; entries older than ACTIVITY_RETENTION_DAYS go.
 * An entry never holds a password, a key, a token, a link, or a setting's or listing's text.
 */

export const ACTIVITY_ACTIONS = [
  'settings.save',
  'settings.restore',
  'listing.create',
  'listing.update',
  'listing.delete',
  'listings.batch',
  'file.upload',
  'member.invite',
  'invitation.revoke',
  'invitation.accept',
  'member.change',
  'member.remove',
  'member.sessions-end',
  'sign-in',
  'sign-in.fail',
  'sign-out',
  'console.protect',
  'console.setup',
  'passkey.add',
  'passkey.remove',
  'device.end',
  'password.change',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** How the Activity page and the CSV name each action. */
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  'settings.save': 'Saved settings',
  'settings.restore': 'Restored settings',
  'listing.create': 'Created a listing',
  'listing.update': 'Edited listings',
  'listing.delete': 'Deleted listings',
  'listings.batch': 'Imported or changed listings in bulk',
  'file.upload': 'Uploaded a file',
  'member.invite': 'Invited a member',
  'invitation.revoke': 'Revoked an invitation',
  'invitation.accept': 'Accepted an invitation',
  'member.change': 'Changed a member',
  'member.remove': 'Removed a member',
  'member.sessions-end': "Ended a member's sessions",
  'sign-in': 'Signed in',
  'sign-in.fail': 'Failed to sign in',
  'sign-out': 'Signed out',
  'console.protect': 'Protected the console',
  'console.setup': 'Set up the console',
  'passkey.add': 'Added a passkey',
  'passkey.remove': 'Removed a passkey',
  'device.end': 'Ended a signed-in device',
  'password.change': 'Changed their password',
};

export { API_CLIENT, API_CLIENT_FILTER } from './api-client';

/** What an action touched; each action fills the fields that apply to it. */
export const activityTargetSchema = z.object({
  /** A settings save: the fields it changed (names only, never values). */
  Fields: z.optional(z.array(z.string())),
  /** A settings save or restore: the version it made (when the service keeps versions). */
  Version: z.optional(z.int()),
  /** A restore: the version it brought back. */
  RestoredFrom: z.optional(z.int()),
  /** Listings created, updated or deleted: their PlatformIds or MLS numbers, as the request named them. */
  Keys: z.optional(z.array(z.string())),
  KeyType: z.optional(z.string()),
  /** A bulk write or import: how many items, and how they ended. */
  Count: z.optional(z.int()),
  Succeeded: z.optional(z.int()),
  Failed: z.optional(z.int()),
  ImportId: z.optional(z.string()),
  /** An upload: the file's name and kind. */
  FileName: z.optional(z.string()),
  FileKind: z.optional(z.string()),
  /** A member, invitation or sign-in: whom it concerned. */
  MemberId: z.optional(z.string()),
  Email: z.optional(z.string()),
  Role: z.optional(z.string()),
  Chatbots: z.optional(z.array(z.string())),
  Disabled: z.optional(z.boolean()),
  /** How someone signed in: password, passkey or sso. */
  Method: z.optional(z.string()),
  /** Sessions ended. */
  Sessions: z.optional(z.int()),
  /** A passkey's name. */
  Name: z.optional(z.string()),
});
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

export const activityEntrySchema = z.object({
  Id: z.int(),
  /** Milliseconds since the epoch. */
  At: z.int(),
  /** The member who acted; null for an API client or someone not signed in (a failed sign-in). */
  MemberId: z.nullable(z.string()),
  /** Their name when they acted, API_CLIENT, or the email a failed sign-in gave. */
  MemberName: z.string(),
  ChatbotId: z.nullable(z.string()),
  Action: z.enum(ACTIVITY_ACTIONS),
  Target: activityTargetSchema,
  /** The answer: 200, or the refusal's code and Message. */
  Code: z.int(),
  Message: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /console/activity and /console/activity.csv: the filters, all optional, as query parameters. */
export const ACTIVITY_FILTERS = ['member', 'chatbot', 'action', 'from', 'to'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export const activityQuerySchema = z.object({
  /** A member's id, or `api-client`. */
  member: z.optional(z.string().check(z.maxLength(100))),
  chatbot: z.optional(z.string().check(z.maxLength(100))),
  action: z.optional(z.enum(ACTIVITY_ACTIONS, { error: 'is not an activity action' })),
  /** Milliseconds since the epoch, inclusive; `to` is exclusive. (The server reads numbers out of the query string first.) */
  from: z.optional(z.int({ error: 'must be a time in milliseconds' })),
  to: z.optional(z.int({ error: 'must be a time in milliseconds' })),
  page: z.optional(z.int({ error: 'must be a whole number' }).check(z.gte(1, { error: 'must be 1 or more' }))),
  pageSize: z.optional(z.int({ error: 'must be a whole number' }).check(z.gte(1, { error: 'must be between 1 and 200' }), z.lte(200, { error: 'must be between 1 and 200' }))),
});
/** The query's fields that are numbers. */
export const ACTIVITY_NUMBER_PARAMS = ['from', 'to', 'page', 'pageSize'] as const;
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** GET /console/activity: newest first, one page, and who appears in the entries the asker may see (for the Member filter). */
export const activityPageSchema = z.object({
  List: z.array(activityEntrySchema),
  VirtualCount: z.int(),
  Members: z.array(z.object({ Id: z.string(), Name: z.string() })),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** How a listing is named in the record: the KeyType of the request that wrote it, with each key type's query parameter. */
export const LISTING_KEY_PARAMS = { platformId: 'PlatformId', mlsNumber: 'MLSNumber', url: 'URL' } as const;

/** A key longer than this is not looked up (the edit form leaves it out): a query string has its limits. */
export const LISTING_KEY_MAX_LENGTH = 2048;
const listingKey = z.string().check(z.maxLength(LISTING_KEY_MAX_LENGTH, { error: `must be at most ${LISTING_KEY_MAX_LENGTH} characters` }));

/**
 * GET /console/activity/latest: one listing of one chatbot, by whichever of its keys the caller
 * knows (a listing edited by MLS number is recorded under its MLS number, so the edit form sends
 * all three). At least one key.
 */
export const latestListingChangeQuerySchema = z
  .object({
    chatbot: z.string({ error: 'is required' }).check(z.minLength(1, { error: 'is required' }), z.maxLength(100)),
    platformId: z.optional(listingKey),
    mlsNumber: z.optional(listingKey),
    url: z.optional(listingKey),
  })
  .check(
    z.refine((query) => Boolean(query.platformId || query.mlsNumber || query.url), {
      error: 'is required: a PlatformId, an MLS number or a URL',
      path: ['platformId'],
    }),
  );
export type LatestListingChangeQuery = z.infer<typeof latestListingChangeQuerySchema>;

/** Its answer: the newest entry that changed the listing (created, updated or deleted it), or null when the reader may see none. */
export const latestListingChangeSchema = z.nullable(activityEntrySchema);

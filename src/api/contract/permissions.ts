/**
 * Who may do what in the console: one map, read by the server's guard (server/console/guard.ts),
 * which enforces it on every console request, and by the app, which only hides what the server
 * would refuse. Zod-free, so the app's first page can read it without the contract's schemas.
 */
export const ROLES = ['Owner', 'Admin', 'Editor', 'Agent', 'Viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a member may do on a chatbot (or, for `manageMembers`, in the console):
 * - `view`: settings, history, listings, the API reference, and exporting listings as CSV;
 * - `chat`: test-chat and Compare, which spend the chatbot's messages;
 * - `editSettings`: edit settings, restore a version, copy settings to another chatbot;
 * - `writeListings`: create, edit and delete listings, import them, change status in bulk;
 * - `manageMembers`: invite, change and remove members and end their sessions;
 * - `viewActivity`: read the activity record (Owners and Admins all of it; the others their chatbots' entries).
 */
export const ACTIONS = ['view', 'chat', 'editSettings', 'writeListings', 'manageMembers', 'viewActivity'] as const;
export type Action = (typeof ACTIONS)[number];

const ALLOWED: Record<Role, readonly Action[]> = {
  Owner: ACTIONS,
  Admin: ACTIONS,
  Editor: ['view', 'chat', 'editSettings', 'writeListings', 'viewActivity'],
  Agent: ['view', 'chat', 'writeListings', 'viewActivity'],
  Viewer: ['view'],
};

export function roleMay(role: Role, action: Action): boolean {
  return ALLOWED[role].includes(action);
}

/** Owners and Admins work on every chatbot; the others on those they are granted (or all). */
export const ALL_CHATBOTS = '*';

export interface Grant {
  role: Role;
  /** Chatbot ids, or [ALL_CHATBOTS]. */
  chatbots: readonly string[];
}

export function coversEveryChatbot(grant: Grant): boolean {
  return grant.role === 'Owner' || grant.role === 'Admin' || grant.chatbots.includes(ALL_CHATBOTS);
}

export function grantCovers(grant: Grant, chatbotId: string): boolean {
  return coversEveryChatbot(grant) || grant.chatbots.includes(chatbotId);
}

/** What the member may do on this chatbot: a chatbot outside the grant allows nothing. */
export function may(grant: Grant, action: Action, chatbotId?: string): boolean {
  if (!roleMay(grant.role, action)) return false;
  return chatbotId === undefined || grantCovers(grant, chatbotId);
}

/** Which roles a member may hand out: an Admin never makes (or changes, or removes) an Owner. */
export function rolesAssignableBy(role: Role): readonly Role[] {
  if (role === 'Owner') return ROLES;
  if (role === 'Admin') return ROLES.filter((each) => each !== 'Owner');
  return [];
}

import type { ActivityEntry } from '../../api/contract/activity';

/*
 * Where an entry leads: to what it touched, as far as a page of the console can show it.
 * The addresses are the pages' own (a feature does not import another): the settings page
 * opens its History on `?history=N` (settings-form.tsx's HISTORY_PARAM), and the listings
 * page filters by MLS number with `?mls=` (listing-view.ts).
 */

const MEMBER_ACTIONS: ReadonlySet<ActivityEntry['Action']> = new Set([
  'member.invite',
  'invitation.revoke',
  'invitation.accept',
  'member.change',
  'member.remove',
  'member.sessions-end',
]);

const LISTING_ACTIONS: ReadonlySet<ActivityEntry['Action']> = new Set(['listing.create', 'listing.update', 'listing.delete', 'listings.batch']);

/**
 * The page of what the entry touched, or null when no page shows it (a sign-in, an upload).
 * `canSeeMembers`: the Members page is offered only to whoever may open it.
 */
export function entryHref(entry: Pick<ActivityEntry, 'Action' | 'ChatbotId' | 'Target'>, canSeeMembers: boolean): string | null {
  const { Action: action, ChatbotId: chatbotId, Target: target } = entry;
  if (MEMBER_ACTIONS.has(action)) return canSeeMembers ? '/members' : null;
  if (chatbotId === null) return null;
  const chatbot = `/bots/${encodeURIComponent(chatbotId)}`;
  if (action === 'settings.save' || action === 'settings.restore') {
    // The version's diff in the History; a refused save made none, so its settings page.
    return target.Version === undefined ? `${chatbot}/settings` : `${chatbot}/settings?history=${target.Version}`;
  }
  if (LISTING_ACTIONS.has(action)) {
    // One listing named by MLS number: the listings filtered to it. A PlatformId has no filter
    // of its own (and a deleted listing nothing to show): the chatbot's listings.
    const only = target.Keys?.length === 1 && target.KeyType === 'MLSNumber' ? target.Keys[0] : undefined;
    return only === undefined ? `${chatbot}/listings` : `${chatbot}/listings?mls=${encodeURIComponent(only)}`;
  }
  return null;
}

import type { ActivityEntry, ActivityTarget } from '../../api/contract/activity';
import { ALL_CHATBOTS, ROLES, type Role } from '../../api/contract/permissions';
import { fieldLabel } from '../../components/setting-fields';

/*
 * An entry's Details and Result in words: what it touched ("Welcome message, Name · v12",
 * "2 listings: 123, 456", "dana@example.com as Agent") and how it ended. The record holds
 * names, ids and counts only, so that is all these say.
 */

/** Names listed before "and N more": a bulk delete of 40 keys stays one line. */
const LISTED = 5;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function listed(items: readonly string[]): string {
  if (items.length <= LISTED) return items.join(', ');
  return `${items.slice(0, LISTED).join(', ')} and ${items.length - LISTED} more`;
}

/** What a listing key is, when it is not the listing's own id. */
const KEY_KINDS: Record<string, string> = { MLSNumber: 'MLS number', URL: 'URL' };

/** How someone signed in, as the record names it (route-support.ts's SignInMethod). */
const METHODS: Record<string, string> = {
  password: 'password',
  passkey: 'passkey',
  sso: 'single sign-on',
  demo: 'the demo sign-in',
  setup: 'the setup link',
  invitation: 'an invitation',
  protect: 'protecting the console',
};

const byMethod = (method: string | undefined) => (method ? `by ${METHODS[method] ?? method}` : '');

const isRole = (role: string | undefined): role is Role => (ROLES as readonly string[]).includes(role ?? '');

/** "Agent on demo-bot": Owners and Admins work on every chatbot, so theirs says no more. */
function roleWithGrant({ Role: role, Chatbots: chatbots }: ActivityTarget): string {
  if (!role) return '';
  if (!isRole(role) || role === 'Owner' || role === 'Admin' || !chatbots || chatbots.length === 0) return role;
  return chatbots.includes(ALL_CHATBOTS) ? `${role} on all chatbots` : `${role} on ${listed(chatbots)}`;
}

/** Whom a member action concerned: their email, which the reader knows them by. */
const whom = (target: ActivityTarget) => target.Email ?? (target.MemberId ? 'a member' : '');

const joined = (separator: string, ...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(separator);

function listingsText({ Keys: keys, KeyType: keyType, Count: count }: ActivityTarget): string {
  const kind = keyType ? KEY_KINDS[keyType] : undefined;
  if (keys && keys.length > 0) return `${plural(keys.length, 'listing')}${kind ? ` by ${kind}` : ''}: ${listed(keys)}`;
  return count === undefined ? '' : plural(count, 'listing');
}

/** What the entry touched, in a short line; '' when the action says it all (Signed out). */
export function describeActivity({ Action: action, Target: target }: Pick<ActivityEntry, 'Action' | 'Target'>): string {
  switch (action) {
    case 'settings.save':
      return joined(
        ' · ',
        target.Fields && (target.Fields.length > 0 ? target.Fields.map(fieldLabel).join(', ') : 'No field changed'),
        target.Version !== undefined && `v${target.Version}`,
      );
    case 'settings.restore':
      return joined(
        ' · ',
        target.RestoredFrom === undefined ? 'restored an earlier version' : `restored v${target.RestoredFrom}`,
        target.Version !== undefined && `v${target.Version}`,
      );
    case 'listing.create':
    case 'listing.update':
    case 'listing.delete':
      return listingsText(target);
    case 'listings.batch': {
      const rows = joined(', ', target.Count !== undefined && plural(target.Count, 'row'), target.Failed ? `${target.Failed} failed` : '');
      return target.ImportId ? joined(': ', `import ${target.ImportId}`, rows) : rows;
    }
    case 'file.upload':
      return joined(' ', target.FileName, target.FileKind && `(${target.FileKind})`);
    case 'member.invite':
    case 'invitation.accept':
    case 'invitation.revoke':
      return joined(' ', whom(target), target.Role && `as ${roleWithGrant(target)}`);
    case 'member.change':
      // The record keeps the member as the change left them, not the difference.
      return joined(', ', whom(target), target.Role && `now ${roleWithGrant(target)}`, target.Disabled === true && 'disabled');
    case 'member.remove':
      return joined(' ', whom(target), target.Role && `(${target.Role})`);
    case 'member.sessions-end':
      return joined(': ', whom(target), target.Sessions !== undefined && `${plural(target.Sessions, 'session')} ended`);
    case 'device.end':
      return target.Sessions === undefined ? '' : `${plural(target.Sessions, 'session')} ended`;
    case 'sign-in':
      return byMethod(target.Method);
    case 'sign-in.fail':
      return joined(', ', byMethod(target.Method), target.Email && `as ${target.Email}`);
    case 'console.protect':
    case 'console.setup':
      return joined(', ', target.Email, byMethod(target.Method));
    case 'passkey.add':
    case 'passkey.remove':
      return target.Name ?? '';
    case 'sign-out':
    case 'password.change':
      return '';
  }
}

export function succeeded(entry: Pick<ActivityEntry, 'Code'>): boolean {
  return entry.Code >= 200 && entry.Code < 300;
}

/** "OK", or the refusal as the service gave it: "403 · Role Agent may not edit settings of demo-bot". */
export function resultText(entry: Pick<ActivityEntry, 'Code' | 'Message'>): string {
  if (succeeded(entry)) return 'OK';
  return entry.Message ? `${entry.Code} · ${entry.Message}` : String(entry.Code);
}

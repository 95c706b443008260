import type { Member } from '../api/contract/bootstrap';
import { deferComponent } from './deferred-component';

/*
 * The member's menu in the header is on every page but is not what a visit waits for: it
 * loads once the first page has settled (main.tsx), as the notifications and the confirmation
 * dialog do, and keeps the first-load budget for the page. (The Demo owner's banner is drawn
 * with the page: above it, arriving later, it moved the whole page down.)
 */

// One small chunk, not the access pages': it downloads beside whatever the first page does
// next (a streaming answer on a slow link), so it must stay small.
export const userMenu = deferComponent<{ member: Member; canManageMembers: boolean; canViewActivity: boolean }>(() =>
  import('../features/access/user-menu').then((m) => m.UserMenu),
);

/** Loads it now: the first page has settled. */
export function loadAccessControls(): Promise<void> {
  return userMenu.load();
}

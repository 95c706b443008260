import type { Member } from '../api/contract/bootstrap';
import { deferComponent } from './deferred-component';

/*
 * The member's menu in the header and the Demo owner's banner are on every page but are not
 * what a visit waits for: they load once the first page has settled (main.tsx), as the
 * notifications and the confirmation dialog do, and keep the first-load budget for the page.
 */

// One small chunk, not the access pages': it downloads beside whatever the first page does
// next (a streaming answer on a slow link), so it must stay small.
export const userMenu = deferComponent<{ member: Member; canManageMembers: boolean; canViewActivity: boolean }>(() =>
  import('../features/access/header-controls').then((m) => m.UserMenu),
);

export const demoBanner = deferComponent<object>(() => import('../features/access/header-controls').then((m) => m.DemoBanner));

/** Loads them now: the first page has settled. */
export function loadAccessControls(): Promise<void> {
  return Promise.all([userMenu.load(), demoBanner.load()]).then(() => undefined);
}

/**
 * The page module of each area, loaded when its route is first visited. One place for both
 * the router and src/boot.ts, which starts the module of the page being opened before the
 * app's libraries are evaluated.
 */
export const areaModules = {
  connection: () => import('../features/connection/connection-page'),
  settings: () => import('../features/settings/settings-page'),
  chat: () => import('../features/chat/chat-page'),
  listings: () => import('../features/listings/listings-page'),
  /** Setup, an invitation and Your account: one module (see its comment). The sign-in page is a page of its own (src/sign-in.tsx). */
  access: () => import('../features/access/pages'),
  /**
   * A module of its own: a first visit to Members (a link an Owner follows) draws the table,
   * and need not carry the account page's passkeys and forms (the first-visit budget).
   */
  members: () => import('../features/access/members-page'),
  /** A chunk of its own: the access pages' chunk is what an invitation loads, and need not carry it. */
  activity: () => import('../features/activity/activity-page'),
};

export type Area = keyof typeof areaModules;

/**
 * The area a path opens. `/` redirects to the start page: the listings of the first chatbot,
 * or Connection when there is none to open (`hasChatbots`: connected, or about to be by the
 * bootstrap).
 */
export function areaOfPath(pathname: string, hasChatbots: boolean): Area | undefined {
  if (pathname === '/') return hasChatbots ? 'listings' : 'connection';
  if (/^\/connection\/?$/.test(pathname)) return 'connection';
  if (/^\/(setup|invite|account)\/?$/.test(pathname)) return 'access';
  if (/^\/members\/?$/.test(pathname)) return 'members';
  if (/^\/activity\/?$/.test(pathname)) return 'activity';
  const section = /^\/bots\/[^/]+(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!section) return undefined;
  const name = section[1] ?? 'settings';
  return name === 'settings' || name === 'chat' || name === 'listings' ? name : undefined;
}

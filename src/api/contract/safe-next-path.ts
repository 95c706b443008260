/*
 * Where to go once signed in, shared by the sign-in page (password, passkey) and the server's
 * single sign-on (server/console/sso.ts), which keeps `next` across the trip to the provider.
 * Zod-free and DOM-free, so both sides can read it.
 */

/** Where a visitor sent to the sign-in page came from, as `?next=`: `/bots/x/listings?page=2`. */
export const NEXT_PARAM = 'next';

/** Any base will do: only whether the path stays on it matters. */
const BASE = 'http://console.invalid';

/**
 * Where to go once signed in: `next` only when it is a path of this very console, else `/`.
 * `?next=` is in a link anyone can send, so `//evil.example`, `/\evil.example`, `https:…`,
 * `javascript:…` and paths that browsers rewrite into those (tabs, newlines, backslashes) must
 * never lead away from it.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  // Browsers drop tabs and newlines from URLs and read `\` as `/`: `/\t/evil` is `//evil`.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to a page for the signed-out would only go round in a circle.
  return /^\/(sign-in|setup|invite)\/?$/.test(url.pathname) ? '/' : path;
}

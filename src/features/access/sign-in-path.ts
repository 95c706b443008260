/** Where a visitor sent to the sign-in page came from, as `?next=`: `/bots/x/listings?page=2`. */
export const NEXT_PARAM = 'next';

/**
 * The sign-in page's address that comes back here afterwards. Apart from safe-next-path.ts,
 * which the sign-in page uses to check `next`: the shell needs only this, on every page.
 */
/** The sign-in page's address that comes back here afterwards. */
export function signInPathFrom(location: { pathname: string; search: string; hash?: string }): string {
  const here = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return here === '/' ? '/sign-in' : `/sign-in?${NEXT_PARAM}=${encodeURIComponent(here)}`;
}

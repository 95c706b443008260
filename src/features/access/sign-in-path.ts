import { NEXT_PARAM } from '../../api/contract/safe-next-path';

export { NEXT_PARAM };

/** The sign-in page's address that comes back here afterwards. */
export function signInPathFrom(location: { pathname: string; search: string; hash?: string }): string {
  const here = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return here === '/' ? '/sign-in' : `/sign-in?${NEXT_PARAM}=${encodeURIComponent(here)}`;
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** The token of a setup or invitation link, `/setup#token=…`. */
export function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token || null;
}

/**
 * The link's token, kept in memory and taken out of the address bar: a hash never reaches the
 * server, and once gone it is not in the history, a bookmark or a shared screen either.
 */
export function useHashToken(): string | null {
  // The router's location, not only the first one: a link pasted into a tab already showing
  // this page changes just the hash, and the page must take the token then too.
  const { hash } = useLocation();
  const fromHash = tokenOfHash(hash);
  const [kept, setKept] = useState(fromHash);
  if (fromHash !== null && fromHash !== kept) setKept(fromHash);
  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    // The router's own state stays, so Back and Forward keep working.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, [hash]);
  return fromHash ?? kept;
}

import { useEffect, useState } from 'react';

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
  // Read without side effects: React may call an initializer twice.
  const [token] = useState(() => tokenOfHash(window.location.hash));
  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    // The router's own state stays, so Back and Forward keep working.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);
  return token;
}

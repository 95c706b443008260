/**
 * Which chatbots the console works on, and where its service is: what the server's bootstrap
 * said for the signed-in member (src/features/connection/adopt-bootstrap.ts keeps it in step).
 * No key is ever here: the console's requests carry the session cookie, and the server adds
 * the key it holds. Kept in memory only; React reads it through `useSyncExternalStore`,
 * `apiFetch` directly.
 */
export interface Connection {
  /** Empty string: this server (the local service, or its proxy to a hosted one); tests point it elsewhere. */
  baseUrl: string;
  /** The chatbots the signed-in member is granted; the first opens by default. */
  chatbotIds: string[];
}

/** Where earlier versions kept the keys in the browser; removed on load, so none stays behind. */
const FORMER_STORAGE_KEY = 'realty-bot-console.connection';

export const emptyConnection: Connection = { baseUrl: '', chatbotIds: [] };

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Connection = emptyConnection;

if (typeof window !== 'undefined') {
  try {
    window.sessionStorage.removeItem(FORMER_STORAGE_KEY);
    window.localStorage.removeItem(FORMER_STORAGE_KEY);
  } catch {
    // Storage refused (a privacy mode): there is nothing stored either.
  }
}

export function getConnection(): Connection {
  return current;
}

export function saveConnection(next: Connection): void {
  current = next;
  listeners.forEach((listener) => listener());
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isConnected(connection: Connection): boolean {
  return connection.chatbotIds.length > 0;
}

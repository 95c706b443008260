/**
 * Where the browser keeps the connection: which chatbots to work on and the two keys.
 * Keys live in sessionStorage (gone when the tab closes) unless the user ticks
 * "remember on this device", and never in a URL. React reads this through
 * `useSyncExternalStore`; `apiFetch` reads it directly.
 */
export interface Connection {
  /** Empty string: this server (the local service, or its proxy to a hosted one). */
  baseUrl: string;
  secretKey: string;
  sessionKey: string;
  chatbotIds: string[];
  remember: boolean;
}

const STORAGE_KEY = 'realty-bot-console.connection';

export const emptyConnection: Connection = {
  baseUrl: '',
  secretKey: '',
  sessionKey: '',
  chatbotIds: [],
  remember: false,
};

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Connection = readStored();

function readStored(): Connection {
  if (typeof window === 'undefined') return emptyConnection;
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) continue;
    try {
      return { ...emptyConnection, ...(JSON.parse(raw) as Partial<Connection>) };
    } catch {
      storage.removeItem(STORAGE_KEY);
    }
  }
  return emptyConnection;
}

export function getConnection(): Connection {
  return current;
}

export function saveConnection(next: Connection): void {
  current = next;
  const serialised = JSON.stringify(next);
  window.sessionStorage.setItem(STORAGE_KEY, serialised);
  // Only a ticked "remember" may leave the keys on disk.
  if (next.remember) window.localStorage.setItem(STORAGE_KEY, serialised);
  else window.localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isConnected(connection: Connection): boolean {
  return connection.chatbotIds.length > 0;
}

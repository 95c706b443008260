import { useSyncExternalStore } from 'react';
import { getConnection, subscribeConnection, type Connection } from './credentials';

/** The stored connection, re-rendering when it is saved. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

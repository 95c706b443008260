import type { Bootstrap } from '../../api/console';
import { emptyConnection, getConnection, saveConnection, type Connection } from '../../api/credentials';

/** A browser that has never connected (nothing saved, not even one key). */
export function isUntouched(connection: Connection): boolean {
  return connection.chatbotIds.length === 0 && !connection.secretKey && !connection.sessionKey;
}

/**
 * Takes what the server beside the app offers: its chatbots and, on the local service with
 * demo keys, those keys. Only an untouched browser adopts it, so a connection the user
 * saved is never overwritten, and adopting twice changes nothing.
 */
export function adoptBootstrap(bootstrap: Bootstrap | null | undefined): void {
  if (!bootstrap || bootstrap.chatbotIds.length === 0 || !isUntouched(getConnection())) return;
  saveConnection({
    ...emptyConnection,
    chatbotIds: bootstrap.chatbotIds,
    secretKey: bootstrap.secretKey ?? '',
    sessionKey: bootstrap.sessionKey ?? '',
  });
}

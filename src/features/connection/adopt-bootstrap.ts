import type { Bootstrap } from '../../api/console';
import { getConnection, saveConnection, type Connection } from '../../api/credentials';

/** A connection the bootstrap has not filled in yet: no chatbot to open. */
export function isUntouched(connection: Connection): boolean {
  return connection.chatbotIds.length === 0;
}

/**
 * Takes the chatbots the server grants the signed-in member (none when nobody is signed in,
 * or the server cannot be reached). Called whenever the bootstrap changes: at start, at
 * sign-in and at sign-out. Adopting the same list twice changes nothing.
 */
export function adoptBootstrap(bootstrap: Bootstrap | null | undefined): void {
  if (bootstrap === undefined) return;
  const chatbotIds = bootstrap?.chatbotIds ?? [];
  const connection = getConnection();
  if (chatbotIds.length === connection.chatbotIds.length && chatbotIds.every((id, index) => connection.chatbotIds[index] === id)) return;
  saveConnection({ ...connection, chatbotIds });
}

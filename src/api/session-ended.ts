/*
 * "This member's session ended" (signed out elsewhere, removed, timed out), told by whichever
 * request met the 401. A module of its own, without the query layer or the operations' client,
 * so the sign-in page's console requests can use it without loading either.
 */

type UnauthorizedListener = (error: Error) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Lets the app shell send the member to the sign-in page when any request is refused because
 * their session ended, wherever it was called from (queries, mutations, the chat stream, and
 * the console's own routes, which report it with `reportSessionEnded`).
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function reportSessionEnded(error: Error): void {
  unauthorizedListeners.forEach((listener) => listener(error));
}

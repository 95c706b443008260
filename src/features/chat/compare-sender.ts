import type { ChatStore, OutgoingMessage, SettingsVersionLookup } from './chat-store';

/** One side of Compare: a chatbot's chat store and the session its questions go to (none yet: a new one). */
export interface CompareLane {
  store: ChatStore;
  sessionId: number | null;
  settingsVersion?: SettingsVersionLookup;
}

/**
 * Sends one question to every lane at once, each in its own session, through each chatbot's
 * own store (so each answer streams, stops, retries and is kept like any other). `onPlaced`
 * runs once, when the first question is on screen; `onLaneSession` as each lane's question
 * goes out, with its session. Resolves with each lane's session, or null for a lane whose
 * session could not be opened (its store says why); rejects only when no lane could ask.
 */
export async function sendToLanes(
  lanes: readonly CompareLane[],
  message: OutgoingMessage,
  { onPlaced, onLaneSession }: { onPlaced?: () => void; onLaneSession?: (index: number, sessionId: number) => void } = {},
): Promise<Array<number | null>> {
  let placed = false;
  const placeOnce = () => {
    if (placed) return;
    placed = true;
    onPlaced?.();
  };
  const results = await Promise.allSettled(
    lanes.map(async ({ store, sessionId, settingsVersion }, index) => {
      const asked = await store.send(message, placeOnce, { session: sessionId ?? 'new', settingsVersion });
      onLaneSession?.(index, asked);
      return asked;
    }),
  );
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (rejected && results.every((result) => result.status === 'rejected')) throw rejected.reason;
  return results.map((result) => (result.status === 'fulfilled' ? result.value : null));
}

/** Stops every lane's answer in flight. */
export function stopLanes(lanes: readonly CompareLane[]): void {
  for (const { store, sessionId } of lanes) if (sessionId !== null) store.stop(sessionId);
}


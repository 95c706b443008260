import { useSyncExternalStore } from 'react';
import { animationFrameScheduler, createFrameBatcher, type FrameScheduler } from './create-frame-batcher';

/**
 * The text of an answer while it streams, kept outside the chat state: a new chunk then
 * re-renders only that answer's text, not the page, the session list and the composer.
 * React renders a store's change synchronously (in a microtask), so text handed over in a
 * network task or a frame's callbacks is on screen with the next paint.
 */
export interface LiveAnswer {
  /** Everything appended so far, handed over or not. */
  readonly received: string;
  /** Queues text; subscribers hear at most once per animation frame (see createFrameBatcher). */
  append(text: string): void;
  /** Hands over what is queued at once, then stops notifying. */
  settle(): void;
  /** settle() was called: the answer has ended. */
  readonly settled: boolean;
  subscribe(listener: () => void): () => void;
  /** The text subscribers have been told about. */
  getSnapshot(): string;
}

export function createLiveAnswer(scheduler: FrameScheduler = animationFrameScheduler): LiveAnswer {
  let received = '';
  let shown = '';
  let settled = false;
  const listeners = new Set<() => void>();
  const batcher = createFrameBatcher<string>(() => {
    shown = received;
    listeners.forEach((listener) => listener());
  }, scheduler);

  return {
    get received() {
      return received;
    },
    append(text) {
      if (text === '') return;
      received += text;
      batcher.push(text);
    },
    settle() {
      settled = true;
      batcher.flush();
      batcher.dispose();
    },
    get settled() {
      return settled;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => shown,
  };
}

const noSubscription = () => () => {};
const noText = () => '';

/** The live text of `live`, re-rendering as it grows; '' without one. */
export function useLiveText(live: LiveAnswer | undefined): string {
  return useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noText);
}

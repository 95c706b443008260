import { startTransition, useEffect, useRef, useState } from 'react';
import type { ChangePriority, ChatSnapshot, ChatStore } from './chat-store';
import type { ChatSession } from './chat-transcript';

/**
 * What `select` picks from the store's snapshot, re-rendering only when that changes
 * (`isEqual`, by default `Object.is`): the chat page's header, session list and composer each
 * hear only their part, so an answer's start and end re-render the transcript, not the page.
 * Not useSyncExternalStore: React renders a store read that way synchronously even inside
 * startTransition, and the settled answer is meant to render in slices after the last text is
 * painted (see ChangePriority). Fragments never change the snapshot; only the answer's text
 * hears them (useLiveText).
 */
export function useChatSelection<T>(store: ChatStore, select: (snapshot: ChatSnapshot) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const [selected, setSelected] = useState(() => select(store.getSnapshot()));
  // The latest selector and comparison, for the subscription, which outlives renders; and the
  // value last handed to React, so an equal one is not handed over at all (a state update
  // that React has to compare still calls the component).
  const latest = useRef({ select, isEqual, handedOver: selected });
  useEffect(() => {
    latest.current.select = select;
    latest.current.isEqual = isEqual;
  });
  useEffect(() => {
    const onChange = (priority: ChangePriority) => {
      const next = latest.current.select(store.getSnapshot());
      if (latest.current.isEqual(latest.current.handedOver, next)) return;
      latest.current.handedOver = next;
      if (priority === 'transition') startTransition(() => setSelected(next));
      else setSelected(next);
    };
    const unsubscribe = store.subscribe(onChange);
    // A change between the render and this subscription (an answer that ended) is not missed.
    onChange('now');
    return unsubscribe;
  }, [store]);
  return selected;
}

/** The snapshot itself, for a part that shows most of it (the session list). */
export const wholeChatSnapshot = (snapshot: ChatSnapshot) => snapshot;

/**
 * The store's whole snapshot, for the part of a page that shows answers: it lets the store
 * drop the live text of answers once their settled text is on screen.
 */
export function useChatSnapshot(store: ChatStore): ChatSnapshot {
  const snapshot = useChatSelection(store, wholeChatSnapshot);
  useEffect(() => store.releaseLiveAnswers(snapshot.state), [store, snapshot.state]);
  return snapshot;
}

/** The session open in `snapshot`, or null. */
export function activeSessionOf({ state }: ChatSnapshot): ChatSession | null {
  return state.sessions.find((session) => session.id === state.activeSessionId) ?? null;
}

/** Whether `sessionId` has a question in flight in `snapshot`. */
export function isSessionBusy(snapshot: ChatSnapshot, sessionId: number | null): boolean {
  return sessionId !== null && snapshot.busySessions.has(sessionId);
}

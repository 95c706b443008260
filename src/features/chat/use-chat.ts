import { startTransition, useEffect, useState } from 'react';
import { chatStoreOf, type ChangePriority, type ChatSnapshot, type ChatStore } from './chat-store';

/**
 * The store's snapshot, re-rendering at each change. Not useSyncExternalStore: React renders
 * a store read that way synchronously even inside startTransition, and the settled answer is
 * meant to render in slices after the last text is painted (see ChangePriority). Fragments
 * never change the snapshot; only the answer's text hears them (useLiveText).
 */
export function useChatSnapshot(store: ChatStore): ChatSnapshot {
  const [snapshot, setSnapshot] = useState(store.getSnapshot);
  useEffect(() => {
    const onChange = (priority: ChangePriority) => {
      const next = store.getSnapshot();
      if (priority === 'transition') startTransition(() => setSnapshot(next));
      else setSnapshot(next);
    };
    const unsubscribe = store.subscribe(onChange);
    // A change between the render and this subscription (an answer that ended) is not missed.
    if (store.getSnapshot() !== snapshot) onChange('now');
    return unsubscribe;
  }, [store, snapshot]);
  useEffect(() => store.releaseLiveAnswers(snapshot.state), [store, snapshot.state]);
  return snapshot;
}

/**
 * One chatbot's chat, as the chat page shows it: by default the chatbot's store for the
 * tab (chatStoreOf). The work (requests, streaming answers, storage) is the store's, which
 * outlives this page: unmounting it ends nothing.
 */
export function useChat(chatbotId: string, store: ChatStore = chatStoreOf(chatbotId)) {
  const { state, busySessions, creatingSession, createSessionError } = useChatSnapshot(store);
  const activeSession = state.sessions.find((session) => session.id === state.activeSessionId) ?? null;

  return {
    state,
    activeSession,
    busySessions,
    creatingSession,
    createSessionError,
    liveAnswerOf: store.liveAnswerOf,
    newChat: store.newChat,
    openSession: store.openSession,
    clearSession: store.clearSession,
    deleteSession: store.deleteSession,
    send: store.send,
    retry: store.retry,
    stop: store.stop,
  };
}

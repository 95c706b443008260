import { readStoredJson, removeStored, writeStoredJson } from '../../lib/stored-json';
import { chatStateSchema, emptyChatState, type ChatState } from './chat-transcript';

/**
 * Sessions and transcripts of one chatbot, kept in localStorage so a reload (or the
 * next visit) loses nothing. Only what was said is stored: never a key or credential.
 */
const KEY_PREFIX = 'realty-bot-console.chat.v1.';

export function chatStorageKey(chatbotId: string): string {
  return `${KEY_PREFIX}${chatbotId}`;
}

const PAGE_CLOSED_MESSAGE = 'The page was closed or reloaded before the answer was complete.';

export function loadChatState(chatbotId: string, storage: Storage = window.localStorage): ChatState {
  const json = readStoredJson(storage, chatStorageKey(chatbotId));
  if (json === undefined) return emptyChatState;
  const parsed = chatStateSchema.safeParse(json);
  if (!parsed.success) return emptyChatState;
  const state = parsed.data;
  // An answer still streaming when the page went away will never finish: say so.
  return {
    ...state,
    sessions: state.sessions.map((session) => ({
      ...session,
      messages: session.messages.map((message) =>
        message.role === 'assistant' && message.status === 'streaming'
          ? { ...message, status: 'failed', failure: { kind: 'interrupted', message: PAGE_CLOSED_MESSAGE } }
          : message,
      ),
    })),
  };
}

/** Returns false when the browser refused to store (quota full, storage disabled). */
export function saveChatState(chatbotId: string, state: ChatState, storage: Storage = window.localStorage): boolean {
  if (state.sessions.length > 0) return writeStoredJson(storage, chatStorageKey(chatbotId), state);
  removeStored(storage, chatStorageKey(chatbotId));
  return true;
}

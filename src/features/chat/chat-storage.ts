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
  let raw: string | null;
  try {
    raw = storage.getItem(chatStorageKey(chatbotId));
  } catch {
    return emptyChatState;
  }
  if (!raw) return emptyChatState;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return emptyChatState;
  }
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
  try {
    if (state.sessions.length === 0) storage.removeItem(chatStorageKey(chatbotId));
    else storage.setItem(chatStorageKey(chatbotId), JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

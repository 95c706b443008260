import * as z from 'zod/mini';
import { CHAT_ASK_TYPES } from '../../api/contract';

/**
 * The chat pane's state: this chatbot's sessions and their transcripts, as kept in the
 * browser between visits. The schemas guard what is read back from storage, and the
 * types are inferred from them.
 */
export const attachmentRefSchema = z.object({
  fileId: z.int(),
  name: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

export const userMessageSchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  content: z.string(),
  askType: z.enum(CHAT_ASK_TYPES),
  attachments: z.array(attachmentRefSchema),
  sentAt: z.number(),
});
export type UserMessage = z.infer<typeof userMessageSchema>;

/**
 * interrupted: the connection broke; incomplete: the stream ended without its final object;
 * stalled: nothing arrived for the client's idle timeout.
 */
export const FAILURE_KINDS = [
  'interrupted',
  'incomplete',
  'stalled',
  'malformed',
  'offline',
  'rate-limited',
  'session-missing',
  'service',
] as const;
export const failureSchema = z.object({
  kind: z.enum(FAILURE_KINDS),
  message: z.string(),
  status: z.optional(z.int()),
});
export type AskFailure = z.infer<typeof failureSchema>;

export const ANSWER_MODES = ['stream', 'single'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  /** The user message this answers; Retry asks it again. */
  replyTo: z.string(),
  mode: z.enum(ANSWER_MODES),
  status: z.enum(['streaming', 'done', 'stopped', 'failed']),
  content: z.string(),
  failure: z.optional(failureSchema),
  /** Streamed answers carry QuestionID and AnswerID, single answers a messageid. */
  questionID: z.optional(z.int()),
  answerID: z.optional(z.int()),
  messageID: z.optional(z.int()),
  totalToken: z.optional(z.int()),
  noAnswer: z.optional(z.boolean()),
  firstFragmentMs: z.optional(z.number()),
  totalMs: z.optional(z.number()),
  startedAt: z.number(),
  /**
   * The chatbot's settings version current when the question was sent (service or browser
   * history). Absent when neither knew one, and in transcripts stored before it was kept.
   */
  settingsVersion: z.optional(z.int().check(z.gte(1))),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const chatMessageSchema = z.discriminatedUnion('role', [userMessageSchema, assistantMessageSchema]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionSchema = z.object({
  id: z.int(),
  createdAt: z.number(),
  messages: z.array(chatMessageSchema),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const chatStateSchema = z.object({
  activeSessionId: z.nullable(z.int()),
  /** Newest first. */
  sessions: z.array(chatSessionSchema),
});
export type ChatState = z.infer<typeof chatStateSchema>;

export const emptyChatState: ChatState = { activeSessionId: null, sessions: [] };

export type AssistantPatch = Partial<Omit<AssistantMessage, 'id' | 'role' | 'replyTo'>>;

export type ChatAction =
  | { type: 'sessionOpened'; sessionId: number; now: number }
  /** A session kept beside the open one (Compare's), which does not become the open one. */
  | { type: 'sessionAdded'; sessionId: number; now: number }
  | { type: 'sessionCleared'; sessionId: number }
  | { type: 'sessionDeleted'; sessionId: number }
  | { type: 'messageAdded'; sessionId: number; message: ChatMessage }
  | { type: 'messageReplaced'; sessionId: number; messageId: string; message: ChatMessage }
  | { type: 'answerUpdated'; sessionId: number; messageId: string; patch: AssistantPatch }
  | { type: 'fragmentsAppended'; sessionId: number; messageId: string; text: string };

function updateSession(state: ChatState, sessionId: number, update: (session: ChatSession) => ChatSession): ChatState {
  // A late fragment for a session deleted meanwhile is simply dropped.
  if (!state.sessions.some((session) => session.id === sessionId)) return state;
  return {
    ...state,
    sessions: state.sessions.map((session) => (session.id === sessionId ? update(session) : session)),
  };
}

function updateAnswer(
  state: ChatState,
  sessionId: number,
  messageId: string,
  update: (message: AssistantMessage) => AssistantMessage,
): ChatState {
  return updateSession(state, sessionId, (session) => ({
    ...session,
    messages: session.messages.map((message) =>
      message.id === messageId && message.role === 'assistant' ? update(message) : message,
    ),
  }));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sessionOpened': {
      const known = state.sessions.some((session) => session.id === action.sessionId);
      return {
        activeSessionId: action.sessionId,
        sessions: known
          ? state.sessions
          : [{ id: action.sessionId, createdAt: action.now, messages: [] }, ...state.sessions],
      };
    }
    case 'sessionAdded':
      if (state.sessions.some((session) => session.id === action.sessionId)) return state;
      return { ...state, sessions: [{ id: action.sessionId, createdAt: action.now, messages: [] }, ...state.sessions] };
    case 'sessionCleared':
      return updateSession(state, action.sessionId, (session) => ({ ...session, messages: [] }));
    case 'sessionDeleted': {
      const sessions = state.sessions.filter((session) => session.id !== action.sessionId);
      const activeSessionId =
        state.activeSessionId === action.sessionId ? (sessions[0]?.id ?? null) : state.activeSessionId;
      return { activeSessionId, sessions };
    }
    case 'messageAdded':
      return updateSession(state, action.sessionId, (session) => ({
        ...session,
        messages: [...session.messages, action.message],
      }));
    case 'messageReplaced':
      return updateSession(state, action.sessionId, (session) => ({
        ...session,
        messages: session.messages.map((message) => (message.id === action.messageId ? action.message : message)),
      }));
    case 'answerUpdated':
      return updateAnswer(state, action.sessionId, action.messageId, (message) => ({ ...message, ...action.patch }));
    case 'fragmentsAppended':
      return updateAnswer(state, action.sessionId, action.messageId, (message) => ({
        ...message,
        content: message.content + action.text,
      }));
  }
}

/** The session's first question, as the side list names it. */
export function sessionTitle(session: ChatSession): string {
  const first = session.messages.find((message): message is UserMessage => message.role === 'user');
  if (!first) return 'New chat';
  const text = first.content.trim().replace(/\s+/g, ' ');
  if (text) return text;
  const files = first.attachments.map((attachment) => attachment.name).join(', ');
  return files ? `(${files})` : 'New chat';
}

/** Short unique ids for messages; crypto.randomUUID is missing on plain-http origins. */
export function newMessageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

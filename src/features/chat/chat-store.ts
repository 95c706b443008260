import { notifications } from '@mantine/notifications';
import { flushSync } from 'react-dom';
import { askChatbot, askChatbotStream, createChatSession } from '../../api/chat';
import type { ClientAskRequest } from '../../api/contract';
import type { AnswerBatch } from '../../api/stream';
import { afterNextPaint } from './after-next-paint';
import { askTypeOf } from './attachment-rules';
import { loadChatState, saveChatState } from './chat-storage';
import {
  chatReducer,
  newMessageId,
  type AnswerMode,
  type AssistantMessage,
  type AttachmentRef,
  type ChatAction,
  type ChatState,
  type UserMessage,
} from './chat-transcript';
import { animationFrameScheduler, type FrameScheduler } from './create-frame-batcher';
import { describeAskFailure } from './describe-ask-failure';
import { createLiveAnswer, type LiveAnswer } from './live-answer';

export interface OutgoingMessage {
  content: string;
  attachments: AttachmentRef[];
  mode: AnswerMode;
}

/**
 * The chatbot's settings version as a question goes out: resolves to null when nobody knows
 * one. The question does not wait for it; the answer records it when it comes.
 */
export type SettingsVersionLookup = () => Promise<number | null>;

export interface SendOptions {
  /**
   * Where to ask: the open session by default (a new one, opened, when there is none);
   * `'new'` opens a session kept beside the open one, which stays open (Compare asks this way);
   * a session number asks in that session (a new one beside when it no longer exists).
   */
  session?: number | 'new';
  settingsVersion?: SettingsVersionLookup;
}

/** What the chat page renders. A new object at every change; never changed by a fragment. */
export interface ChatSnapshot {
  state: ChatState;
  /** Sessions with a question in flight. */
  busySessions: ReadonlySet<number>;
  creatingSession: boolean;
  createSessionError: Error | null;
}

/**
 * `transition`: the change may render in slices, after anything urgent (an answer that has
 * settled, the end of busy). `now`: render it as any state update.
 */
export type ChangePriority = 'now' | 'transition';
export type ChatStoreListener = (priority: ChangePriority) => void;

export interface ChatStore {
  getSnapshot(): ChatSnapshot;
  subscribe(listener: ChatStoreListener): () => void;
  /** The text of an answer while it streams; it stays out of the snapshot until the answer ends. */
  liveAnswerOf(messageId: string): LiveAnswer | undefined;
  /**
   * Lets go of the live text of answers that have ended in `committed`, the state on screen:
   * dropping it while a render of the older state could still come would blank the answer.
   */
  releaseLiveAnswers(committed: ChatState): void;
  newChat(): Promise<number>;
  openSession(sessionId: number): void;
  clearSession(sessionId: number): void;
  deleteSession(sessionId: number): void;
  /**
   * Puts the question in the transcript (opening a session first when there is none) and
   * asks it; the answer carries on by itself, whatever page is open. `onPlaced` runs inside
   * the render that shows the question, before the request goes out: the composer clears
   * there, so its relayout is not left for a moment when the answer's first bytes arrive.
   * Resolves with the session the question went to; rejects, without calling `onPlaced`,
   * when no session could be opened.
   */
  send(message: OutgoingMessage, onPlaced?: () => void, options?: SendOptions): Promise<number>;
  retry(sessionId: number, answer: AssistantMessage, settingsVersion?: SettingsVersionLookup): void;
  stop(sessionId: number): void;
  /** Writes the transcript, with what has streamed so far, to storage now. */
  saveNow(): void;
}

type AskBody = Omit<ClientAskRequest, 'stream'>;

/** What the store talks to; tests hand in their own. */
export interface ChatStoreDeps {
  createSession(chatbotId: string): Promise<{ SessionID: number }>;
  askStream(body: AskBody, signal: AbortSignal): AsyncIterable<AnswerBatch>;
  askSingle(body: AskBody, signal: AbortSignal): Promise<{ content: string; messageid: number; totalToken: number; noAnswer: boolean }>;
  storage: Storage;
  frames: FrameScheduler;
  afterPaint(): Promise<void>;
  /** The browser refused to store the transcript; called once per store. */
  onSaveRefused(): void;
  /** While an answer streams, the transcript is written to storage at most this often. */
  streamingSaveIntervalMs: number;
}

const defaultDeps = (): ChatStoreDeps => ({
  createSession: createChatSession,
  askStream: askChatbotStream,
  askSingle: askChatbot,
  storage: window.localStorage,
  frames: animationFrameScheduler,
  afterPaint: afterNextPaint,
  onSaveRefused: () =>
    notifications.show({
      color: 'orange',
      title: 'The transcript could not be saved',
      message: 'This browser refused to store it (storage full or disabled); it will be lost on reload.',
    }),
  streamingSaveIntervalMs: 1000,
});

function isStreaming(state: ChatState): boolean {
  return state.sessions.some((session) =>
    session.messages.some((message) => message.role === 'assistant' && message.status === 'streaming'),
  );
}

/** `state` with the text streamed so far written into the answers still streaming. */
function withLiveText(state: ChatState, live: ReadonlyMap<string, LiveAnswer>): ChatState {
  if (live.size === 0) return state;
  return {
    ...state,
    sessions: state.sessions.map((session) => ({
      ...session,
      messages: session.messages.map((message) => {
        const answer = message.role === 'assistant' && message.status === 'streaming' ? live.get(message.id) : undefined;
        return answer ? { ...message, content: answer.received } : message;
      }),
    })),
  };
}

function askBody(sessionId: number, question: UserMessage): AskBody {
  return {
    sessionID: sessionId,
    content: question.content,
    chatAskType: question.askType,
    ...(question.attachments.length > 0 ? { fileIds: question.attachments.map((attachment) => attachment.fileId) } : {}),
  };
}

/** Where a new answer goes: in place of an earlier one, and after what (its question, a new session). */
interface AskPlacement {
  /** The answer this one replaces (a retry). */
  replacing?: string;
  /** Changes that belong in the same render as the new answer, before it. */
  before?: () => void;
  settingsVersion?: SettingsVersionLookup;
}

/**
 * One chatbot's chat: its sessions and transcripts (kept in the browser), and asking,
 * streaming, stopping and retrying answers. It lives outside React, so an answer keeps
 * coming while the chat page is not on screen; only closing or reloading the tab ends it
 * (its text so far is saved, and read back as interrupted). One question per session is in flight.
 */
export function createChatStore(chatbotId: string, overrides: Partial<ChatStoreDeps> = {}): ChatStore {
  const deps: ChatStoreDeps = { ...defaultDeps(), ...overrides };
  let state = loadChatState(chatbotId, deps.storage);
  let snapshot: ChatSnapshot = { state, busySessions: new Set(), creatingSession: false, createSessionError: null };
  const listeners = new Set<ChatStoreListener>();
  const controllers = new Map<number, AbortController>();
  const liveAnswers = new Map<string, LiveAnswer>();
  let streamingSaveTimer: ReturnType<typeof setInterval> | null = null;
  let saveQueued = false;
  let warned = false;

  function publish(next: Partial<ChatSnapshot>, priority: ChangePriority = 'now') {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener(priority));
    // Nobody renders this store, so no render of an older state can come.
    if (listeners.size === 0) releaseLiveAnswers(state);
  }

  /** `alongside`: more of the snapshot that changes with this action, published in the same change. */
  function dispatch(action: ChatAction, priority: ChangePriority = 'now', alongside: Partial<ChatSnapshot> = {}) {
    const next = chatReducer(state, action);
    if (next === state) return;
    state = next;
    scheduleSave();
    publish({ state, ...alongside }, priority);
  }

  function busySessionsWith(sessionId: number, busy: boolean): ReadonlySet<number> {
    const busySessions = new Set(snapshot.busySessions);
    if (busy) busySessions.add(sessionId);
    else busySessions.delete(sessionId);
    return busySessions;
  }

  function markBusy(sessionId: number, busy: boolean, priority: ChangePriority) {
    if (snapshot.busySessions.has(sessionId) === busy) return;
    publish({ busySessions: busySessionsWith(sessionId, busy) }, priority);
  }

  function saveNow() {
    if (saveChatState(chatbotId, withLiveText(state, liveAnswers), deps.storage) || warned) return;
    warned = true;
    deps.onSaveRefused();
  }

  /**
   * A settled change is written in a task of its own, off the render that shows it; while an
   * answer streams, once a while, since its text grows outside `state`: a reload mid-answer
   * then still finds most of it.
   */
  function scheduleSave() {
    if (isStreaming(state)) {
      if (streamingSaveTimer === null) {
        streamingSaveTimer = setInterval(saveNow, deps.streamingSaveIntervalMs);
        // A reload can end the request (and so the answer, as a dropped connection) before
        // pagehide: save while it is still streaming. Only then, so the tab stays fit for the back-forward cache.
        window.addEventListener('beforeunload', saveNow);
      }
      return;
    }
    if (streamingSaveTimer !== null) {
      clearInterval(streamingSaveTimer);
      streamingSaveTimer = null;
      window.removeEventListener('beforeunload', saveNow);
    }
    if (saveQueued) return;
    saveQueued = true;
    setTimeout(() => {
      saveQueued = false;
      saveNow();
    }, 0);
  }

  function releaseLiveAnswers(committed: ChatState) {
    if (liveAnswers.size === 0) return;
    const streaming = new Set<string>();
    for (const session of committed.sessions) {
      for (const message of session.messages) if (message.role === 'assistant' && message.status === 'streaming') streaming.add(message.id);
    }
    for (const [id, answer] of liveAnswers) if (answer.settled && !streaming.has(id)) liveAnswers.delete(id);
  }

  async function openNewSession(): Promise<number> {
    publish({ creatingSession: true, createSessionError: null });
    try {
      const { SessionID } = await deps.createSession(chatbotId);
      publish({ creatingSession: false });
      return SessionID;
    } catch (error) {
      publish({ creatingSession: false, createSessionError: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    }
  }

  async function ask(sessionId: number, question: UserMessage, mode: AnswerMode, { replacing, before, settingsVersion }: AskPlacement = {}) {
    const answer: AssistantMessage = {
      id: newMessageId(),
      role: 'assistant',
      replyTo: question.id,
      mode,
      status: 'streaming',
      content: '',
      startedAt: Date.now(),
    };
    const live = mode === 'stream' ? createLiveAnswer(deps.frames) : undefined;
    if (live) liveAnswers.set(answer.id, live);
    const controller = new AbortController();
    controllers.set(sessionId, controller);
    // The question and the empty answer are on the page before the request goes out: the
    // answer's first bytes then find the page idle instead of waiting behind this render,
    // which would otherwise run beside the request.
    flushSync(() => {
      before?.();
      if (replacing) dispatch({ type: 'messageReplaced', sessionId, messageId: replacing, message: answer });
      else dispatch({ type: 'messageAdded', sessionId, message: answer });
      markBusy(sessionId, true, 'now');
    });
    const update = (patch: Partial<AssistantMessage>, priority: ChangePriority = 'now', alongside?: Partial<ChatSnapshot>) =>
      dispatch({ type: 'answerUpdated', sessionId, messageId: answer.id, patch }, priority, alongside);
    /** The answer has had its last change: what its stream does after that is not shown. */
    let ended = false;
    // The answer's last change and its session's end of busy are one change, so the page
    // renders once when an answer ends, not once for each. The session is free from then on,
    // even while the stream is still closing, so a question may already be on its way there.
    const finish = (patch: Partial<AssistantMessage>, priority: ChangePriority = 'now') => {
      ended = true;
      update(patch, priority, { busySessions: busySessionsWith(sessionId, false) });
    };
    // Beside the question, never before it: an unknown version leaves the answer without one.
    settingsVersion?.().then(
      (version) => {
        if (version !== null) update({ settingsVersion: version }, 'transition');
      },
      () => {},
    );
    const started = performance.now();
    let firstFragmentMs: number | undefined;

    try {
      if (live) {
        // One hand-over per network chunk, however many fragments it carried.
        for await (const { fragments, final } of deps.askStream(askBody(sessionId, question), controller.signal)) {
          const text = fragments.join('');
          if (text !== '') {
            firstFragmentMs ??= performance.now() - started;
            live.append(text);
          }
          if (!final) continue;
          const totalMs = performance.now() - started;
          // The last text is painted first; the settled answer (badge, buttons, the page
          // around it) comes after that paint, and may render in slices.
          await deps.afterPaint();
          finish(
            {
              status: 'done',
              content: final.Answer,
              questionID: final.QuestionID,
              answerID: final.AnswerID,
              totalToken: final.TotalToken,
              firstFragmentMs: firstFragmentMs ?? totalMs,
              totalMs,
            },
            'transition',
          );
        }
        if (!ended) throw new Error('the stream ended without its final answer');
      } else {
        const data = await deps.askSingle(askBody(sessionId, question), controller.signal);
        finish({
          status: 'done',
          content: data.content,
          messageID: data.messageid,
          totalToken: data.totalToken,
          noAnswer: data.noAnswer,
          totalMs: performance.now() - started,
        });
      }
    } catch (error) {
      // A stream that fails (or is stopped) while it closes after its final answer leaves the
      // answer as it ended.
      if (!ended) {
        const received = live?.received ?? '';
        const failure = describeAskFailure(error, received !== '');
        // The partial answer stays: everything that arrived, including the last unpainted frame.
        finish({
          content: received,
          firstFragmentMs,
          totalMs: performance.now() - started,
          ...(failure === 'stopped' ? { status: 'stopped' } : { status: 'failed', failure }),
        });
      }
    } finally {
      live?.settle();
      // A question sent since the answer ended has its own request and its own busy.
      if (controllers.get(sessionId) === controller) {
        controllers.delete(sessionId);
        markBusy(sessionId, false, 'transition');
      }
    }
  }

  // The tab is going away: keep every character that has arrived, not only the last save's.
  window.addEventListener('pagehide', () => {
    if (isStreaming(state)) saveNow();
  });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveAnswerOf: (messageId) => liveAnswers.get(messageId),
    releaseLiveAnswers,
    saveNow,

    async newChat() {
      const sessionId = await openNewSession();
      dispatch({ type: 'sessionOpened', sessionId, now: Date.now() });
      return sessionId;
    },

    openSession(sessionId) {
      dispatch({ type: 'sessionOpened', sessionId, now: Date.now() });
    },

    clearSession(sessionId) {
      controllers.get(sessionId)?.abort();
      dispatch({ type: 'sessionCleared', sessionId });
    },

    deleteSession(sessionId) {
      controllers.get(sessionId)?.abort();
      dispatch({ type: 'sessionDeleted', sessionId });
    },

    async send(message, onPlaced, { session, settingsVersion } = {}) {
      const activeSessionId = state.activeSessionId;
      const asked = typeof session === 'number' && state.sessions.some((candidate) => candidate.id === session) ? session : null;
      const beside = session !== undefined && asked === null;
      const existing = beside ? null : (asked ?? activeSessionId);
      // A new session opens together with its first question, in one render.
      const sessionId = existing ?? (await openNewSession());
      const question: UserMessage = {
        id: newMessageId(),
        role: 'user',
        content: message.content,
        askType: askTypeOf(message.attachments.map((attachment) => attachment.kind)),
        attachments: message.attachments,
        sentAt: Date.now(),
      };
      void ask(sessionId, question, message.mode, {
        settingsVersion,
        before() {
          if (existing === null) dispatch({ type: beside ? 'sessionAdded' : 'sessionOpened', sessionId, now: Date.now() });
          dispatch({ type: 'messageAdded', sessionId, message: question });
          onPlaced?.();
        },
      });
      return sessionId;
    },

    retry(sessionId, answer, settingsVersion) {
      const session = state.sessions.find((candidate) => candidate.id === sessionId);
      const question = session?.messages.find(
        (message): message is UserMessage => message.id === answer.replyTo && message.role === 'user',
      );
      if (question) void ask(sessionId, question, answer.mode, { replacing: answer.id, settingsVersion });
    },

    stop(sessionId) {
      controllers.get(sessionId)?.abort();
    },
  };
}

const stores = new Map<string, ChatStore>();

/**
 * The one store of a chatbot for the life of the tab, made on first use. Kept here, at module
 * level, rather than in the chat page: leaving the page, or switching chatbot, must not end
 * an answer (design.md: work that outlives a page lives above the routes).
 */
export function chatStoreOf(chatbotId: string): ChatStore {
  let store = stores.get(chatbotId);
  if (!store) {
    store = createChatStore(chatbotId);
    stores.set(chatbotId, store);
  }
  return store;
}

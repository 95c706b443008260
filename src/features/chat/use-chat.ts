import { notifications } from '@mantine/notifications';
import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { askChatbot, askChatbotStream, useCreateSession } from '../../api/chat';
import type { ClientAskRequest } from '../../api/contract';
import { afterNextPaint } from './after-next-paint';
import { askTypeOf } from './attachment-rules';
import { loadChatState, saveChatState } from './chat-storage';
import {
  chatReducer,
  newMessageId,
  type AnswerMode,
  type AssistantMessage,
  type AttachmentRef,
  type ChatState,
  type UserMessage,
} from './chat-transcript';
import { describeAskFailure } from './describe-ask-failure';
import { createLiveAnswer, type LiveAnswer } from './live-answer';

export interface OutgoingMessage {
  content: string;
  attachments: AttachmentRef[];
  mode: AnswerMode;
}

/** While an answer streams, the transcript is written to storage at most this often. */
const STREAMING_SAVE_INTERVAL_MS = 1000;

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

/** Where a new answer goes: in place of an earlier one, and after what (its question, a new session). */
interface AskPlacement {
  /** The answer this one replaces (a retry). */
  replacing?: string;
  /** State changes that belong in the same render as the new answer, before it. */
  before?: () => void;
}

function askBody(sessionId: number, question: UserMessage): Omit<ClientAskRequest, 'stream'> {
  return {
    sessionID: sessionId,
    content: question.content,
    chatAskType: question.askType,
    ...(question.attachments.length > 0 ? { fileIds: question.attachments.map((attachment) => attachment.fileId) } : {}),
  };
}

/**
 * One chatbot's chat: its sessions and transcripts (kept in the browser), and asking,
 * streaming, stopping and retrying answers. Only one question per session is in flight.
 */
export function useChat(chatbotId: string) {
  const [state, dispatch] = useReducer(chatReducer, chatbotId, loadChatState);
  const [busySessions, setBusySessions] = useState<ReadonlySet<number>>(() => new Set());
  const createSession = useCreateSession();
  const controllers = useRef(new Map<number, AbortController>());
  /** The text of each answer while it streams, by message id: it stays out of `state` until the answer ends. */
  const liveAnswers = useRef(new Map<string, LiveAnswer>());
  const latestState = useRef(state);

  useEffect(() => {
    latestState.current = state;
    // A live answer is let go once its settled text is committed: dropping it earlier
    // would blank the answer in any render between the two.
    const live = liveAnswers.current;
    if (live.size === 0) return;
    const streaming = new Set<string>();
    for (const session of state.sessions) {
      for (const message of session.messages) if (message.role === 'assistant' && message.status === 'streaming') streaming.add(message.id);
    }
    for (const [id, answer] of live) if (answer.settled && !streaming.has(id)) live.delete(id);
  }, [state]);

  const snapshot = useCallback((current: ChatState) => withLiveText(current, liveAnswers.current), []);
  useSaveChatState(chatbotId, state, snapshot);

  const liveAnswerOf = useCallback((messageId: string) => liveAnswers.current.get(messageId), []);

  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const markBusy = useCallback((sessionId: number, busy: boolean) => {
    setBusySessions((current) => {
      const next = new Set(current);
      if (busy) next.add(sessionId);
      else next.delete(sessionId);
      return next;
    });
  }, []);

  const ask = useCallback(
    async (sessionId: number, question: UserMessage, mode: AnswerMode, { replacing, before }: AskPlacement = {}) => {
      const answer: AssistantMessage = {
        id: newMessageId(),
        role: 'assistant',
        replyTo: question.id,
        mode,
        status: 'streaming',
        content: '',
        startedAt: Date.now(),
      };
      const live = mode === 'stream' ? createLiveAnswer() : undefined;
      if (live) liveAnswers.current.set(answer.id, live);
      const controller = new AbortController();
      controllers.current.set(sessionId, controller);
      // The question and the empty answer are on the page before the request goes out: the
      // answer's first bytes then find the page idle instead of waiting behind this render,
      // which would otherwise run beside the request.
      flushSync(() => {
        before?.();
        if (replacing) dispatch({ type: 'messageReplaced', sessionId, messageId: replacing, message: answer });
        else dispatch({ type: 'messageAdded', sessionId, message: answer });
        markBusy(sessionId, true);
      });
      const update = (patch: Partial<AssistantMessage>) =>
        dispatch({ type: 'answerUpdated', sessionId, messageId: answer.id, patch });
      const started = performance.now();
      let firstFragmentMs: number | undefined;

      try {
        if (live) {
          let finished = false;
          // One hand-over per network chunk, however many fragments it carried.
          for await (const { fragments, final } of askChatbotStream(askBody(sessionId, question), controller.signal)) {
            const text = fragments.join('');
            if (text !== '') {
              firstFragmentMs ??= performance.now() - started;
              live.append(text);
            }
            if (!final) continue;
            finished = true;
            const totalMs = performance.now() - started;
            // The last text is painted first; the settled answer (badge, buttons, the page
            // around it) comes after that paint, and may render in slices.
            await afterNextPaint();
            startTransition(() =>
              update({
                status: 'done',
                content: final.Answer,
                questionID: final.QuestionID,
                answerID: final.AnswerID,
                totalToken: final.TotalToken,
                firstFragmentMs: firstFragmentMs ?? totalMs,
                totalMs,
              }),
            );
          }
          if (!finished) throw new Error('the stream ended without its final answer');
        } else {
          const data = await askChatbot(askBody(sessionId, question), controller.signal);
          update({
            status: 'done',
            content: data.content,
            messageID: data.messageid,
            totalToken: data.totalToken,
            noAnswer: data.noAnswer,
            totalMs: performance.now() - started,
          });
        }
      } catch (error) {
        const received = live?.received ?? '';
        const failure = describeAskFailure(error, received !== '');
        // The partial answer stays: everything that arrived, including the last unpainted frame.
        update({
          content: received,
          firstFragmentMs,
          totalMs: performance.now() - started,
          ...(failure === 'stopped' ? { status: 'stopped' } : { status: 'failed', failure }),
        });
      } finally {
        live?.settle();
        if (controllers.current.get(sessionId) === controller) controllers.current.delete(sessionId);
        startTransition(() => markBusy(sessionId, false));
      }
    },
    [markBusy],
  );

  const { mutateAsync: createSessionAsync } = createSession;
  const actions = useMemo(() => {
    const newChat = async (): Promise<number> => {
      const { SessionID } = await createSessionAsync(chatbotId);
      dispatch({ type: 'sessionOpened', sessionId: SessionID, now: Date.now() });
      return SessionID;
    };

    return {
      newChat,

      openSession(sessionId: number) {
        dispatch({ type: 'sessionOpened', sessionId, now: Date.now() });
      },

      clearSession(sessionId: number) {
        controllers.current.get(sessionId)?.abort();
        dispatch({ type: 'sessionCleared', sessionId });
      },

      deleteSession(sessionId: number) {
        controllers.current.get(sessionId)?.abort();
        dispatch({ type: 'sessionDeleted', sessionId });
      },

      /**
       * Puts the question in the transcript (opening a session first when there is none) and
       * asks it; the answer carries on by itself. `onPlaced` runs inside the render that shows
       * the question, before the request goes out: the composer clears there, so its relayout
       * is not left for a moment when the answer's first bytes arrive. Rejects, without calling
       * it, when no session could be opened.
       */
      async send(message: OutgoingMessage, onPlaced?: () => void): Promise<void> {
        const activeSessionId = latestState.current.activeSessionId;
        // A new session opens together with its first question, in one render.
        const sessionId = activeSessionId ?? (await createSessionAsync(chatbotId)).SessionID;
        const question: UserMessage = {
          id: newMessageId(),
          role: 'user',
          content: message.content,
          askType: askTypeOf(message.attachments.map((attachment) => attachment.kind)),
          attachments: message.attachments,
          sentAt: Date.now(),
        };
        void ask(sessionId, question, message.mode, {
          before() {
            if (activeSessionId === null) dispatch({ type: 'sessionOpened', sessionId, now: Date.now() });
            dispatch({ type: 'messageAdded', sessionId, message: question });
            onPlaced?.();
          },
        });
      },

      retry(sessionId: number, answer: AssistantMessage) {
        const session = latestState.current.sessions.find((candidate) => candidate.id === sessionId);
        const question = session?.messages.find(
          (message): message is UserMessage => message.id === answer.replyTo && message.role === 'user',
        );
        if (question) void ask(sessionId, question, answer.mode, { replacing: answer.id });
      },

      stop(sessionId: number) {
        controllers.current.get(sessionId)?.abort();
      },
    };
  }, [ask, chatbotId, createSessionAsync]);

  const activeSession = state.sessions.find((session) => session.id === state.activeSessionId) ?? null;

  return {
    state,
    activeSession,
    busySessions,
    liveAnswerOf,
    creatingSession: createSession.isPending,
    createSessionError: createSession.error,
    ...actions,
  };
}

/**
 * Writes every settled change at once; while an answer streams, once a second, so a reload
 * mid-answer still finds most of it. `snapshot` adds what has streamed in so far.
 */
function useSaveChatState(chatbotId: string, state: ChatState, snapshot: (state: ChatState) => ChatState) {
  const latestRef = useRef(state);
  const warned = useRef(false);

  const save = useCallback(
    (next: ChatState) => {
      if (saveChatState(chatbotId, snapshot(next)) || warned.current) return;
      warned.current = true;
      notifications.show({
        color: 'orange',
        title: 'The transcript could not be saved',
        message: 'This browser refused to store it (storage full or disabled); it will be lost on reload.',
      });
    },
    [chatbotId, snapshot],
  );

  const streaming = isStreaming(state);
  useEffect(() => {
    latestRef.current = state;
    if (!streaming) save(state);
  }, [state, streaming, save]);

  useEffect(() => {
    if (!streaming) return;
    // The streamed text grows outside `state`, so a change of state cannot be what triggers this.
    const timer = window.setInterval(() => save(latestRef.current), STREAMING_SAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [streaming, save]);

  useEffect(() => {
    const box = latestRef;
    return () => save(box.current);
  }, [save]);
}

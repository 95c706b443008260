import { act, renderHook } from '@testing-library/react';
import type { AnswerBatch } from '../../api/stream';
import { loadChatState } from './chat-storage';
import { chatStoreOf, createChatStore, type ChangePriority, type ChatStore, type ChatStoreDeps } from './chat-store';
import type { AssistantMessage } from './chat-transcript';
import type { FrameScheduler } from './create-frame-batcher';
import { activeSessionOf, useChatSelection, useChatSnapshot } from './use-chat';

const BOT = 'bot-a';
const FINAL = { QuestionID: 11, AnswerID: 12, TotalToken: 40 };

/** Frames run only when the test says so; nothing here needs them, as settle() hands over what waits. */
const noFrames: FrameScheduler = { request: () => 1, cancel: () => {} };

/**
 * A streamed answer the test writes chunk by chunk, as the service would. Like the real
 * reader, it stops with an AbortError as soon as its signal aborts.
 */
function scriptedStreams() {
  const queues: Array<Array<AnswerBatch | Error>> = [];
  const signals: AbortSignal[] = [];
  let wake = () => {};

  async function* askStream(_body: unknown, signal: AbortSignal): AsyncGenerator<AnswerBatch> {
    const queue: Array<AnswerBatch | Error> = [];
    queues.push(queue);
    signals.push(signal);
    for (;;) {
      signal.throwIfAborted();
      const next = queue.shift();
      if (next instanceof Error) throw next;
      if (next) {
        yield next;
        if (next.final) return;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }

  const write = (index: number, batch: AnswerBatch | Error) => {
    queues[index]!.push(batch);
    wake();
  };
  return {
    askStream,
    signals,
    fragment: (index: number, text: string) => write(index, { fragments: [text] }),
    finish: (index: number, answer: string) => write(index, { fragments: [], final: { ...FINAL, Answer: answer } }),
  };
}

/** Every store a test made, stopped after it: an answer left streaming would save on its timer into the next test. */
const made: ChatStore[] = [];
afterEach(() => {
  for (const store of made.splice(0)) store.getSnapshot().busySessions.forEach((sessionId) => store.stop(sessionId));
});

function newStore(overrides: Partial<ChatStoreDeps> = {}) {
  const streams = scriptedStreams();
  let nextSession = 100;
  // Its own chatbot, so its storage is its own.
  const bot = `${BOT}-${made.length}`;
  const store = createChatStore(bot, {
    createSession: async () => ({ SessionID: nextSession++ }),
    askStream: streams.askStream,
    askSingle: async () => ({ content: 'single', messageid: 1, totalToken: 2, noAnswer: false }),
    storage: window.localStorage,
    frames: noFrames,
    afterPaint: async () => {},
    onSaveRefused: () => {},
    ...overrides,
  });
  made.push(store);
  return { store, streams, bot };
}

/** Lets the store's async steps (the stream's next chunk, the afterPaint wait) run. */
const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function answerOf(store: ChatStore, sessionId: number): AssistantMessage {
  const session = store.getSnapshot().state.sessions.find((candidate) => candidate.id === sessionId)!;
  return session.messages.findLast((message) => message.role === 'assistant') as AssistantMessage;
}

async function ask(store: ChatStore, content = 'Homes in Austin?') {
  await act(() => store.send({ content, attachments: [], mode: 'stream' }));
  return store.getSnapshot().state.activeSessionId!;
}

describe('chat store', () => {
  it('streams an answer with no page rendering it: live text while it comes, then the final Answer', async () => {
    const { store, streams } = newStore();
    const sessionId = await ask(store);
    expect(store.getSnapshot().busySessions.has(sessionId)).toBe(true);
    const answer = answerOf(store, sessionId);
    expect(answer.status).toBe('streaming');

    streams.fragment(0, 'Three ');
    streams.fragment(0, 'homes.');
    await tick();
    expect(store.liveAnswerOf(answer.id)?.received).toBe('Three homes.');

    streams.finish(0, 'Three homes.');
    await tick();
    expect(answerOf(store, sessionId)).toMatchObject({ status: 'done', content: 'Three homes.', questionID: 11, answerID: 12, totalToken: 40 });
    expect(store.getSnapshot().busySessions.size).toBe(0);
  });

  it('a page that unmounts mid-answer ends nothing; a page mounted later shows it as far as it has come', async () => {
    const { store, streams } = newStore();
    const first = renderHook(() => useChatSnapshot(store));
    await act(() => store.send({ content: 'Homes in Austin?', attachments: [], mode: 'stream' }));
    const sessionId = activeSessionOf(first.result.current)!.id;
    streams.fragment(0, 'Three ');
    await tick();
    first.unmount();

    expect(streams.signals[0]!.aborted).toBe(false);
    streams.fragment(0, 'homes ');
    await tick();

    const second = renderHook(() => useChatSnapshot(store));
    expect(second.result.current.busySessions.has(sessionId)).toBe(true);
    const live = store.liveAnswerOf(answerOf(store, sessionId).id);
    expect(live?.received).toBe('Three homes ');

    streams.fragment(0, 'for sale.');
    streams.finish(0, 'Three homes for sale.');
    await tick();
    expect(activeSessionOf(second.result.current)!.messages[1]).toMatchObject({ status: 'done', content: 'Three homes for sale.' });
    expect(second.result.current.busySessions.size).toBe(0);
  });

  it('opening another session leaves the answer running and busy; Stop still stops it with its partial text', async () => {
    const { store, streams } = newStore();
    const sessionId = await ask(store);
    streams.fragment(0, 'Three ');
    await tick();

    const other = await act(() => store.newChat());
    expect(store.getSnapshot().state.activeSessionId).toBe(other);
    act(() => store.openSession(sessionId));
    expect(streams.signals[0]!.aborted).toBe(false);
    expect(store.getSnapshot().busySessions.has(sessionId)).toBe(true);

    act(() => store.stop(sessionId));
    await tick();
    expect(streams.signals[0]!.aborted).toBe(true);
    expect(answerOf(store, sessionId)).toMatchObject({ status: 'stopped', content: 'Three ' });
    expect(store.getSnapshot().busySessions.size).toBe(0);
  });

  it('the settled answer and the end of busy are one change, which may render in slices (transition)', async () => {
    const { store, streams } = newStore();
    const heard: Array<{ priority: ChangePriority; status: string; busy: boolean }> = [];
    const sessionId = await ask(store);
    store.subscribe((priority) => heard.push({ priority, status: answerOf(store, sessionId).status, busy: store.getSnapshot().busySessions.has(sessionId) }));

    streams.finish(0, 'Done.');
    await tick();
    // One change, so the page renders once when the answer ends, not once more for the end of busy.
    expect(heard).toEqual([{ priority: 'transition', status: 'done', busy: false }]);
  });

  it('the question and the busy session render at once', async () => {
    const { store } = newStore();
    const heard: ChangePriority[] = [];
    store.subscribe((priority) => heard.push(priority));
    await ask(store);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((priority) => priority === 'now')).toBe(true);
  });

  it('a stopped or failed answer ends its busy in the same change', async () => {
    const { store, streams } = newStore();
    const sessionId = await ask(store);
    streams.fragment(0, 'Three ');
    await tick();
    const heard: Array<{ status: string; busy: boolean }> = [];
    store.subscribe(() => heard.push({ status: answerOf(store, sessionId).status, busy: store.getSnapshot().busySessions.has(sessionId) }));
    act(() => store.stop(sessionId));
    await tick();
    expect(heard).toEqual([{ status: 'stopped', busy: false }]);
  });

  it('a question sent while the settled answer\'s stream is still closing stays busy, and the closing changes nothing', async () => {
    let closeFirst = () => {};
    const firstCloses = new Promise<void>((resolve) => (closeFirst = resolve));
    let asked = 0;
    const { store } = newStore({
      async *askStream(_body, signal) {
        asked += 1;
        if (asked === 1) {
          yield { fragments: ['One.'], final: { ...FINAL, Answer: 'One.' } };
          // The service has sent its final answer; the connection then fails as it closes.
          await firstCloses;
          throw new TypeError('network error');
        }
        yield { fragments: ['Two'] };
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        signal.throwIfAborted();
      },
    });
    const sessionId = await ask(store, 'First?');
    await tick();
    const first = answerOf(store, sessionId);
    expect(first).toMatchObject({ status: 'done', content: 'One.' });
    expect(store.getSnapshot().busySessions.has(sessionId)).toBe(false);

    await act(() => store.send({ content: 'Second?', attachments: [], mode: 'stream' }));
    expect(store.getSnapshot().busySessions.has(sessionId)).toBe(true);
    closeFirst();
    await tick();
    // The second question is still being answered, and the first answer is as it ended.
    expect(store.getSnapshot().busySessions.has(sessionId)).toBe(true);
    const session = store.getSnapshot().state.sessions.find((candidate) => candidate.id === sessionId)!;
    expect(session.messages.find((message) => message.id === first.id)).toMatchObject({ status: 'done', content: 'One.' });
  });

  it('closing the tab mid-answer keeps the text so far, read back as interrupted', async () => {
    const { store, streams, bot } = newStore();
    const sessionId = await ask(store);
    streams.fragment(0, 'Three homes');
    await tick();

    window.dispatchEvent(new Event('pagehide'));
    const message = loadChatState(bot).sessions.find((session) => session.id === sessionId)!.messages[1] as AssistantMessage;
    expect(message).toMatchObject({ status: 'failed', content: 'Three homes', failure: { kind: 'interrupted' } });
  });

  it('a reload that ends the request before pagehide still keeps the text, saved on beforeunload while streaming', async () => {
    const { store, streams, bot } = newStore();
    const sessionId = await ask(store);
    streams.fragment(0, 'Three homes');
    await tick();

    window.dispatchEvent(new Event('beforeunload'));
    const message = loadChatState(bot).sessions.find((session) => session.id === sessionId)!.messages[1] as AssistantMessage;
    expect(message).toMatchObject({ status: 'failed', content: 'Three homes', failure: { kind: 'interrupted' } });
  });

  it('while an answer streams, the transcript with its text so far is saved every interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { store, streams, bot } = newStore({ streamingSaveIntervalMs: 1000 });
      const sessionId = await ask(store);
      streams.fragment(0, 'Three ');
      await tick();
      // Fragments change no settled state, so nothing but the interval writes them.
      streams.fragment(0, 'homes');
      await tick();
      const stored = () => loadChatState(bot).sessions.find((session) => session.id === sessionId)?.messages[1]?.content;
      expect(stored()).not.toBe('Three homes');
      vi.advanceTimersByTime(1000);
      expect(stored()).toBe('Three homes');
    } finally {
      vi.useRealTimers();
    }
  });

  it('records the settings version on the answer when it comes, without holding the question back for it', async () => {
    const { store, streams } = newStore();
    let resolveVersion: (version: number | null) => void = () => {};
    const settingsVersion = vi.fn(() => new Promise<number | null>((resolve) => (resolveVersion = resolve)));
    const sessionId = await act(() => store.send({ content: 'Homes?', attachments: [], mode: 'stream' }, undefined, { settingsVersion }));
    // The question went out while the version was still unknown.
    expect(settingsVersion).toHaveBeenCalledTimes(1);
    expect(streams.signals).toHaveLength(1);
    expect(answerOf(store, sessionId).settingsVersion).toBeUndefined();

    streams.fragment(0, 'Three homes.');
    await act(async () => resolveVersion(4));
    expect(answerOf(store, sessionId)).toMatchObject({ status: 'streaming', settingsVersion: 4 });
    streams.finish(0, 'Three homes.');
    await tick();
    expect(answerOf(store, sessionId)).toMatchObject({ status: 'done', content: 'Three homes.', settingsVersion: 4 });
  });

  it('records no version when none is known or the lookup fails; a retry records the version of its own moment', async () => {
    const { store, streams } = newStore();
    const sessionId = await act(() =>
      store.send({ content: 'Homes?', attachments: [], mode: 'stream' }, undefined, { settingsVersion: async () => null }),
    );
    streams.finish(0, 'Done.');
    await tick();
    expect(answerOf(store, sessionId)).not.toHaveProperty('settingsVersion');

    await act(() => store.send({ content: 'Again?', attachments: [], mode: 'stream' }, undefined, { settingsVersion: () => Promise.reject(new Error('offline')) }));
    streams.fragment(1, 'Par');
    act(() => store.stop(sessionId));
    await tick();
    const stopped = answerOf(store, sessionId);
    expect(stopped).toMatchObject({ status: 'stopped' });
    expect(stopped).not.toHaveProperty('settingsVersion');

    act(() => store.retry(sessionId, stopped, async () => 9));
    await tick();
    expect(answerOf(store, sessionId)).toMatchObject({ status: 'streaming', settingsVersion: 9 });
  });

  it("a question asked in a new session beside the open one (Compare's) leaves the open session as it was", async () => {
    const { store, streams } = newStore();
    const open = await ask(store);
    streams.finish(0, 'Done.');
    await tick();

    const beside = await act(() => store.send({ content: 'Compare this', attachments: [], mode: 'stream' }, undefined, { session: 'new' }));
    expect(beside).not.toBe(open);
    expect(store.getSnapshot().state.activeSessionId).toBe(open);
    expect(store.getSnapshot().busySessions.has(beside)).toBe(true);

    // Asked by number, the next question goes to that same session.
    streams.finish(1, 'Done.');
    await tick();
    expect(await act(() => store.send({ content: 'And this', attachments: [], mode: 'stream' }, undefined, { session: beside }))).toBe(beside);
    const messages = store.getSnapshot().state.sessions.find((session) => session.id === beside)!.messages;
    expect(messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['Compare this', 'And this']);

    // A session deleted meanwhile: the question opens a new one beside instead of vanishing.
    streams.finish(2, 'Done.');
    await tick();
    act(() => store.deleteSession(beside));
    const replacement = await act(() => store.send({ content: 'Still there?', attachments: [], mode: 'stream' }, undefined, { session: beside }));
    expect(replacement).not.toBe(beside);
    expect(store.getSnapshot().state.sessions.find((session) => session.id === replacement)?.messages[0]).toMatchObject({ content: 'Still there?' });
  });

  it('keeps one store per chatbot for the life of the tab', () => {
    expect(chatStoreOf('bot-x')).toBe(chatStoreOf('bot-x'));
    expect(chatStoreOf('bot-y')).not.toBe(chatStoreOf('bot-x'));
  });
});

describe('useChatSelection', () => {
  it('renders a part only when what it picks changes: a busy flag through a whole question and answer', async () => {
    const { store, streams } = newStore();
    const seen: boolean[] = [];
    const isBusy = (snapshot: ReturnType<ChatStore['getSnapshot']>) => snapshot.busySessions.size > 0;
    renderHook(() => {
      const busy = useChatSelection(store, isBusy);
      seen.push(busy);
      return busy;
    });
    await ask(store);
    streams.fragment(0, 'Three homes.');
    await tick();
    streams.finish(0, 'Three homes.');
    await tick();
    await tick();

    // The question, its session and the settled answer each changed the snapshot; the part
    // rendered once at mount and once per change of its value.
    expect(store.getSnapshot().busySessions.size).toBe(0);
    expect(seen).toEqual([false, true, false]);
  });
});

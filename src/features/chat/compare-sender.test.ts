import { act } from '@testing-library/react';
import type { AnswerBatch } from '../../api/stream';
import { createChatStore, type ChatStore } from './chat-store';
import type { AssistantMessage } from './chat-transcript';
import { sendToLanes, stopLanes, type CompareLane } from './compare-sender';

/** Answers that stream until the test finishes them or the signal aborts, as the service's would. */
function scriptedStreams() {
  const signals: AbortSignal[] = [];
  const finishers: Array<(answer: string) => void> = [];
  async function* askStream(_body: unknown, signal: AbortSignal): AsyncGenerator<AnswerBatch> {
    signals.push(signal);
    const index = signals.length - 1;
    yield { fragments: ['Partial '] };
    const answer = await new Promise<string>((resolve, reject) => {
      finishers[index] = resolve;
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    });
    yield { fragments: [], final: { QuestionID: 1, AnswerID: 2, TotalToken: 30, Answer: answer } };
  }
  return { askStream, signals, finish: (index: number, answer: string) => finishers[index]!(answer) };
}

let bots = 0;
const made: ChatStore[] = [];
afterEach(() => {
  for (const store of made.splice(0)) store.getSnapshot().busySessions.forEach((sessionId) => store.stop(sessionId));
});

function newStore(firstSession: number, createSession?: () => Promise<{ SessionID: number }>) {
  const streams = scriptedStreams();
  let next = firstSession;
  const store = createChatStore(`compare-bot-${(bots += 1)}`, {
    createSession: createSession ?? (async () => ({ SessionID: next++ })),
    askStream: streams.askStream,
    frames: { request: () => 1, cancel: () => {} },
    afterPaint: async () => {},
    onSaveRefused: () => {},
  });
  made.push(store);
  return { store, streams };
}

const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const question = (content: string) => ({ content, attachments: [], mode: 'stream' as const });

function answersIn(store: ChatStore, sessionId: number): AssistantMessage[] {
  const session = store.getSnapshot().state.sessions.find((candidate) => candidate.id === sessionId);
  return (session?.messages ?? []).filter((message): message is AssistantMessage => message.role === 'assistant');
}

describe('Compare: one question to two chatbots', () => {
  it('asks both at once, each in a new session of its own store, each recording its own settings version', async () => {
    const left = newStore(100);
    const right = newStore(500);
    const onPlaced = vi.fn();
    const onLaneSession = vi.fn();
    const lanes: CompareLane[] = [
      { store: left.store, sessionId: null, settingsVersion: async () => 3 },
      { store: right.store, sessionId: null, settingsVersion: async () => 8 },
    ];
    const sessions = await act(() => sendToLanes(lanes, question('Homes in Austin?'), { onPlaced, onLaneSession }));
    expect(sessions).toEqual([100, 500]);
    expect(onLaneSession.mock.calls).toEqual([
      [0, 100],
      [1, 500],
    ]);
    // The draft clears once, when the first question shows.
    expect(onPlaced).toHaveBeenCalledTimes(1);
    // Both stream at the same time.
    expect(left.store.getSnapshot().busySessions.has(100)).toBe(true);
    expect(right.store.getSnapshot().busySessions.has(500)).toBe(true);

    right.streams.finish(0, 'Right answer.');
    left.streams.finish(0, 'Left answer.');
    await tick();
    expect(answersIn(left.store, 100)).toEqual([expect.objectContaining({ status: 'done', content: 'Left answer.', settingsVersion: 3 })]);
    expect(answersIn(right.store, 500)).toEqual([expect.objectContaining({ status: 'done', content: 'Right answer.', settingsVersion: 8 })]);

    // The next question goes to the same two sessions.
    const again = await act(() => sendToLanes(lanes.map((lane, index) => ({ ...lane, sessionId: sessions[index]! })), question('And in Dallas?')));
    expect(again).toEqual([100, 500]);
  });

  it('Stop stops both answers, each keeping what had come', async () => {
    const left = newStore(1);
    const right = newStore(2);
    const lanes: CompareLane[] = [
      { store: left.store, sessionId: null },
      { store: right.store, sessionId: null },
    ];
    const [leftSession, rightSession] = await act(() => sendToLanes(lanes, question('Describe every home')));
    await tick();
    stopLanes([
      { store: left.store, sessionId: leftSession! },
      { store: right.store, sessionId: rightSession! },
    ]);
    await tick();
    expect(left.streams.signals[0]!.aborted).toBe(true);
    expect(right.streams.signals[0]!.aborted).toBe(true);
    expect(answersIn(left.store, leftSession!)).toEqual([expect.objectContaining({ status: 'stopped', content: 'Partial ' })]);
    expect(answersIn(right.store, rightSession!)).toEqual([expect.objectContaining({ status: 'stopped', content: 'Partial ' })]);
    expect(left.store.getSnapshot().busySessions.size + right.store.getSnapshot().busySessions.size).toBe(0);
  });

  it('the same chatbot on both sides gets two sessions of its one store', async () => {
    const { store } = newStore(40);
    const sessions = await act(() =>
      sendToLanes(
        [
          { store, sessionId: null },
          { store, sessionId: null },
        ],
        question('Homes?'),
      ),
    );
    expect(new Set(sessions).size).toBe(2);
    expect(sessions.every((sessionId) => store.getSnapshot().busySessions.has(sessionId!))).toBe(true);
  });

  it('a side whose session cannot be opened leaves the other asking; only both failing rejects', async () => {
    const refused = new Error('GetSession refused');
    const left = newStore(1, () => Promise.reject(refused));
    const right = newStore(2);
    const sessions = await act(() =>
      sendToLanes(
        [
          { store: left.store, sessionId: null },
          { store: right.store, sessionId: null },
        ],
        question('Homes?'),
      ),
    );
    expect(sessions).toEqual([null, 2]);
    expect(left.store.getSnapshot().createSessionError).toBe(refused);

    const alsoRefused = newStore(3, () => Promise.reject(new Error('down')));
    await expect(
      act(() =>
        sendToLanes(
          [
            { store: left.store, sessionId: null },
            { store: alsoRefused.store, sessionId: null },
          ],
          question('Homes?'),
        ),
      ),
    ).rejects.toBe(refused);
  });
});

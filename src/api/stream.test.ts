import fc from 'fast-check';
import { ApiError } from './client';
import type { StreamFinal } from './contract';
import { readAnswerBatches, readAnswerStream, type AnswerBatch, type StreamEvent } from './stream';
import { StreamFormatError, StreamIncompleteError, StreamStalledError } from './stream-errors';

const encoder = new TextEncoder();

/** Fragments chosen to break naive parsers: multi-byte characters, braces and escapes inside strings. */
const FRAGMENTS = ['Bonjour, ', 'café ', 'près du 🏠 — ', 'a brace } inside, ', 'a quote \\" and {"json": true}', ' and a\nnew line.'];
const FINAL: StreamFinal = { QuestionID: 41, AnswerID: 42, Answer: FRAGMENTS.join(''), TotalToken: 1234 };
const EXPECTED: StreamEvent[] = [
  ...FRAGMENTS.map((content) => ({ type: 'fragment' as const, content })),
  { type: 'final', final: FINAL },
];

const json = (value: unknown) => JSON.stringify(value);

/** SSE with everything a server may add around the data: comments, other fields, [DONE]. */
function sseBody(newline: string): string {
  const frames = FRAGMENTS.map((content, index) => {
    const lines = index === 1 ? [': keep-alive', 'event: message', `id: ${index}`, 'retry: 1500'] : [];
    return [...lines, `data: ${json({ content })}`].join(newline);
  });
  return [...frames, `data: ${json(FINAL)}`, 'data: [DONE]'].map((frame) => frame + newline + newline).join('');
}

/** Bare JSON objects with no, some and odd whitespace between them. */
function bareBody(): string {
  const separators = ['', '\n', ' \r\n\t', ''];
  const objects = [...FRAGMENTS.map((content) => ({ content })), FINAL].map(json);
  return '\n ' + objects.map((object, index) => object + (separators[index % separators.length] ?? '')).join('') + '\n';
}

/** A body handing out one chunk per read, as the network does. */
function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next];
      next += 1;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

function splitAt(bytes: Uint8Array, index: number): Uint8Array[] {
  return [bytes.slice(0, index), bytes.slice(index)];
}

function everyByte(bytes: Uint8Array): Uint8Array[] {
  return Array.from(bytes, (byte) => Uint8Array.of(byte));
}

async function collect(body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of readAnswerStream(body, signal)) events.push(event);
  return events;
}

/** The events that arrived before the iterator failed, and the failure. */
async function collectUntilError(body: ReadableStream<Uint8Array>): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of readAnswerStream(body)) events.push(event);
  } catch (error) {
    return { events, error };
  }
  throw new Error('the stream was expected to fail');
}

function fromText(text: string, chunkSize = Infinity): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  if (chunkSize === Infinity) return streamOf([bytes]);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.slice(start, start + chunkSize));
  return streamOf(chunks);
}

/** A body that delivers `chunks` and then stays open, recording whether it was cancelled and why. */
function openStream(chunks: readonly string[]) {
  const state = { cancelled: false, reason: undefined as unknown };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    },
    cancel(reason) {
      state.cancelled = true;
      state.reason = reason;
    },
  });
  return { body, state };
}

describe.each([
  ['SSE with LF', sseBody('\n')],
  ['SSE with CRLF', sseBody('\r\n')],
  ['SSE with CR', sseBody('\r')],
  ['bare JSON objects', bareBody()],
])('readAnswerStream over %s', (_format, text) => {
  const bytes = encoder.encode(text);

  it('reads the whole body in one chunk', async () => {
    expect(await collect(streamOf([bytes]))).toEqual(EXPECTED);
  });

  it('reads the body split in two at every byte', async () => {
    for (let index = 0; index <= bytes.length; index += 1) {
      expect(await collect(streamOf(splitAt(bytes, index))), `split at byte ${index}`).toEqual(EXPECTED);
    }
  });

  it('reads the body delivered one byte per chunk', async () => {
    expect(await collect(streamOf(everyByte(bytes)))).toEqual(EXPECTED);
  });
});

describe('readAnswerStream, SSE details', () => {
  it('joins multi-line data with a line feed', async () => {
    const body = `data: {"content":\ndata: "two lines"}\n\ndata: ${json(FINAL)}\n\n`;
    expect(await collect(fromText(body))).toEqual([{ type: 'fragment', content: 'two lines' }, { type: 'final', final: FINAL }]);
  });

  it('ignores comments, other fields, blank data and [DONE] wherever they come', async () => {
    const body = [
      ': this stream is about homes',
      '',
      'event: ping\ndata:\n',
      'data: [DONE]\n',
      'id: 7\ndata:{"content":"no space after the colon"}\nretry: 10\n',
      `: last comment\ndata: ${json(FINAL)}\n`,
    ].join('\n');
    expect(await collect(fromText(body, 3))).toEqual([
      { type: 'fragment', content: 'no space after the colon' },
      { type: 'final', final: FINAL },
    ]);
  });

  it('takes the last frame even when the body ends without its blank line', async () => {
    const body = `data: {"content":"a"}\n\ndata: ${json(FINAL)}`;
    expect(await collect(fromText(body))).toEqual([{ type: 'fragment', content: 'a' }, { type: 'final', final: FINAL }]);
  });

  it('keeps a fragment that is only whitespace', async () => {
    const body = `data: {"content":" "}\n\ndata: {"content":""}\n\ndata: ${json(FINAL)}\n\n`;
    expect(await collect(fromText(body))).toEqual([
      { type: 'fragment', content: ' ' },
      { type: 'fragment', content: '' },
      { type: 'final', final: FINAL },
    ]);
  });
});

describe('readAnswerStream, the end of the answer', () => {
  it('stops reading at the final object and releases the body', async () => {
    const { body, state } = openStream([`data: {"content":"a"}\n\n`, `data: ${json(FINAL)}\n\n`]);
    expect(await collect(body)).toEqual([{ type: 'fragment', content: 'a' }, { type: 'final', final: FINAL }]);
    expect(state.cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });

  it('throws StreamIncompleteError after every fragment when the final object never comes (SSE)', async () => {
    const body = FRAGMENTS.map((content) => `data: ${json({ content })}\n\n`).join('');
    const { events, error } = await collectUntilError(fromText(body, 5));
    expect(events).toEqual(FRAGMENTS.map((content) => ({ type: 'fragment', content })));
    expect(error).toBeInstanceOf(StreamIncompleteError);
    expect(error).toMatchObject({ fragmentCount: FRAGMENTS.length, truncated: false });
  });

  it('throws StreamIncompleteError after every fragment when the final object never comes (bare JSON)', async () => {
    const body = FRAGMENTS.map((content) => json({ content })).join('');
    const { events, error } = await collectUntilError(fromText(body, 5));
    expect(events).toEqual(FRAGMENTS.map((content) => ({ type: 'fragment', content })));
    expect(error).toBeInstanceOf(StreamIncompleteError);
  });

  it.each([
    ['SSE', `data: {"content":"a"}\n\ndata: {"QuestionID":41,"Answ`],
    ['bare JSON', `{"content":"a"}{"QuestionID":41,"Answer":"a } b`],
  ])('reports a body cut off inside the final object as truncated (%s)', async (_format, body) => {
    const { events, error } = await collectUntilError(fromText(body));
    expect(events).toEqual([{ type: 'fragment', content: 'a' }]);
    expect(error).toBeInstanceOf(StreamIncompleteError);
    expect(error).toMatchObject({ fragmentCount: 1, truncated: true });
  });

  it('throws StreamIncompleteError for an empty body', async () => {
    const { events, error } = await collectUntilError(fromText(''));
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(StreamIncompleteError);
  });

  it('releases the body when the consumer stops early', async () => {
    const { body, state } = openStream([`data: {"content":"a"}\n\ndata: {"content":"b"}\n\n`]);
    for await (const event of readAnswerStream(body)) {
      expect(event).toEqual({ type: 'fragment', content: 'a' });
      break;
    }
    expect(state.cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });
});

describe('readAnswerStream, malformed objects', () => {
  it.each([
    ['a fragment whose content is a number', 'data: {"content":5}\n\n', /content/],
    ['an object with a misspelt field', 'data: {"Content":"a"}\n\n', /content: is required/],
    ['data that is not JSON', 'data: hello there\n\n', /not valid JSON/],
    ['JSON that is not an object', 'data: "hello"\n\n', /not a JSON object/],
    ['a final object with a text QuestionID', `data: ${json({ ...FINAL, QuestionID: '41' })}\n\n`, /QuestionID/],
    ['a final object without TotalToken', `data: ${json({ ...FINAL, TotalToken: undefined })}\n\n`, /TotalToken: is required/],
    ['bare JSON with text between objects', '{"content":"ok"} oops', /found "o"/],
    ['bare JSON with a stray closing brace', '{"content":"ok"}}', /found "}"/],
    ['bare JSON that is not valid inside its braces', '{"content":"ok",}', /not valid JSON/],
  ])('throws StreamFormatError for %s, naming what is wrong', async (_case, body, detail) => {
    const { error } = await collectUntilError(fromText(body));
    expect(error).toBeInstanceOf(StreamFormatError);
    expect((error as StreamFormatError).detail).toMatch(detail);
    expect((error as StreamFormatError).message).toMatch(/^The service sent a malformed fragment: /);
  });

  it('yields the fragments before the malformed one, so the partial text is kept', async () => {
    const body = `data: {"content":"café "}\n\ndata: {"content":"🏠"}\n\ndata: {"content":null}\n\ndata: ${json(FINAL)}\n\n`;
    const { events, error } = await collectUntilError(fromText(body, 4));
    expect(events).toEqual([
      { type: 'fragment', content: 'café ' },
      { type: 'fragment', content: '🏠' },
    ]);
    expect(error).toBeInstanceOf(StreamFormatError);
  });

  it('yields the bare fragments before text that is not an object', async () => {
    const { events, error } = await collectUntilError(fromText('{"content":"a"}\n{"content":"b"}\n<html>', 2));
    expect(events).toEqual([
      { type: 'fragment', content: 'a' },
      { type: 'fragment', content: 'b' },
    ]);
    expect(error).toBeInstanceOf(StreamFormatError);
    // The excerpt starts at the offending text (within the chunk it arrived in).
    expect((error as StreamFormatError).excerpt).toMatch(/^</);
  });

  it('turns a failure envelope inside the stream into an ApiError with its code and message', async () => {
    const envelope = { Data: null, Version: '1.0', Success: false, Code: 429, Message: 'You are sending messages too fast.' };
    const { events, error } = await collectUntilError(fromText(`data: {"content":"a"}\n\ndata: ${json(envelope)}\n\n`));
    expect(events).toEqual([{ type: 'fragment', content: 'a' }]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ operation: 'ClientAsk', code: 429, message: 'You are sending messages too fast.' });
  });
});

describe('readAnswerStream, stopping', () => {
  it('rejects with AbortError and cancels the body when aborted between fragments', async () => {
    const { body, state } = openStream([`data: {"content":"a"}\n\ndata: {"content":"b"}\n\n`]);
    const controller = new AbortController();
    const iterator = readAnswerStream(body, controller.signal);
    expect(await iterator.next()).toEqual({ done: false, value: { type: 'fragment', content: 'a' } });
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });

  it('rejects promptly when aborted while waiting for the network', async () => {
    const { body, state } = openStream([`data: {"content":"a"}\n\n`]);
    const controller = new AbortController();
    const iterator = readAnswerStream(body, controller.signal);
    await iterator.next();
    const pending = iterator.next();
    // The body has nothing more to give: only the abort can settle this read.
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
    expect(state.reason).toMatchObject({ name: 'AbortError' });
    expect(body.locked).toBe(false);
  });

  it('throws the reason the signal was aborted with', async () => {
    const { body } = openStream([]);
    const controller = new AbortController();
    const reason = new Error('user left the page');
    const pending = collect(body, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('reads nothing from a body whose signal is already aborted', async () => {
    const { body, state } = openStream([`data: {"content":"a"}\n\n`]);
    await expect(collect(body, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });

  it('reports a broken connection as the read error it is', async () => {
    const broken = new TypeError('network error');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"content":"a"}\n\n'));
      },
      pull(controller) {
        controller.error(broken);
      },
    });
    const { events, error } = await collectUntilError(body);
    expect(events).toEqual([{ type: 'fragment', content: 'a' }]);
    expect(error).toBe(broken);
  });
});

describe('readAnswerBatches', () => {
  const frameOf = (content: string) => `data: ${json({ content })}\n\n`;

  it('hands over every fragment a network chunk completes in one batch, and none for a chunk that completes nothing', async () => {
    const chunks = [frameOf('a') + frameOf('b') + 'data: {"con', 'tent":"c"}\n', '\n' + frameOf('d') + `data: ${json(FINAL)}\n\n`];
    const batches: AnswerBatch[] = [];
    for await (const batch of readAnswerBatches(streamOf(chunks.map((chunk) => encoder.encode(chunk))))) batches.push(batch);
    expect(batches).toEqual([{ fragments: ['a', 'b'] }, { fragments: ['c', 'd'], final: FINAL }]);
  });

  it('hands over the fragments of a chunk that came before a malformed object, then throws', async () => {
    const iterator = readAnswerBatches(fromText(frameOf('a') + frameOf('b') + 'data: {"content":\n\n' + frameOf('c')));
    expect(await iterator.next()).toEqual({ done: false, value: { fragments: ['a', 'b'] } });
    await expect(iterator.next()).rejects.toBeInstanceOf(StreamFormatError);
  });

  describe('a chunk of many frames at once', () => {
    /** Fragments whose JSON holds what could confuse a reader that takes many frames at once. */
    const TRICKY = ['a "},{"content":"b', 'back\\slash\\', '\\"', '}', ',', '{"content":"x"}', 'line\nfeed', '\u2028', ''];

    it('reads every fragment and the final object of a body that arrives whole', async () => {
      const body = TRICKY.map(frameOf).join('') + `data: ${json(FINAL)}\n\n`;
      const batches: AnswerBatch[] = [];
      for await (const batch of readAnswerBatches(fromText(body))) batches.push(batch);
      expect(batches).toEqual([{ fragments: TRICKY, final: FINAL }]);
    });

    it('reads fragments written with spaces or other keys order the same as bare ones', async () => {
      const body = 'data: {"content": "a"}\n\n' + frameOf('b') + 'data: { "content":"c" }\n\n' + frameOf('d') + `data: ${json(FINAL)}\n\n`;
      expect(await collect(fromText(body))).toEqual([
        ...['a', 'b', 'c', 'd'].map((content) => ({ type: 'fragment', content })),
        { type: 'final', final: FINAL },
      ]);
    });

    it('finishes a frame the previous chunk left open, then reads the rest at once', async () => {
      const chunks = ['data: {"content":"a"}\n\ndata: {"cont', 'ent":"b"}\n\n' + frameOf('c') + frameOf('d'), `data: ${json(FINAL)}\n\n`];
      const batches: AnswerBatch[] = [];
      for await (const batch of readAnswerBatches(streamOf(chunks.map((chunk) => encoder.encode(chunk))))) batches.push(batch);
      expect(batches).toEqual([{ fragments: ['a'] }, { fragments: ['b', 'c', 'd'] }, { final: FINAL, fragments: [] }]);
    });

    it.each([
      ['a comment', ': ping\n\n'],
      ['blank data', 'data:\n\n'],
      ['[DONE]', 'data: [DONE]\n\n'],
      ['another field', 'event: message\ndata: {"content":"x"}\n\n'],
      ['data over two lines', 'data: {"content":\ndata: "x"}\n\n'],
      ['no space after the colon', 'data:{"content":"x"}\n\n'],
      ['an extra blank line', '\n'],
    ])('reads a body with %s among the frames as it reads it frame by frame', async (_case, odd) => {
      const body = frameOf('a') + frameOf('b') + odd + frameOf('c') + `data: ${json(FINAL)}\n\n`;
      expect(await collect(fromText(body))).toEqual(await collect(fromText(body, 1)));
    });

    it('keeps the fragments before a malformed object and names it, as frame by frame', async () => {
      // A number, a raw control character in a string, not an object, not JSON.
      for (const bad of ['{"content":5}', '{"content":"a\u0001"}', '"text"', '{"content":"x"']) {
        const body = frameOf('a') + frameOf('b') + `data: ${bad}\n\n` + frameOf('c');
        const whole = await collectUntilError(fromText(body));
        const byByte = await collectUntilError(fromText(body, 1));
        expect(whole.events).toEqual([
          { type: 'fragment', content: 'a' },
          { type: 'fragment', content: 'b' },
        ]);
        expect(whole.error).toBeInstanceOf(StreamFormatError);
        expect(whole.error).toEqual(byByte.error);
        expect((whole.error as StreamFormatError).excerpt).toBe(bad);
      }
    });

    it('stops at the final object, like frame by frame', async () => {
      const body = frameOf('a') + `data: ${json(FINAL)}\n\n` + frameOf('after the end');
      expect(await collect(fromText(body))).toEqual([{ type: 'fragment', content: 'a' }, { type: 'final', final: FINAL }]);
    });
  });

  describe('idle timeout', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('throws StreamStalledError and lets go of the body when nothing arrives for idleTimeoutMs', async () => {
      const { body, state } = openStream([frameOf('a')]);
      const iterator = readAnswerBatches(body, { idleTimeoutMs: 30_000 });
      expect(await iterator.next()).toEqual({ done: false, value: { fragments: ['a'] } });
      const next = iterator.next();
      const settled = expect(next).rejects.toBeInstanceOf(StreamStalledError);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(state.cancelled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      await expect(next).rejects.toMatchObject({ idleMs: 30_000, fragmentCount: 1, message: 'The service stopped answering for 30 s, after 1 fragments' });
      expect(state.cancelled).toBe(true);
    });

    it('counts the idle time from the last chunk, not from the start', async () => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          controller = streamController;
        },
      });
      const batches: AnswerBatch[] = [];
      const reading = (async () => {
        for await (const batch of readAnswerBatches(body, { idleTimeoutMs: 1000 })) batches.push(batch);
      })();
      for (const content of ['a', 'b', 'c']) {
        await vi.advanceTimersByTimeAsync(900);
        controller.enqueue(encoder.encode(frameOf(content)));
      }
      await vi.advanceTimersByTimeAsync(900);
      controller.enqueue(encoder.encode(`data: ${json(FINAL)}\n\n`));
      await reading;
      expect(batches).toEqual([{ fragments: ['a'] }, { fragments: ['b'] }, { fragments: ['c'] }, { fragments: [], final: FINAL }]);
    });
  });
});

describe('readAnswerStream, long answers', () => {
  it('reads 4,000 fragments and a long final answer in small chunks', async () => {
    const fragments = Array.from({ length: 4000 }, (_, index) => `word ${index} — `);
    const final = { ...FINAL, Answer: fragments.join('') };
    const sse = fragments.map((content) => `data: ${json({ content })}\n\n`).join('') + `data: ${json(final)}\n\n`;
    const bare = fragments.map((content) => json({ content })).join('') + json(final);
    for (const text of [sse, bare]) {
      const events = await collect(fromText(text, 64));
      expect(events).toHaveLength(4001);
      expect(events.slice(0, -1).map((event) => (event.type === 'fragment' ? event.content : ''))).toEqual(fragments);
      expect(events.at(-1)).toEqual({ type: 'final', final });
    }
  });

  it('reads a one-megabyte object in 16-byte chunks in linear time', async () => {
    const final = { ...FINAL, Answer: 'a } and a \\" é '.repeat(62_500) };
    for (const text of [`data: ${json(final)}\n\n`, json(final)]) {
      const started = performance.now();
      expect(await collect(fromText(text, 16))).toEqual([{ type: 'final', final }]);
      // Linear work takes well under a second here; re-scanning the buffered text per chunk
      // (65,000 chunks) would take minutes.
      expect(performance.now() - started).toBeLessThan(5000);
    }
  }, 15_000);
});

describe('readAnswerStream, any answer cut anywhere', () => {
  /** Text as a model may write it: any character, with the ones that matter to framing made likely. */
  const fragmentText = fc.string({
    unit: fc.oneof(fc.constantFrom('"', '\\', '}', '{', ',', '\n', '\r', ' ', 'data: ', '\u2028', 'é', '🏠'), fc.string({ unit: 'grapheme', maxLength: 3 })),
    maxLength: 12,
  });
  const answer = fc.record({
    fragments: fc.array(fragmentText, { maxLength: 25 }),
    format: fc.constantFrom('sse-lf', 'sse-crlf', 'sse-cr', 'bare'),
    // Where the body is cut into network chunks, as fractions of its length.
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
  });

  function bodyOf(fragments: readonly string[], format: string, final: StreamFinal): string {
    const objects = [...fragments.map((content) => ({ content })), final].map((value) => JSON.stringify(value));
    if (format === 'bare') return objects.join('\n');
    const newline = format === 'sse-crlf' ? '\r\n' : format === 'sse-cr' ? '\r' : '\n';
    return objects.map((object) => `data: ${object}${newline}${newline}`).join('');
  }

  it('yields exactly the fragments and the final object, in every format and however the bytes are split', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async ({ fragments, format, cuts }) => {
        const final: StreamFinal = { QuestionID: 1, AnswerID: 2, Answer: fragments.join(''), TotalToken: 3 };
        const bytes = encoder.encode(bodyOf(fragments, format, final));
        const points = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, index) => bytes.slice(start, [...points, bytes.length][index]));
        expect(await collect(streamOf(chunks.filter((chunk) => chunk.length > 0)))).toEqual([
          ...fragments.map((content) => ({ type: 'fragment', content })),
          { type: 'final', final },
        ]);
      }),
      { numRuns: 300 },
    );
  });
});

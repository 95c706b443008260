import { ApiError } from './client';
import { StreamFormatError, StreamIncompleteError, StreamStalledError } from './stream-errors';
import { EXCERPT_LENGTH, streamFramer } from './stream-framing';
import {
  errorEnvelopeSchema,
  messageOfZodError,
  streamFinalSchema,
  streamFragmentSchema,
  type StreamFinal,
} from './contract';

/**
 * The streamed ClientAsk answer (interface 4.2) as typed events. The body is read as either
 * Server-Sent Events (`data: {...}` frames, what the local service sends) or a bare sequence
 * of JSON objects (`{"content":"a"}{"content":"b"}`), whichever its first byte says; network
 * chunks may split it anywhere, even inside a UTF-8 character or a JSON string.
 */
export type StreamEvent = { type: 'fragment'; content: string } | { type: 'final'; final: StreamFinal };

const FINAL_KEYS = Object.keys(streamFinalSchema.shape);

/**
 * One object of the stream as an event. `atEnd`: the text is what was left when the body
 * ended, so text that is not JSON is a cut-off object rather than a malformed one.
 */
function eventOf(text: string, atEnd: boolean, fragmentCount: number): StreamEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (atEnd) throw new StreamIncompleteError(fragmentCount, true);
    throw new StreamFormatError('it is not valid JSON', text.slice(0, EXCERPT_LENGTH));
  }
  return eventOfValue(value, () => text);
}

/** A parsed object of the stream as an event; `textOf` gives its text, for an error's excerpt. */
function eventOfValue(value: unknown, textOf: () => string): StreamEvent {
  const excerpt = () => textOf().slice(0, EXCERPT_LENGTH);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StreamFormatError('it is not a JSON object', excerpt());
  }
  // Nearly every object is a bare fragment; checking that by hand spares thousands of schema
  // runs per answer. Anything else goes through the schemas, which word the errors.
  if (isBareFragment(value)) return { type: 'fragment', content: value.content };
  // A service that fails after the stream has started can only say so inside the stream.
  const failure = errorEnvelopeSchema.safeParse(value);
  if (failure.success && !failure.data.Success) {
    throw new ApiError('ClientAsk', 200, failure.data.Code, failure.data.Message || 'The service stopped the answer');
  }
  if (FINAL_KEYS.some((key) => key in value)) {
    const final = streamFinalSchema.safeParse(value, { reportInput: true });
    if (final.success) return { type: 'final', final: final.data };
    throw new StreamFormatError(`the final object is invalid (${messageOfZodError(final.error)})`, excerpt());
  }
  const fragment = streamFragmentSchema.safeParse(value, { reportInput: true });
  if (fragment.success) return { type: 'fragment', content: fragment.data.content };
  throw new StreamFormatError(`expected {"content": "..."} or the final object, but ${messageOfZodError(fragment.error)}`, excerpt());
}

function isBareFragment(value: unknown): value is { content: string } {
  if (typeof value !== 'object' || value === null) return false;
  let keys = 0;
  for (const key in value) {
    if (key !== 'content' || !Object.hasOwn(value, key)) return false;
    keys += 1;
  }
  return keys === 1 && typeof (value as { content?: unknown }).content === 'string';
}

export interface ReadAnswerOptions {
  /** Aborting stops the reading at once, even while waiting for the network. */
  signal?: AbortSignal;
  /** No byte for this long: the reading stops with a `StreamStalledError`. Unset waits for ever. */
  idleTimeoutMs?: number;
}

/** Reads one chunk, or fails with `StreamStalledError` when none comes within `idleTimeoutMs`. */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleTimeoutMs: number | undefined,
  fragmentCount: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (idleTimeoutMs === undefined) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StreamStalledError(idleTimeoutMs, fragmentCount)), idleTimeoutMs);
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** What one network chunk completed: the texts of its fragments, in order, and the final object if it came. */
export interface AnswerBatch {
  fragments: string[];
  final?: StreamFinal;
}

/**
 * Reads a ClientAsk stream body, handed over per network chunk: each batch holds every
 * fragment the chunk completed, so a consumer updates once per chunk however many fragments
 * it carried; chunks that complete nothing are skipped. Ends after the final object. Throws
 * `StreamFormatError` at an object that is neither a fragment nor the final object,
 * `StreamIncompleteError` when the body ends without the final object, `StreamStalledError`
 * when the body goes quiet for `idleTimeoutMs`, an `ApiError` when the service reports a
 * failure inside the stream, and the signal's reason (an AbortError) as soon as the signal
 * aborts. Before throwing, the fragments of the chunk that came before the fault are handed
 * over, so none is lost.
 */
export async function* readAnswerBatches(
  body: ReadableStream<Uint8Array>,
  { signal, idleTimeoutMs }: ReadAnswerOptions = {},
): AsyncGenerator<AnswerBatch> {
  const reader = body.getReader();
  // Cancelling settles a pending read() at once, so an abort never waits on the network.
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  const framer = streamFramer();
  let fragmentCount = 0;
  let bodyEnded = false;

  /**
   * The batch of `objects`, up to the final object. A faulty object ends it: the fragments
   * before it come back with the fault, to be handed over before it is thrown.
   */
  function batchOf(objects: readonly string[], atEnd: boolean): { batch: AnswerBatch; fault?: { error: unknown } } {
    const batch: AnswerBatch = { fragments: [] };
    try {
      for (const object of objects) {
        const event = eventOf(object, atEnd, fragmentCount);
        if (event.type === 'final') {
          // Nothing after the final object counts.
          batch.final = event.final;
          return { batch };
        }
        batch.fragments.push(event.content);
        fragmentCount += 1;
      }
    } catch (error) {
      return { batch, fault: { error } };
    }
    return { batch };
  }

  /** Whether `batch` has anything to hand over. */
  const carries = (batch: AnswerBatch) => batch.fragments.length > 0 || batch.final !== undefined;

  try {
    signal?.throwIfAborted();
    while (!bodyEnded) {
      const { done, value } = await readWithin(reader, idleTimeoutMs, fragmentCount);
      signal?.throwIfAborted();
      bodyEnded = done;
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      const { batch, fault } = batchOf(framer.feed(text), false);
      if (carries(batch)) {
        yield batch;
        signal?.throwIfAborted();
      }
      if (fault) throw fault.error;
      if (batch.final) return;
      if (framer.fault) throw framer.fault;
    }
    const { batch, fault } = batchOf(framer.finish(), true);
    if (carries(batch)) {
      yield batch;
      signal?.throwIfAborted();
    }
    if (fault) throw fault.error;
    if (batch.final) return;
    throw new StreamIncompleteError(fragmentCount, false);
  } catch (error) {
    // A read that failed because of the abort reports the abort, not the broken read.
    signal?.throwIfAborted();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // After the final object, on an error, or when the consumer stops early: let go of the body.
    if (!bodyEnded) reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** The same stream one event at a time. */
export async function* readAnswerStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<StreamEvent> {
  for await (const { fragments, final } of readAnswerBatches(body, { signal })) {
    for (const content of fragments) {
      yield { type: 'fragment', content };
      signal?.throwIfAborted();
    }
    if (final) yield { type: 'final', final };
  }
}

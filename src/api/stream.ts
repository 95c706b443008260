import { ApiError } from './client';
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

/** An object of the stream that is neither a fragment nor the final object. */
export class StreamFormatError extends Error {
  override readonly name = 'StreamFormatError';

  constructor(
    /** What was wrong, e.g. `content: is required`. */
    readonly detail: string,
    /** The start of the offending text, for a bug report. */
    readonly excerpt: string,
  ) {
    super(`A fragment of the answer arrived malformed: ${detail}`);
  }
}

/** The body ended before the final object: the answer is cut short. */
export class StreamIncompleteError extends Error {
  override readonly name = 'StreamIncompleteError';

  constructor(
    /** How many fragments arrived before the end. */
    readonly fragmentCount: number,
    /** The body stopped in the middle of an object. */
    readonly truncated: boolean,
  ) {
    super(
      truncated
        ? `The answer stream ended in the middle of an object, after ${fragmentCount} fragments`
        : `The answer stream ended before its final object, after ${fragmentCount} fragments`,
    );
  }
}

const EXCERPT_LENGTH = 120;
const FINAL_KEYS = Object.keys(streamFinalSchema.shape);

/** Splits decoded text into the JSON texts of the stream's objects, across chunk boundaries. */
interface Framer {
  feed(text: string): Generator<string>;
  /** At the end of the body: what is left, which may be a cut-off object. */
  finish(): Generator<string>;
}

const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The SSE format: lines end in LF, CRLF or CR; a blank line dispatches the `data:` lines
 * gathered so far, joined with LF. Comments and the other fields carry nothing we need.
 * Only the unfinished line is kept between chunks, as parts, so a long line arriving in
 * many small chunks is joined once instead of re-concatenated per chunk.
 */
class SseFramer implements Framer {
  private lineParts: string[] = [];
  private dataLines: string[] = [];
  /** The previous chunk ended in CR: an LF opening the next one belongs to the same line end. */
  private afterCarriageReturn = false;

  *feed(text: string): Generator<string> {
    let index = 0;
    if (this.afterCarriageReturn && text.length > 0) {
      this.afterCarriageReturn = false;
      if (text.charCodeAt(0) === LF) index = 1;
    }
    let lineStart = index;
    for (; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code !== LF && code !== CR) continue;
      const line = this.takeLine(text.slice(lineStart, index));
      if (code === CR) {
        if (index + 1 === text.length) this.afterCarriageReturn = true;
        else if (text.charCodeAt(index + 1) === LF) index += 1;
      }
      lineStart = index + 1;
      const data = this.processLine(line);
      if (data !== null) yield data;
    }
    if (lineStart < text.length) this.lineParts.push(text.slice(lineStart));
  }

  *finish(): Generator<string> {
    // A body that stops without the closing blank line still delivers its last frame.
    if (this.lineParts.length > 0) this.processLine(this.takeLine(''));
    const data = this.dispatch();
    if (data !== null) yield data;
  }

  private takeLine(tail: string): string {
    if (this.lineParts.length === 0) return tail;
    this.lineParts.push(tail);
    const line = this.lineParts.join('');
    this.lineParts = [];
    return line;
  }

  private processLine(line: string): string | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    this.dataLines.push(value.startsWith(' ') ? value.slice(1) : value);
    return null;
  }

  private dispatch(): string | null {
    if (this.dataLines.length === 0) return null;
    const data = this.dataLines.join('\n');
    this.dataLines = [];
    const trimmed = data.trim();
    // `[DONE]` is the OpenAI-style end marker; blank data is a keep-alive.
    return trimmed === '' || trimmed === '[DONE]' ? null : data;
  }
}

/**
 * The bare format: objects back to back, maybe separated by whitespace. An object ends at
 * the brace that closes its first one, counted outside strings (a `}` or `\"` inside a
 * string does not count), so each character is looked at once.
 */
class JsonSequenceFramer implements Framer {
  private parts: string[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;

  *feed(text: string): Generator<string> {
    let objectStart = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (this.depth === 0) {
        if (isJsonWhitespace(code)) continue;
        if (code !== OPEN_BRACE) {
          throw new StreamFormatError(
            `expected "{" to open the next object but found ${JSON.stringify(text.charAt(index))}`,
            text.slice(index, index + EXCERPT_LENGTH),
          );
        }
        objectStart = index;
        this.depth = 1;
      } else if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACE) {
        this.depth += 1;
      } else if (code === CLOSE_BRACE) {
        this.depth -= 1;
        if (this.depth === 0) {
          this.parts.push(text.slice(objectStart, index + 1));
          const object = this.parts.join('');
          this.parts = [];
          yield object;
        }
      }
    }
    if (this.depth > 0) this.parts.push(text.slice(objectStart));
  }

  *finish(): Generator<string> {
    if (this.depth > 0) yield this.parts.join('');
  }
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === LF || code === CR;
}

/** Picks the format from the first non-whitespace character: `{` is bare JSON, anything else SSE. */
function framerFor(firstCharacter: string): Framer {
  return firstCharacter === '{' ? new JsonSequenceFramer() : new SseFramer();
}

/**
 * One object of the stream as an event. `atEnd`: the text is what was left when the body
 * ended, so text that is not JSON is a cut-off object rather than a malformed one.
 */
function eventOf(text: string, atEnd: boolean, fragmentCount: number): StreamEvent {
  const excerpt = text.slice(0, EXCERPT_LENGTH);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (atEnd) throw new StreamIncompleteError(fragmentCount, true);
    throw new StreamFormatError('it is not valid JSON', excerpt);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StreamFormatError('it is not a JSON object', excerpt);
  }
  // A service that fails after the stream has started can only say so inside the stream.
  const failure = errorEnvelopeSchema.safeParse(value);
  if (failure.success && !failure.data.Success) {
    throw new ApiError('ClientAsk', 200, failure.data.Code, failure.data.Message || 'The service stopped the answer');
  }
  if (FINAL_KEYS.some((key) => key in value)) {
    const final = streamFinalSchema.safeParse(value, { reportInput: true });
    if (final.success) return { type: 'final', final: final.data };
    throw new StreamFormatError(`the final object is invalid (${messageOfZodError(final.error)})`, excerpt);
  }
  const fragment = streamFragmentSchema.safeParse(value, { reportInput: true });
  if (fragment.success) return { type: 'fragment', content: fragment.data.content };
  throw new StreamFormatError(`expected {"content": "..."} or the final object, but ${messageOfZodError(fragment.error)}`, excerpt);
}

/**
 * Reads a ClientAsk stream body as events: every fragment, then the final object, after
 * which reading stops. Throws `StreamFormatError` at an object that is neither,
 * `StreamIncompleteError` when the body ends without the final object, an `ApiError` when
 * the service reports a failure inside the stream, and the signal's reason (an AbortError)
 * as soon as `signal` aborts, even while waiting for the network.
 */
export async function* readAnswerStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  // Cancelling settles a pending read() at once, so an abort never waits on the network.
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let framer: Framer | null = null;
  let fragmentCount = 0;
  let bodyEnded = false;

  try {
    signal?.throwIfAborted();
    while (!bodyEnded) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      bodyEnded = done;
      let text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (framer === null) {
        const start = text.search(/\S/);
        if (start === -1) continue;
        framer = framerFor(text.charAt(start));
        text = text.slice(start);
      }
      for (const object of framer.feed(text)) {
        const event = eventOf(object, false, fragmentCount);
        yield event;
        signal?.throwIfAborted();
        if (event.type === 'final') return;
        fragmentCount += 1;
      }
    }
    for (const object of framer?.finish() ?? []) {
      const event = eventOf(object, true, fragmentCount);
      yield event;
      signal?.throwIfAborted();
      if (event.type === 'final') return;
      fragmentCount += 1;
    }
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

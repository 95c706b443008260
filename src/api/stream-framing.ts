import { createParser } from 'eventsource-parser';
import { StreamFormatError } from './stream-errors';

/**
 * The framing of the streamed ClientAsk answer (interface 4.2): decoded text in, the JSON
 * texts of its objects out, whether the body is Server-Sent Events (`data: {...}` frames) or
 * a bare sequence of objects (`{"content":"a"}{"content":"b"}`). Free of zod and of the
 * console, so the chat (stream.ts) and the embeddable widget (src/widget/visitor-client.ts)
 * frame answers with the same code; each reads the objects with its own rules.
 */

export const EXCERPT_LENGTH = 120;

/** Splits decoded text into the JSON texts of the stream's objects, across chunk boundaries. */
export interface Framer {
  /** The objects `text` completes, in order, up to a fault in the framing (see `fault`). */
  feed(text: string): string[];
  /** Text that cannot be framed, found by the last feed: raised once its objects are handed over. */
  readonly fault: StreamFormatError | null;
  /** At the end of the body: what is left, which may be a cut-off object. */
  finish(): string[];
}

const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Server-Sent Events, framed by eventsource-parser (line ends, multi-line data, comments and
 * other fields as the spec says). Each event's data is one object; blank data is a keep-alive
 * and `[DONE]` the OpenAI-style end marker, neither of which carries anything. A shortcut that
 * read runs of frames at once was measured and removed (docs/performance.md).
 */
class SseFramer implements Framer {
  private completed: string[] = [];
  private readonly parser = createParser({
    onEvent: ({ data }) => {
      const trimmed = data.trim();
      if (trimmed !== '' && trimmed !== '[DONE]') this.completed.push(data);
    },
  });
  readonly fault = null;

  feed(text: string): string[] {
    this.parser.feed(text);
    const completed = this.completed;
    this.completed = [];
    return completed;
  }

  /** A body that stops without the closing blank line still delivers its last event. */
  finish(): string[] {
    return this.feed('\n\n');
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
  fault: StreamFormatError | null = null;

  feed(text: string): string[] {
    const objects: string[] = [];
    let objectStart = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (this.depth === 0) {
        if (isJsonWhitespace(code)) continue;
        if (code !== OPEN_BRACE) {
          this.fault = new StreamFormatError(
            `expected "{" to open the next object but found ${JSON.stringify(text.charAt(index))}`,
            text.slice(index, index + EXCERPT_LENGTH),
          );
          return objects;
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
          objects.push(this.parts.join(''));
          this.parts = [];
        }
      }
    }
    if (this.depth > 0) this.parts.push(text.slice(objectStart));
    return objects;
  }

  finish(): string[] {
    return this.depth > 0 ? [this.parts.join('')] : [];
  }
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === LF || code === CR;
}

/** Picks the format from the first non-whitespace character: `{` is bare JSON, anything else SSE. */
export function framerFor(firstCharacter: string): Framer {
  return firstCharacter === '{' ? new JsonSequenceFramer() : new SseFramer();
}

/**
 * The framer both answer readers use (the console's stream.ts, the widget's visitor-client.ts):
 * whitespace before the first object is skipped, and the first character after it picks the
 * format (framerFor).
 */
export function streamFramer(): Framer {
  let chosen: Framer | null = null;
  return {
    feed(text) {
      if (chosen === null) {
        const start = text.search(/\S/);
        if (start === -1) return [];
        chosen = framerFor(text.charAt(start));
        return chosen.feed(text.slice(start));
      }
      return chosen.feed(text);
    },
    get fault() {
      return chosen?.fault ?? null;
    },
    finish: () => chosen?.finish() ?? [],
  };
}

import { Transform } from 'node:stream';

export const REDACTED = '[redacted]';

/** Keys shorter than this are not blanked: they would match ordinary words. */
export const MIN_REDACTED_LENGTH = 8;

/**
 * Every spelling in which a key can come back inside an answer: as is, escaped in a JSON
 * string (quotes, backslashes and slashes, non-ASCII as \uXXXX) and percent-encoded (with
 * spaces as %20 or +).
 */
export function spellingsOf(key: string): string[] {
  const json = JSON.stringify(key).slice(1, -1);
  const asciiJson = json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const encoded = encodeURIComponent(key);
  return [key, json, asciiJson, json.replaceAll('/', '\\/'), encoded, encoded.replaceAll('%20', '+'), encodeURI(key)];
}

/**
 * Replaces every spelling of the given keys in text or bytes. Works on bytes so that a
 * stream can be scanned chunk by chunk without decoding it.
 */
export class KeyRedactor {
  private readonly spellings: string[];
  private readonly patterns: Buffer[];
  private readonly replacement = Buffer.from(REDACTED);

  constructor(keys: readonly (string | null | undefined)[]) {
    const spellings = keys.filter((key): key is string => typeof key === 'string' && key.length >= MIN_REDACTED_LENGTH).flatMap(spellingsOf);
    // Longest first: where two spellings start at one place, the whole one is replaced.
    this.spellings = [...new Set(spellings)].sort((a, b) => b.length - a.length);
    this.patterns = this.spellings.map((spelling) => Buffer.from(spelling));
  }

  /** Text with every spelling replaced; the text itself when it holds none (the common case, kept cheap for log lines). */
  text(value: string): string {
    if (!this.spellings.some((spelling) => value.includes(spelling))) return value;
    return this.scan(Buffer.from(value), true).done.toString();
  }

  /**
   * Redacts what can be told in `bytes`. Unless `final`, the tail that could be the start of a
   * key (split across two network chunks) is held back and returned as `pending`, to be put
   * in front of the next chunk.
   */
  scan(bytes: Buffer, final: boolean): { done: Buffer; pending: Buffer } {
    const out: Buffer[] = [];
    let position = 0;
    for (;;) {
      let at = -1;
      let length = 0;
      for (const pattern of this.patterns) {
        const found = bytes.indexOf(pattern, position);
        if (found !== -1 && (at === -1 || found < at)) {
          at = found;
          length = pattern.length;
        }
      }
      if (at === -1) break;
      out.push(bytes.subarray(position, at), this.replacement);
      position = at + length;
    }
    const keep = final ? 0 : this.partialKeyAtEnd(bytes, position);
    out.push(bytes.subarray(position, bytes.length - keep));
    return { done: Buffer.concat(out), pending: bytes.subarray(bytes.length - keep) };
  }

  /** How many bytes at the end of `bytes` (after `from`) are the beginning of some spelling. */
  private partialKeyAtEnd(bytes: Buffer, from: number): number {
    const longest = Math.min(bytes.length - from, (this.patterns[0]?.length ?? 1) - 1);
    for (let size = longest; size > 0; size -= 1) {
      const tail = bytes.subarray(bytes.length - size);
      if (this.patterns.some((pattern) => pattern.length > size && pattern.subarray(0, size).equals(tail))) return size;
    }
    return 0;
  }

  /**
   * A stream that redacts what flows through it. Only a tail that could start a key waits for
   * the next chunk, so a streamed answer is not held back otherwise.
   */
  stream(): Transform {
    let pending: Buffer = Buffer.alloc(0);
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        const scanned = this.scan(pending.length === 0 ? chunk : Buffer.concat([pending, chunk]), false);
        pending = Buffer.from(scanned.pending);
        callback(null, scanned.done.length > 0 ? scanned.done : undefined);
      },
      flush: (callback) => {
        callback(null, pending.length > 0 ? this.scan(pending, true).done : undefined);
      },
    });
  }
}

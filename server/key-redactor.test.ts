// @vitest-environment node
import { Readable } from 'node:stream';
import { text as readText } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyRedactor, REDACTED } from './key-redactor';

const KEY = 'sk-live/ünïcode key+42';

async function throughStream(redactor: KeyRedactor, chunks: Buffer[]): Promise<string> {
  return readText(Readable.from(chunks).pipe(redactor.stream()));
}

/** Cuts bytes at the given places (anywhere, even inside a UTF-8 character). */
function cut(bytes: Buffer, places: number[]): Buffer[] {
  const sorted = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const place of sorted) {
    pieces.push(bytes.subarray(from, place));
    from = place;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

describe('KeyRedactor', () => {
  const redactor = new KeyRedactor([KEY, null, 'short']);

  it('replaces the key as is, JSON-escaped and percent-encoded', () => {
    const text = [KEY, JSON.stringify(KEY), JSON.stringify(KEY).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), encodeURIComponent(KEY), encodeURIComponent(KEY).replaceAll('%20', '+')].join(' | ');
    expect(redactor.text(text)).toBe(`${REDACTED} | "${REDACTED}" | "${REDACTED}" | ${REDACTED} | ${REDACTED}`);
  });

  it('leaves keys too short to tell from words, and text without a key, as they are', () => {
    expect(redactor.text('a short note')).toBe('a short note');
  });

  it('gives the same answer however a stream is cut, and never lets a key through', async () => {
    const piece = fc.constantFrom(KEY, encodeURIComponent(KEY), JSON.stringify(KEY), 'sk-live/', 'key+42', 'ü', 'data: {"content":"', '"}\n\n', ' ');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(400), { maxLength: 8 }), async (pieces, places) => {
        const bytes = Buffer.from(pieces.join(''));
        const whole = redactor.text(bytes.toString());
        const streamed = await throughStream(redactor, cut(bytes, places));
        expect(streamed).toBe(whole);
        expect(streamed).not.toContain(KEY);
        expect(streamed).not.toContain(encodeURIComponent(KEY));
      }),
      { numRuns: 300 },
    );
  });

  it('holds back only a tail that could start a key, so a stream is not delayed otherwise', () => {
    const { done, pending } = redactor.scan(Buffer.from('data: {"content":"Hello"}\n\n'), false);
    expect(done.toString()).toBe('data: {"content":"Hello"}\n\n');
    expect(pending.length).toBe(0);
    const partial = redactor.scan(Buffer.from(`Your key ${KEY.slice(0, 5)}`), false);
    expect(partial.done.toString()).toBe('Your key ');
    expect(partial.pending.toString()).toBe(KEY.slice(0, 5));
  });
});

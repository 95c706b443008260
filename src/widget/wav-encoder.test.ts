import { describe, expect, it } from 'vitest';
import { downmix, encodeWav, pcm16 } from './wav-encoder';

const text = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

describe('encodeWav', () => {
  it('writes a RIFF/WAVE header for 16-bit PCM mono at the given sample rate', () => {
    const wav = encodeWav([new Float32Array([0, 0.5, -0.5])], 16_000);
    const view = new DataView(wav.buffer);
    expect(wav.length).toBe(44 + 3 * 2);
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(wav, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([0, 16_384, -16_384]);
  });

  it('records the sample rate it is given, and refuses one that is no rate', () => {
    expect(new DataView(encodeWav([new Float32Array(1)], 48_000).buffer).getUint32(24, true)).toBe(48_000);
    expect(new DataView(encodeWav([new Float32Array(1)], 48_000).buffer).getUint32(28, true)).toBe(96_000);
    for (const rate of [0, -8000, 44_100.5, Number.NaN]) expect(() => encodeWav([new Float32Array(1)], rate)).toThrow(/^sampleRate: /);
  });

  it('averages several channels into one', () => {
    expect([...downmix([new Float32Array([1, 0.5, 0]), new Float32Array([0, 0.5, -1])])]).toEqual([0.5, 0.5, -0.5]);
    const wav = encodeWav([new Float32Array([1, -1]), new Float32Array([1, 1])], 8000);
    const view = new DataView(wav.buffer);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(40, true)).toBe(4);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32_767, 0]);
    expect(downmix([])).toHaveLength(0);
  });

  it('clips samples beyond full scale instead of wrapping them, and silences what is not a number', () => {
    expect([pcm16(1), pcm16(-1), pcm16(1.7), pcm16(-3), pcm16(Number.POSITIVE_INFINITY), pcm16(Number.NaN)]).toEqual([32_767, -32_768, 32_767, -32_768, 32_767, 0]);
    const view = new DataView(encodeWav([new Float32Array([2, -2])], 8000).buffer);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32_767, -32_768]);
  });

  it('writes an empty recording as a header alone', () => {
    const wav = encodeWav([new Float32Array(0)], 16_000);
    expect(wav.length).toBe(44);
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(0);
  });
});

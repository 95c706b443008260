/**
 * One WAV file (RIFF, PCM, 16-bit, mono) from recorded samples: the one audio format
 * ClientAsk takes (interface 4.2). Channels are averaged into one, samples outside [-1, 1]
 * are clipped rather than wrapped (a wrapped sample is a loud click), and a sample that is
 * not a number is silence.
 */

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

function writeText(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
}

/** The channels' average at each instant; a channel shorter than the first counts as silence. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let index = 0; index < mono.length; index += 1) mono[index]! += (channel[index] ?? 0) / channels.length;
  }
  return mono;
}

/** A sample in [-1, 1] as a signed 16-bit integer: -1 is -32768, 1 is 32767. */
export function pcm16(sample: number): number {
  if (Number.isNaN(sample)) return 0;
  const clipped = Math.max(-1, Math.min(1, sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`sampleRate: must be a positive whole number of samples a second, not ${sampleRate}`);
  const samples = downmix(channels);
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  writeText(view, 0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  writeText(view, 8, 'WAVE');
  writeText(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size for PCM
  view.setUint16(20, 1, true); // format 1: PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // bytes a second
  view.setUint16(32, BYTES_PER_SAMPLE, true); // bytes per frame
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  writeText(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) view.setInt16(HEADER_BYTES + index * BYTES_PER_SAMPLE, pcm16(samples[index]!), true);
  return new Uint8Array(buffer);
}

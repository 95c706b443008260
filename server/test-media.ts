/**
 * The smallest files the upload check recognises, one per kind the interface accepts, for the
 * service tests: each starts with its format's real signature, padded to `size` bytes.
 */

const bytes = (...parts: Array<string | number[] | Buffer>): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const SIGNATURES = {
  png: PNG,
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  webp: bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 '),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]),
  wav: bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt '),
  mp4: bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2mp41'),
  mkv: bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x88],
    'matroska',
    [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2],
  ),
  avi: bytes('RIFF', [36, 0, 0, 0], 'AVI LIST'),
  flv: bytes('FLV', [1, 5, 0, 0, 0, 9]),
  mpeg: bytes([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xc3, 0xf8]),
} as const;

export type SampleKind = keyof typeof SIGNATURES;

/** A file of the kind, `size` bytes long (at least its signature). */
export function sampleFile(kind: SampleKind, size = 64): Buffer {
  const signature = SIGNATURES[kind];
  return signature.length >= size ? signature : Buffer.concat([signature, Buffer.alloc(size - signature.length)]);
}

/** A GIF that loops (NETSCAPE2.0 block): animated, so refused as an image. */
export const ANIMATED_GIF = bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0], Buffer.alloc(13), '!\xff\x0bNETSCAPE2.0', [3, 1, 0, 0, 0], Buffer.alloc(10));

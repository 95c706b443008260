import type { ChatAskType } from '../src/api/contract';

export type MediaKind = Exclude<ChatAskType, 'Text'>;

const MEGABYTE = 1024 * 1024;

/** Interface section 8; audio has no stated limit, so the upload limit applies. */
export const MEDIA_SIZE_LIMITS: Record<MediaKind, number> = {
  Image: 20 * MEGABYTE,
  Video: 100 * MEGABYTE,
  Audio: 100 * MEGABYTE,
};

/** What each ask type accepts, in words for error messages (interface 4.2). */
export const ACCEPTED_FORMATS: Record<MediaKind, string> = {
  Image: 'PNG, JPEG, WEBP or non-animated GIF',
  Video: 'MP4, MKV, AVI, FLV or MPEG',
  Audio: 'WAV',
};

/** The media types the interface accepts, in the one spelling the service stores and serves. */
export const CANONICAL_KINDS = {
  'image/png': 'Image',
  'image/jpeg': 'Image',
  'image/webp': 'Image',
  'image/gif': 'Image',
  'video/mp4': 'Video',
  'video/x-matroska': 'Video',
  'video/x-msvideo': 'Video',
  'video/x-flv': 'Video',
  'video/mpeg': 'Video',
  'audio/wav': 'Audio',
} as const satisfies Record<string, MediaKind>;

export type CanonicalType = keyof typeof CANONICAL_KINDS;

/** Other names the same types go by: browsers, operating systems and file-type spell them differently. */
const ALIASES: Record<string, CanonicalType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/matroska': 'video/x-matroska',
  'video/avi': 'video/x-msvideo',
  'video/msvideo': 'video/x-msvideo',
  'video/vnd.avi': 'video/x-msvideo',
  'video/mp1s': 'video/mpeg',
  'video/mp2p': 'video/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** `image/JPG; q=1` -> `image/jpeg`; null for a type the interface does not accept. */
export function canonicalTypeOf(contentType: string | null | undefined): CanonicalType | null {
  const type = mediaTypeOf(contentType ?? '');
  if (Object.hasOwn(CANONICAL_KINDS, type)) return type as CanonicalType;
  return ALIASES[type] ?? null;
}

const KIND_OF_EXTENSION: Record<string, MediaKind> = {
  png: 'Image',
  jpg: 'Image',
  jpeg: 'Image',
  webp: 'Image',
  gif: 'Image',
  mp4: 'Video',
  mkv: 'Video',
  avi: 'Video',
  flv: 'Video',
  mpeg: 'Video',
  mpg: 'Video',
  wav: 'Audio',
};

/** `image/PNG; charset=x` -> `image/png`. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Which ask type a file can go with. The stored content type decides; a generic one
 * (what a browser sends for an unknown extension) falls back to the file name.
 */
export function mediaKindOf(contentType: string, fileName: string): MediaKind | null {
  const type = mediaTypeOf(contentType);
  const canonical = canonicalTypeOf(type);
  if (canonical) return CANONICAL_KINDS[canonical];
  if (type !== '' && type !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return KIND_OF_EXTENSION[extension] ?? null;
}

/**
 * A looping animation block (NETSCAPE2.0) marks an animated GIF; that catches the
 * animations browsers and tools produce without decoding every frame.
 */
export function isAnimatedGif(bytes: Buffer): boolean {
  return bytes.subarray(0, 6).toString('latin1').startsWith('GIF8') && bytes.includes('NETSCAPE2.0', 0, 'latin1');
}

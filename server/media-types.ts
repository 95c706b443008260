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

const KIND_OF_TYPE: Record<string, MediaKind> = {
  'image/png': 'Image',
  'image/jpeg': 'Image',
  'image/jpg': 'Image',
  'image/pjpeg': 'Image',
  'image/webp': 'Image',
  'image/gif': 'Image',
  'video/mp4': 'Video',
  'video/x-matroska': 'Video',
  'video/matroska': 'Video',
  'video/x-msvideo': 'Video',
  'video/avi': 'Video',
  'video/msvideo': 'Video',
  'video/x-flv': 'Video',
  'video/mpeg': 'Video',
  'audio/wav': 'Audio',
  'audio/x-wav': 'Audio',
  'audio/wave': 'Audio',
  'audio/vnd.wave': 'Audio',
};

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
  const byType = KIND_OF_TYPE[type];
  if (byType) return byType;
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

/** Types a browser may show inline from our origin; anything else is sent as a download. */
export function isSafeInline(contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return KIND_OF_TYPE[type] !== undefined || type === 'audio/mpeg' || type === 'video/webm' || type === 'audio/ogg';
}

import type { ChatAskType } from '../../api/contract';

/**
 * The interface's rules for ClientAsk attachments (section 4.2 and 8), checked in the
 * browser so a refusal names the file before anything is uploaded.
 */
export type AttachmentKind = 'image' | 'video' | 'audio';

const MB = 1024 * 1024;

export const ATTACHMENT_LIMITS = {
  imageBytes: 20 * MB,
  videoBytes: 100 * MB,
  /** The contract's cap on fileIds; the interface only says "several". */
  imagesPerMessage: 20,
} as const;

const KIND_OF_MIME: Record<string, AttachmentKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/x-matroska': 'video',
  'video/matroska': 'video',
  'video/x-msvideo': 'video',
  'video/avi': 'video',
  'video/msvideo': 'video',
  'video/x-flv': 'video',
  'video/mpeg': 'video',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/wave': 'audio',
  'audio/vnd.wave': 'audio',
};

const KIND_OF_EXTENSION: Record<string, AttachmentKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  gif: 'image',
  mp4: 'video',
  mkv: 'video',
  avi: 'video',
  flv: 'video',
  mpeg: 'video',
  mpg: 'video',
  wav: 'audio',
};

const ASK_TYPE_OF_KIND: Record<AttachmentKind, ChatAskType> = { image: 'Image', video: 'Video', audio: 'Audio' };

export const SUPPORTED_TYPES_TEXT =
  'images must be PNG, JPEG, WEBP or still GIF, video MP4, MKV, AVI, FLV or MPEG, audio WAV';

/** What the `accept` attribute of the file picker offers. */
export const ACCEPTED_FILE_TYPES = [
  ...Object.keys(KIND_OF_MIME),
  ...Object.keys(KIND_OF_EXTENSION).map((extension) => `.${extension}`),
].join(',');

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The MIME type decides when the browser knows it (as the service decides by the stored
 * type); the extension covers files the browser reports without a type, or as a generic
 * octet stream.
 */
export function kindOfFile(fileName: string, mimeType: string): AttachmentKind | null {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  const byMime = KIND_OF_MIME[mime];
  if (byMime) return byMime;
  if (mime !== '' && mime !== 'application/octet-stream') return null;
  return KIND_OF_EXTENSION[extensionOf(fileName)] ?? null;
}

export function isGifFile(fileName: string, mimeType: string): boolean {
  return mimeType.toLowerCase() === 'image/gif' || extensionOf(fileName) === 'gif';
}

/**
 * A GIF is animated when it holds more than one image, or declares a loop with the
 * NETSCAPE2.0 (or ANIMEXTS1.0) application extension. Walks the block structure rather
 * than searching for bytes, so image data that happens to contain 0x2C is not miscounted.
 * Bytes that are not a GIF, or are cut short, count as not animated.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  const header = String.fromCharCode(...bytes.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') return false;
  let offset = 13;
  const screenFlags = bytes[10] ?? 0;
  if (screenFlags & 0x80) offset += 3 * 2 ** ((screenFlags & 0x07) + 1);

  /** Skips a chain of data sub-blocks; returns the offset after its terminator. */
  function skipSubBlocks(at: number): number {
    let position = at;
    while (position < bytes.length) {
      const size = bytes[position]!;
      position += 1;
      if (size === 0) return position;
      position += size;
    }
    return bytes.length;
  }

  let images = 0;
  while (offset < bytes.length) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      const label = bytes[offset + 1];
      if (label === 0xff && bytes[offset + 2] === 11) {
        const application = String.fromCharCode(...bytes.subarray(offset + 3, offset + 14));
        if (application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0') return true;
      }
      offset = skipSubBlocks(offset + 2);
    } else if (introducer === 0x2c) {
      images += 1;
      if (images > 1) return true;
      const imageFlags = bytes[offset + 9] ?? 0;
      offset += 10;
      if (imageFlags & 0x80) offset += 3 * 2 ** ((imageFlags & 0x07) + 1);
      offset = skipSubBlocks(offset + 1);
    } else {
      break;
    }
  }
  return false;
}

/** A picked file as the rules see it; `animated` is known only for GIFs that were scanned. */
export interface AttachmentCandidate {
  name: string;
  type: string;
  size: number;
  animated?: boolean;
}

export interface AttachmentRefusal {
  fileName: string;
  rule: string;
}

export interface AttachmentCheck<Candidate extends AttachmentCandidate> {
  accepted: Array<{ candidate: Candidate; kind: AttachmentKind }>;
  refusals: AttachmentRefusal[];
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

const KIND_PHRASE: Record<AttachmentKind, string> = { image: 'images', video: 'a video', audio: 'a WAV audio' };

/**
 * Checks newly picked files against the files already attached to the message. Files are
 * taken in order, so of two videos picked together the first is attached and the second
 * refused.
 */
export function checkAttachments<Candidate extends AttachmentCandidate>(
  attachedKinds: readonly AttachmentKind[],
  incoming: readonly Candidate[],
): AttachmentCheck<Candidate> {
  const kinds = [...attachedKinds];
  const result: AttachmentCheck<Candidate> = { accepted: [], refusals: [] };
  const refuse = (candidate: Candidate, rule: string) => result.refusals.push({ fileName: candidate.name, rule });

  for (const candidate of incoming) {
    const kind = kindOfFile(candidate.name, candidate.type);
    if (!kind) {
      refuse(candidate, `is not a supported file type: ${SUPPORTED_TYPES_TEXT}`);
      continue;
    }
    if (candidate.size === 0) {
      refuse(candidate, 'is empty');
      continue;
    }
    if (kind === 'image' && candidate.size > ATTACHMENT_LIMITS.imageBytes) {
      refuse(candidate, `is ${formatMegabytes(candidate.size)}, over the limit of 20 MB for each image`);
      continue;
    }
    if (kind === 'video' && candidate.size > ATTACHMENT_LIMITS.videoBytes) {
      refuse(candidate, `is ${formatMegabytes(candidate.size)}, over the limit of 100 MB for a video`);
      continue;
    }
    if (kind === 'image' && candidate.animated) {
      refuse(candidate, 'is an animated GIF; only still GIF images are accepted');
      continue;
    }
    const present = kinds[0];
    if (present && present !== kind) {
      refuse(candidate, `cannot join ${KIND_PHRASE[present]} in one message: send images, one video or one WAV audio, not a mix`);
      continue;
    }
    if (kind === 'video' && kinds.length > 0) {
      refuse(candidate, 'would be a second video: a message carries exactly one video');
      continue;
    }
    if (kind === 'audio' && kinds.length > 0) {
      refuse(candidate, 'would be a second audio: a message carries exactly one WAV audio');
      continue;
    }
    if (kind === 'image' && kinds.length >= ATTACHMENT_LIMITS.imagesPerMessage) {
      refuse(candidate, `would be image ${kinds.length + 1}: a message carries at most ${ATTACHMENT_LIMITS.imagesPerMessage} images`);
      continue;
    }
    kinds.push(kind);
    result.accepted.push({ candidate, kind });
  }
  return result;
}

/** chatAskType follows from the attachments; the rules above keep them to one kind. */
export function askTypeOf(kinds: readonly AttachmentKind[]): ChatAskType {
  const kind = kinds[0];
  return kind ? ASK_TYPE_OF_KIND[kind] : 'Text';
}

/** The contract's cap on ClientAsk content. */
export const MAX_CONTENT_LENGTH = 20_000;

/** Why the message cannot be sent as written, or null when it can. */
export function contentProblem(content: string, attachmentCount: number): string | null {
  if (content.trim() === '' && attachmentCount === 0) {
    return 'Message: write a message, or attach an image, a video or a WAV audio';
  }
  if (content.length > MAX_CONTENT_LENGTH) {
    return `Message: must be at most ${MAX_CONTENT_LENGTH} characters (it has ${content.length})`;
  }
  return null;
}

import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { canonicalTypeOf, mediaTypeOf, type CanonicalType } from './media-types';

/** Enough of a file for file-type to recognise every kind we accept (its own reader takes about 4 KB). */
export const HEAD_BYTES = 64 * 1024;

/** What a browser declares when it cannot tell: no hint at all. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

const ACCEPTED = 'PNG, JPEG, WEBP, non-animated GIF, WAV, MP4, MKV, AVI, FLV or MPEG';

export type UploadVerdict = { contentType: CanonicalType } | { refusal: string };

export interface UploadToJudge {
  fileName: string;
  /** The Content-Type the upload was sent with: a hint, never trusted on its own. */
  declaredType: string | null;
  /** The first bytes of the file. */
  head: Uint8Array;
  animated: boolean;
}

/**
 * The media type a file is stored and served with comes from its own bytes (magic numbers).
 * The declared type may only agree with them: a page declared as an image, or an image whose
 * declared type hides a second one (`image/png;a=b,text/html`), is refused, so nothing an
 * upload carries can be served as something a browser would run.
 */
export async function judgeUpload({ fileName, declaredType, head, animated }: UploadToJudge): Promise<UploadVerdict> {
  const detected = await fileTypeFromBuffer(head);
  const sniffed = detected ? canonicalTypeOf(detected.mime) : null;
  if (sniffed === null) {
    const what = detected ? `${detected.mime} (.${detected.ext})` : 'not a media file the service recognises';
    return { refusal: `FileName: ${fileName} is ${what}; the service accepts ${ACCEPTED}` };
  }
  if (sniffed === 'image/gif' && animated) {
    return { refusal: `FileName: ${fileName} is an animated GIF; the service accepts ${ACCEPTED}` };
  }
  const declared = (declaredType ?? '').trim().toLowerCase();
  if (declared.includes(',')) {
    return { refusal: `ContentType: "${declared.slice(0, 100)}" is not one media type; send the file's own type (${sniffed})` };
  }
  if (!GENERIC_TYPES.has(mediaTypeOf(declared)) && canonicalTypeOf(declared) !== sniffed) {
    return { refusal: `ContentType: ${fileName} was sent as ${mediaTypeOf(declared).slice(0, 100)}, but its bytes are ${sniffed}` };
  }
  return { contentType: sniffed };
}

/** The first HEAD_BYTES of a stored file. */
export async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

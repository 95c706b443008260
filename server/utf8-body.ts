import { badRequest, type ServiceError } from './envelope';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientDecoder = new TextDecoder('utf-8');
/** EF BF BD: U+FFFD written out, which a valid body may carry on purpose. */
const REPLACEMENT_BYTES = Buffer.from('\uFFFD', 'utf8');

/** The path of the first string (key or value) holding U+FFFD, as a message names a field: `Description`, `ExtensionColumn[0].Value`. */
function pathOfReplacement(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\uFFFD') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfReplacement(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path === '' ? key : `${path}.${key}`;
      if (key.includes('\uFFFD')) return itemPath;
      const found = pathOfReplacement(item, itemPath);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Which field holds the bytes that are not UTF-8, where that can be told: decoded leniently,
 * every bad sequence becomes U+FFFD, so the field carrying one is the culprit, unless the
 * body also wrote U+FFFD itself, when the body as a whole is named.
 */
function fieldWithInvalidUtf8(bytes: Buffer): string | null {
  if (bytes.includes(REPLACEMENT_BYTES)) return null;
  try {
    const path = pathOfReplacement(JSON.parse(lenientDecoder.decode(bytes)), '');
    return path === '' ? null : path;
  } catch {
    return null;
  }
}

/**
 * The body as text, or the error to answer when its bytes are not UTF-8. A lenient decoder
 * would store U+FFFD in place of the bytes the user sent; refusing keeps what is stored
 * equal to what was meant, and says where the damage is.
 */
export function decodeUtf8Body(bytes: Buffer): { text: string } | { error: ServiceError } {
  try {
    return { text: strictDecoder.decode(bytes) };
  } catch {
    const field = fieldWithInvalidUtf8(bytes);
    return {
      error: badRequest(
        field === null
          ? 'The request body is not valid UTF-8; send the JSON encoded as UTF-8.'
          : `${field}: is not valid UTF-8 text; send the JSON encoded as UTF-8.`,
      ),
    };
  }
}

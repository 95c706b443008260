import { isApiError } from '../../api/client';
import { StreamFormatError, StreamIncompleteError, StreamStalledError } from '../../api/stream-errors';
import type { AskFailure } from './chat-transcript';

export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/**
 * Turns whatever ended an answer into what the transcript shows at that answer:
 * `stopped` when the user pressed Stop, otherwise a failure the user can act on.
 * `partial`: part of the answer had arrived.
 */
export function describeAskFailure(error: unknown, partial = false): AskFailure | 'stopped' {
  if (isAbortError(error)) return 'stopped';
  if (isApiError(error)) {
    // A service that answers HTTP 200 with Success false still carries the real code.
    const status = error.status >= 400 ? error.status : error.code;
    if (error.isOffline) return { kind: 'offline', message: error.message };
    if (status === 429) return { kind: 'rate-limited', message: error.message, status };
    if (status === 404 && (error.field === 'sessionID' || /session/i.test(error.message))) {
      return { kind: 'session-missing', message: error.message, status };
    }
    return { kind: 'service', message: error.message, status };
  }
  if (error instanceof StreamFormatError) return { kind: 'malformed', message: error.message };
  if (error instanceof StreamIncompleteError) return { kind: 'incomplete', message: `${error.message}.` };
  if (error instanceof StreamStalledError) return { kind: 'stalled', message: `${error.message}.` };
  // What a broken connection throws while the body is read: a TypeError such as "network error".
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  const when = partial ? 'after part of the answer' : 'before the answer arrived';
  return { kind: 'interrupted', message: `The connection dropped ${when}${detail}.` };
}

/** A new attempt can help unless the session itself is gone. */
export function canRetry(failure: AskFailure): boolean {
  return failure.kind !== 'session-missing';
}

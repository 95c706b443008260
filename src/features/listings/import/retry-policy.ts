import { isApiError } from '../../../api/client';
import { retryAfterMs } from '../../../api/retry-after';

/**
 * When an import's request is tried again, and what a failure means for the row: shared by the
 * request per row and the batch, so both back off and give up alike.
 */

/** Waits after a 429 or a lost connection: 0.5 s, doubling, at most 10 s (unless the service asks for longer, below); after MAX_ATTEMPTS the rows fail. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;
export const MAX_ATTEMPTS = 8;

function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
}

/**
 * A service's own `Retry-After` is honoured up to a minute: a longer one (a monthly quota)
 * would hold the import for longer than anyone watches it, so the rows fail with its message
 * after MAX_ATTEMPTS instead, and can be sent again from the same file later.
 */
const MAX_RETRY_AFTER_MS = 60_000;

/** The wait before attempt `attempt + 1`: the backoff, or longer when the service asked for it. */
export function retryDelayMs(attempt: number, error: unknown): number {
  const askedMs = isApiError(error) ? retryAfterMs(error.retryAfter, Date.now()) : null;
  const asked = askedMs === null ? 0 : Math.min(askedMs, MAX_RETRY_AFTER_MS);
  return Math.max(backoffMs(attempt), asked);
}

/** A 429, or no answer at all, is worth another try later; anything else is the row's answer. */
export function isRetryable(error: unknown): boolean {
  if (isApiError(error)) return error.status === 429 || error.code === 429 || error.isOffline;
  return error instanceof TypeError;
}

/** No answer at all: the request may have landed. A 429 is a refusal: nothing landed. */
export function mayHaveLanded(error: unknown): boolean {
  return (isApiError(error) && error.isOffline) || error instanceof TypeError;
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The service did not answer.';
}

export const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

import { DOWNLOAD_FAILED_MESSAGE, loadOnce } from '../lib/load-once';
import { ApiError, apiFetch, apiRequest } from './client';
import type { ClientAskRequest } from './contract';
import type { AnswerBatch } from './stream';
import { StreamStalledError } from './stream-errors';

/**
 * The answer stream's reader (stream.ts, with eventsource-parser): a chunk of its own, fetched
 * by the chat at its first idle moment (`preloadAnswerReader`) or by the first streamed
 * question, so a first visit to the chat draws without it. A failed download is tried again.
 */
export const preloadAnswerReader = loadOnce(() => import('./stream'));

/**
 * Opens a new chat session with a chatbot (GetSession). A plain function, not a mutation
 * hook: the chat store that calls it outlives the page that asked.
 */
export function createChatSession(chatbotId: string) {
  return apiFetch('GetSession', { serialNumber: chatbotId });
}

/** A single, non-streamed answer. */
export function askChatbot(body: Omit<ClientAskRequest, 'stream'>, signal?: AbortSignal) {
  return apiFetch('ClientAsk', { ...body, stream: false }, { signal });
}

/**
 * How long a streamed answer may go without a byte before it counts as stalled. A model
 * may think for a while between fragments, so this is generous; a total limit would cut
 * off long answers that are still flowing.
 */
export const STREAM_IDLE_TIMEOUT_MS = 30_000;

/**
 * A streamed answer, handed over per network chunk (see `readAnswerBatches`).
 * Aborting the signal stops reading and the request; waiting `STREAM_IDLE_TIMEOUT_MS` for the
 * first byte, or between two chunks, stops them with a `StreamStalledError`.
 */
export async function* askChatbotStream(
  body: Omit<ClientAskRequest, 'stream'>,
  signal?: AbortSignal,
): AsyncGenerator<AnswerBatch> {
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(new StreamStalledError(STREAM_IDLE_TIMEOUT_MS, 0)), STREAM_IDLE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await apiRequest(
      'ClientAsk',
      { ...body, stream: true },
      { signal: signal ? AbortSignal.any([signal, waiting.signal]) : waiting.signal },
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.body) throw new Error('The answer stream has no body');
  let reader: Awaited<ReturnType<typeof preloadAnswerReader>>;
  try {
    reader = await preloadAnswerReader();
  } catch {
    await response.body.cancel().catch(() => undefined);
    throw new ApiError('ClientAsk', 0, 0, DOWNLOAD_FAILED_MESSAGE);
  }
  yield* reader.readAnswerBatches(response.body, { signal, idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS });
}

import { isApiError, isMissingOperation } from '../../../api/client';
import type { BatchItem, BatchRequest, BatchResult } from '../../../api/contract';
import { requestOfRow, type RowRequestRule } from './import-row';
import type { PauseGate } from './pause-gate';
import { isRetryable, MAX_ATTEMPTS, mayHaveLanded, reasonOf, retryDelayMs } from './retry-policy';
import type { SentRows } from './sent-rows';
import type { ValidRow } from './validate-file';

/**
 * Rows per RealEstateBatch request, and requests in flight. Measured with the bench's 10,000-row
 * import (docs/performance.md): past about 100 rows a batch the rate stops growing, while the
 * progress moves in coarser steps and a batch's answer takes longer; two in flight keep the
 * service busy while the page reads the previous answer.
 */
export const BATCH_SIZE = 200;
export const BATCH_CONCURRENCY = 2;

export type RowResult = { kind: 'created' | 'updated' } | { kind: 'failed'; reason: string } | { kind: 'not-sent' };
/** The service has no batch operation: the row goes by the request-per-row path instead. */
export type BatchRowResult = RowResult | { kind: 'fallback' };

export interface BatchSenderOptions extends RowRequestRule {
  /** The same for every batch of one file's import, resumed runs included (SentRows keeps it). */
  importId: string;
  sentRows: SentRows;
  sendBatch: (body: BatchRequest) => Promise<{ Results: BatchResult[] }>;
  signal: AbortSignal;
  gate: PauseGate;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Rows an earlier run left in flight in a batch: their marks stay until they are answered. */
  carriedOver: ReadonlySet<number>;
}

const notSent: RowResult = { kind: 'not-sent' };
const fallback: BatchRowResult = { kind: 'fallback' };

function isTooLarge(error: unknown): boolean {
  return isApiError(error) && error.status === 413;
}

/**
 * Sends rows as RealEstateBatch requests and answers each row as its request per row would
 * have been answered. Receipts make a batch safe to send again: a 429 or a lost answer is
 * retried with back-off (the whole batch, same ImportId and RowKeys), and a row that had
 * landed is answered from its receipt. A body over the service's limit is split in two.
 * Once the service turns out not to have the operation, every later batch answers `fallback`
 * at once, so the rest of the import goes one request per row.
 */
export function createBatchSender(options: BatchSenderOptions): (rows: readonly ValidRow[]) => Promise<BatchRowResult[]> {
  const { chatbotId, importId, matchBy, sentRows, sendBatch, signal, gate, sleep, carriedOver } = options;
  let unsupported = false;

  const itemOf = ({ row, fields }: ValidRow): BatchItem => {
    const request = requestOfRow(fields, options);
    return { RowKey: row, Operation: request.kind === 'create' ? 'Create' : 'Update', Listing: request.request };
  };

  const answered = (rows: readonly ValidRow[], items: readonly BatchItem[], results: readonly BatchResult[]): RowResult[] => {
    const byKey = new Map(results.map((result) => [result.RowKey, result]));
    return rows.map(({ row }, index) => {
      sentRows.markDone(row);
      const result = byKey.get(row);
      if (!result) return { kind: 'failed', reason: 'The service’s answer left this row out; check whether it was imported.' };
      if (!result.Success) return { kind: 'failed', reason: result.Message || `Refused with code ${result.Code}` };
      return { kind: items[index]!.Operation === 'Create' ? 'created' : 'updated' };
    });
  };

  const send = async (rows: readonly ValidRow[]): Promise<BatchRowResult[]> => {
    if (!(await gate.pass(signal))) return rows.map(() => notSent);
    if (unsupported) return rows.map(() => fallback);
    const items = rows.map(itemOf);
    const rowNumbers = rows.map(({ row }) => row);
    for (let attempt = 1; ; attempt += 1) {
      // Only "always create" reads these marks on resume (a key match just sends the row again),
      // so only it waits for them to be stored: one write per batch, not per row.
      sentRows.markSentWithReceipt(rowNumbers, { storeNow: matchBy === 'create' });
      try {
        const { Results } = await sendBatch({ SerialNumber: chatbotId, ImportId: importId, Items: items });
        return answered(rows, items, Results);
      } catch (error) {
        // Nothing of a refused batch landed: only a lost answer leaves its rows in flight.
        const releaseFresh = () => {
          for (const row of rowNumbers) if (!carriedOver.has(row)) sentRows.release(row);
        };
        if (isMissingOperation(error)) {
          unsupported = true;
          releaseFresh();
          return rows.map(() => fallback);
        }
        if (isTooLarge(error) && rows.length > 1) {
          releaseFresh();
          const half = Math.ceil(rows.length / 2);
          return [...(await send(rows.slice(0, half))), ...(await send(rows.slice(half)))];
        }
        if (!isRetryable(error)) {
          for (const row of rowNumbers) sentRows.markDone(row);
          return rows.map(() => ({ kind: 'failed', reason: reasonOf(error) }));
        }
        if (!mayHaveLanded(error)) releaseFresh();
        if (signal.aborted) return rows.map(() => notSent);
        if (attempt >= MAX_ATTEMPTS) return rows.map(() => ({ kind: 'failed', reason: `${reasonOf(error)} (tried ${attempt} times)` }));
        await sleep(retryDelayMs(attempt, error), signal);
        if (!(await gate.pass(signal))) return rows.map(() => notSent);
      }
    }
  };
  return send;
}

import type { BatchRequest, BatchResult } from '../../../api/contract';
import { runLimited } from '../status/run-limited';
import { requestOfRow, type RowRequest, type RowRequestRule } from './import-row';
import { newImportId } from './import-id';
import { PauseGate } from './pause-gate';
import { isRetryable, MAX_ATTEMPTS, mayHaveLanded, reasonOf, retryDelayMs, sleepFor } from './retry-policy';
import { BATCH_CONCURRENCY, BATCH_SIZE, createBatchSender, type BatchRowResult, type RowResult } from './send-in-batches';
import type { SentRows } from './sent-rows';
import type { ValidRow } from './validate-file';

export { PauseGate } from './pause-gate';
export { isRetryable, MAX_ATTEMPTS } from './retry-policy';

/** Requests per row at a time, when the service has no batch operation: quick, and no flood of a service that limits rates. */
export const IMPORT_CONCURRENCY = 6;

export interface ImportFailure {
  row: number;
  /** `Field: text` as the service words it, or why the row was not sent. */
  reason: string;
}

export interface ImportProgress {
  /** Rows answered in this run (created, updated or failed). */
  done: number;
  /** Rows this run sends. */
  total: number;
  created: number;
  updated: number;
  failed: number;
}

export interface ImportOutcome extends ImportProgress {
  failures: ImportFailure[];
  /** Rows left for next time (Cancel): never answered, so a later run sends them. */
  notSent: number;
  /** Rows an earlier run of this file already sent: skipped, never sent twice. */
  alreadySent: number;
  /** Rows an interrupted run left on their way under "always create", with no receipt to make sending them again safe: they may exist, so they are not sent again. */
  uncertain: number[];
}

export interface RunImportOptions extends RowRequestRule {
  rows: readonly ValidRow[];
  sentRows: SentRows;
  /** One row's RealEstateCreate or RealEstateUpdate. */
  send: (request: RowRequest) => Promise<unknown>;
  /** RealEstateBatch; without it (or once the service answers that it lacks it) every row goes by `send`. */
  sendBatch?: (body: BatchRequest) => Promise<{ Results: BatchResult[] }>;
  signal: AbortSignal;
  gate?: PauseGate;
  /** Requests per row at a time. */
  concurrency?: number;
  batchSize?: number;
  batchConcurrency?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Injected by tests so a back-off takes no time. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function batchesOf<Item>(items: readonly Item[], size: number): Item[][] {
  const batches: Item[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * Sends the valid rows of a file, skipping those an earlier run of the same file already sent:
 * in batches (RealEstateBatch) when the service has the operation, else a few requests per row
 * at a time. Under a key match, a row an interrupted run left in flight is sent again: if it had
 * landed, it now matches that listing and is an update, never a second listing. Under "always
 * create" it would be a twin, so it is reported instead of sent, unless it went in a batch:
 * then the service's receipt for it answers, and it is safe to send again in a batch.
 */
export async function runImport(options: RunImportOptions): Promise<ImportOutcome> {
  const { chatbotId, matchBy, existingKeys, sentRows, send, signal, gate = new PauseGate(), sleep = sleepFor } = options;
  const uncertain: number[] = [];
  let alreadySent = 0;
  const toSend: ValidRow[] = [];
  const carriedOver = new Set<number>();
  for (const row of options.rows) {
    if (sentRows.isDone(row.row)) alreadySent += 1;
    else if (matchBy === 'create' && sentRows.wasInFlight(row.row)) uncertain.push(row.row);
    else {
      if (sentRows.wasSentWithReceipt(row.row)) carriedOver.add(row.row);
      toSend.push(row);
    }
  }

  const progress: ImportProgress = { done: 0, total: toSend.length, created: 0, updated: 0, failed: 0 };
  options.onProgress?.({ ...progress });
  const failures: ImportFailure[] = [];
  let notSent = 0;
  const settle = (row: number, result: RowResult) => {
    if (result.kind === 'not-sent') {
      notSent += 1;
      return;
    }
    progress.done += 1;
    if (result.kind === 'failed') {
      progress.failed += 1;
      failures.push({ row, reason: result.reason });
    } else progress[result.kind] += 1;
  };

  const sendRow = async ({ row, fields }: ValidRow): Promise<RowResult> => {
    if (!(await gate.pass(signal))) return { kind: 'not-sent' };
    const request = requestOfRow(fields, options);
    for (let attempt = 1; ; attempt += 1) {
      // Only "always create" reads in-flight marks on resume (a key match just sends the row
      // again, an update if it had landed), so only it waits for the mark to be stored.
      sentRows.markInFlight(row, { storeNow: matchBy === 'create' });
      try {
        await send(request);
        sentRows.markDone(row);
        return { kind: request.kind === 'create' ? 'created' : 'updated' };
      } catch (error) {
        if (!isRetryable(error)) {
          sentRows.markDone(row);
          return { kind: 'failed', reason: reasonOf(error) };
        }
        // No answer at all may have landed: the row stays in flight, and the next run decides.
        if (!mayHaveLanded(error)) sentRows.release(row);
        if (attempt >= MAX_ATTEMPTS || signal.aborted) {
          if (signal.aborted) return { kind: 'not-sent' };
          return { kind: 'failed', reason: `${reasonOf(error)} (tried ${attempt} times)` };
        }
        await sleep(retryDelayMs(attempt, error), signal);
        if (!(await gate.pass(signal))) return { kind: 'not-sent' };
      }
    }
  };

  try {
    let perRow = toSend;
    if (options.sendBatch && toSend.length > 0) {
      const sendBatch = createBatchSender({
        chatbotId,
        importId: sentRows.importId(newImportId),
        matchBy,
        existingKeys,
        columns: options.columns,
        sentRows,
        sendBatch: options.sendBatch,
        signal,
        gate,
        sleep,
        carriedOver,
      });
      const fellBack: ValidRow[] = [];
      const { notStarted } = await runLimited(batchesOf(toSend, options.batchSize ?? BATCH_SIZE), sendBatch, {
        concurrency: options.batchConcurrency ?? BATCH_CONCURRENCY,
        signal,
        onSettled: (batch, results: BatchRowResult[]) => {
          batch.forEach((row, index) => {
            const result = results[index]!;
            if (result.kind === 'fallback') fellBack.push(row);
            else settle(row.row, result);
          });
          options.onProgress?.({ ...progress });
        },
      });
      notSent += notStarted.reduce((count, batch) => count + batch.length, 0);
      // The batches that went out before the service said it lacks the operation are answered;
      // the rest go one request per row. A row an earlier run sent in a batch has no receipt
      // to protect it now: under "always create" it is reported, as a row in flight always was.
      perRow = [];
      for (const row of fellBack.sort((a, b) => a.row - b.row)) {
        if (matchBy === 'create' && carriedOver.has(row.row)) uncertain.push(row.row);
        else perRow.push(row);
      }
      progress.total -= fellBack.length - perRow.length;
    }
    if (perRow.length > 0) {
      const { notStarted } = await runLimited(perRow, sendRow, {
        concurrency: options.concurrency ?? IMPORT_CONCURRENCY,
        signal,
        onSettled: ({ row }, result) => {
          settle(row, result);
          if (result.kind !== 'not-sent') options.onProgress?.({ ...progress });
        },
      });
      notSent += notStarted.length;
    }
  } finally {
    sentRows.flush();
  }

  failures.sort((a, b) => a.row - b.row);
  uncertain.sort((a, b) => a - b);
  return { ...progress, failures, notSent, alreadySent, uncertain };
}

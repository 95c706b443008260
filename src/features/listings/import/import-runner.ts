import { isApiError } from '../../../api/client';
import { runLimited } from '../status/run-limited';
import { requestOfRow, type MatchBy, type RowRequest } from './import-row';
import type { SentRows } from './sent-rows';
import type { ValidRow } from './validate-file';

/** A few requests at a time: quick, and no flood of a service that limits rates. */
export const IMPORT_CONCURRENCY = 6;
/** Waits after a 429 or a lost connection: 0.5 s, doubling, at most 10 s, then the row fails. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;
export const MAX_ATTEMPTS = 8;

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
  /** Rows an interrupted run left on their way under "always create": they may exist, so they are not sent again. */
  uncertain: number[];
}

/** Pause holds new requests at the gate; those on their way finish. */
export class PauseGate {
  private paused = false;
  private waiters: Array<() => void> = [];

  get isPaused(): boolean {
    return this.paused;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at once when running, on Resume when paused; false when stopped meanwhile. */
  async pass(signal: AbortSignal): Promise<boolean> {
    while (this.paused && !signal.aborted) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    return !signal.aborted;
  }
}

export interface RunImportOptions {
  chatbotId: string;
  rows: readonly ValidRow[];
  matchBy: MatchBy;
  /** The keys (MLS numbers or URLs, as `matchBy` says) of the listings already there. */
  existingKeys: ReadonlySet<string>;
  sentRows: SentRows;
  send: (request: RowRequest) => Promise<unknown>;
  signal: AbortSignal;
  gate?: PauseGate;
  concurrency?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Injected by tests so a back-off takes no time. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A 429, or no answer at all, is worth another try later; anything else is the row's answer. */
export function isRetryable(error: unknown): boolean {
  if (isApiError(error)) return error.status === 429 || error.code === 429 || error.isOffline;
  return error instanceof TypeError;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The service did not answer.';
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

type RowResult = { kind: 'created' | 'updated' } | { kind: 'failed'; reason: string } | { kind: 'not-sent' };

/**
 * Sends the valid rows of a file, a few at a time, skipping those an earlier run of the same
 * file already sent. Under a key match, a row an interrupted run left in flight is sent again:
 * if it had landed, it now matches that listing and is an update, never a second listing.
 * Under "always create" it would be a twin, so it is reported instead of sent.
 */
export async function runImport(options: RunImportOptions): Promise<ImportOutcome> {
  const { chatbotId, matchBy, existingKeys, sentRows, send, signal, gate = new PauseGate(), sleep = sleepFor } = options;
  const uncertain: number[] = [];
  let alreadySent = 0;
  const toSend: ValidRow[] = [];
  for (const row of options.rows) {
    if (sentRows.isDone(row.row)) alreadySent += 1;
    else if (matchBy === 'create' && sentRows.wasInFlight(row.row)) uncertain.push(row.row);
    else toSend.push(row);
  }

  const progress: ImportProgress = { done: 0, total: toSend.length, created: 0, updated: 0, failed: 0 };
  options.onProgress?.({ ...progress });
  const failures: ImportFailure[] = [];

  const sendRow = async ({ row, fields }: ValidRow): Promise<RowResult> => {
    if (!(await gate.pass(signal))) return { kind: 'not-sent' };
    const request = requestOfRow(chatbotId, fields, matchBy, existingKeys);
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
        // A 429 is a refusal: nothing landed. No answer at all may have landed: the row stays
        // in flight, and the next run decides.
        if (!(isApiError(error) && error.isOffline) && !(error instanceof TypeError)) sentRows.release(row);
        if (attempt >= MAX_ATTEMPTS || signal.aborted) {
          if (signal.aborted) return { kind: 'not-sent' };
          return { kind: 'failed', reason: `${reasonOf(error)} (tried ${attempt} times)` };
        }
        await sleep(Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1)), signal);
        if (!(await gate.pass(signal))) return { kind: 'not-sent' };
      }
    }
  };

  const { results, notStarted } = await runLimited(toSend, sendRow, {
    concurrency: options.concurrency ?? IMPORT_CONCURRENCY,
    signal,
    onSettled: ({ row }, result) => {
      if (result.kind === 'not-sent') return;
      progress.done += 1;
      if (result.kind === 'failed') {
        progress.failed += 1;
        failures.push({ row, reason: result.reason });
      } else progress[result.kind] += 1;
      options.onProgress?.({ ...progress });
    },
  }).finally(() => sentRows.flush());

  let notSent = notStarted.length;
  for (const result of results.values()) if (result.kind === 'not-sent') notSent += 1;
  failures.sort((a, b) => a.row - b.row);
  return { ...progress, failures, notSent, alreadySent, uncertain };
}

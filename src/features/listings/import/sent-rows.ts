import * as z from 'zod/mini';
import { readStoredJson, removeStored, writeStoredJson } from '../../../lib/stored-json';

/**
 * Which rows of one file have been sent, kept in this browser so an import stopped by Cancel,
 * a reload or a closed tab resumes without sending a row twice. A row is written down as in
 * flight before its request leaves and as done when the answer comes, so after an
 * interruption each row is either done (skipped on resume), never started (sent), or in
 * flight: it may have landed, and `import-runner.ts` decides what to do with it.
 *
 * Rows are sent in file order, so the done rows are a few long runs; they are kept as
 * [first, last] ranges and stay small however long the file.
 *
 * Storage is written at most every SAVE_DELAY_MS, not twice per row (two writes per row were
 * a tenth of the page's work in a 10,000-row import), except for an in-flight mark the caller
 * needs on disk before the request leaves (`markInFlight(row, { storeNow: true })`). A mark
 * that is lost with the page leaves the row as the previous write had it: not done, so a
 * resumed import sends it again, which `import-runner.ts` only allows where that is harmless.
 *
 * Rows sent in a batch (RealEstateBatch) are in flight "with a receipt": the service keeps a
 * receipt per (chatbot, import id, row), so sending such a row again in a batch with the same
 * import id cannot create it twice. The import id is kept here, with the rows it covers.
 */
export interface SentRowsState {
  done: Array<[number, number]>;
  inFlight: number[];
  /** In flight in a batch: safe to send again in a batch under `importId`. */
  receipted?: number[];
  /** The id the batches of this file's import carry (RealEstateBatch's ImportId). */
  importId?: string;
}

const stateSchema = z.object({
  done: z.array(z.tuple([z.int(), z.int()])),
  inFlight: z.array(z.int()),
  receipted: z.optional(z.array(z.int())),
  importId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

const STORAGE_PREFIX = 'realty-bot-console.listings.import-progress.v1:';
/** How long a change may wait in memory before it is written (the progress on screen moves as often). */
export const SAVE_DELAY_MS = 250;

export function sentRowsKey(chatbotId: string, fileHash: string): string {
  return `${STORAGE_PREFIX}${chatbotId}:${fileHash}`;
}

export class SentRows {
  private readonly done: Array<[number, number]>;
  private readonly inFlight: Set<number>;
  private readonly receipted: Set<number>;
  private storedImportId: string | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly storage: Storage | null,
    private readonly key: string,
    state: SentRowsState = { done: [], inFlight: [] },
  ) {
    this.done = state.done.map(([first, last]) => [first, last]);
    this.inFlight = new Set(state.inFlight);
    this.receipted = new Set(state.receipted);
    this.storedImportId = state.importId;
  }

  static read(storage: Storage, key: string): SentRows {
    const parsed = stateSchema.safeParse(readStoredJson(storage, key));
    return new SentRows(storage, key, parsed.success ? parsed.data : undefined);
  }

  isDone(row: number): boolean {
    // Binary search over the sorted, disjoint ranges.
    let low = 0;
    let high = this.done.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [first, last] = this.done[middle]!;
      if (row < first) high = middle - 1;
      else if (row > last) low = middle + 1;
      else return true;
    }
    return false;
  }

  /** Rows that were on their way, one request each, when the last run was interrupted. */
  wasInFlight(row: number): boolean {
    return this.inFlight.has(row);
  }

  /** Rows that were on their way in a batch, under this file's import id, when the last run was interrupted. */
  wasSentWithReceipt(row: number): boolean {
    return this.receipted.has(row);
  }

  /** This file's import id: the stored one, or a new one stored before this returns. */
  importId(create: () => string): string {
    if (this.storedImportId === undefined) {
      this.storedImportId = create();
      this.flush();
    }
    return this.storedImportId;
  }

  get doneCount(): number {
    return this.done.reduce((count, [first, last]) => count + last - first + 1, 0);
  }

  get inFlightCount(): number {
    return this.inFlight.size + this.receipted.size;
  }

  /** With `storeNow`, the mark (and every change before it) is in storage when this returns. */
  markInFlight(row: number, { storeNow }: { storeNow: boolean }): void {
    this.inFlight.add(row);
    if (storeNow) this.flush();
    else this.saveSoon();
  }

  /** A batch's rows are on their way: one mark for all, stored before this returns with `storeNow`. */
  markSentWithReceipt(rows: readonly number[], { storeNow }: { storeNow: boolean }): void {
    for (const row of rows) this.receipted.add(row);
    if (storeNow) this.flush();
    else this.saveSoon();
  }

  /** The row's request was answered (created, updated or refused): it is not sent again. */
  markDone(row: number): void {
    this.inFlight.delete(row);
    this.receipted.delete(row);
    this.insertDone(row);
    this.saveSoon();
  }

  /** The row was never answered (stopped before or while retrying): send it next time. */
  release(row: number): void {
    this.inFlight.delete(row);
    this.receipted.delete(row);
    this.saveSoon();
  }

  /** Writes what is still only in memory (at the end of a run, before a reload). */
  flush(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.save();
  }

  state(): SentRowsState {
    return {
      done: this.done.map(([first, last]) => [first, last]),
      inFlight: [...this.inFlight],
      ...(this.receipted.size > 0 ? { receipted: [...this.receipted] } : {}),
      ...(this.storedImportId === undefined ? {} : { importId: this.storedImportId }),
    };
  }

  forget(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.storage) removeStored(this.storage, this.key);
  }

  private saveSoon(): void {
    this.saveTimer ??= setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  private insertDone(row: number): void {
    // Nearly always at or near the end: rows finish roughly in file order.
    let index = this.done.length;
    while (index > 0 && this.done[index - 1]![0] > row) index -= 1;
    const before = this.done[index - 1];
    if (before && row <= before[1]) return;
    const after = this.done[index];
    const joinsBefore = before !== undefined && before[1] === row - 1;
    const joinsAfter = after !== undefined && after[0] === row + 1;
    if (joinsBefore && joinsAfter) {
      before[1] = after[1];
      this.done.splice(index, 1);
    } else if (joinsBefore) before[1] = row;
    else if (joinsAfter) after[0] = row;
    else this.done.splice(index, 0, [row, row]);
  }

  private save(): void {
    if (this.storage) writeStoredJson(this.storage, this.key, this.state());
  }
}

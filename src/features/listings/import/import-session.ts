import { apiFetch } from '../../../api/client';
import type { BatchRequest } from '../../../api/contract';
import { sendListingBatch } from '../../../api/listings';
import { fetchAllListings } from '../export/fetch-all-listings';
import type { Listing } from '../parse-listing-row';
import { autoMapColumns, readRememberedMapping, rememberMapping, type ColumnMapping } from './column-mapping';
import { CsvWorkerClient, type LoadedFile, type Validation } from './csv-worker-client';
import { columnsOfMapping, issuesText, matchKeyOf, type MatchBy, type RowRequest } from './import-row';
import { PauseGate, runImport, type ImportFailure, type ImportOutcome, type ImportProgress } from './import-runner';
import { SentRows, sentRowsKey } from './sent-rows';

/**
 * One chatbot's import, kept above the routes (design: work that outlives a page): leaving the
 * listings page or closing the dialog does not stop it, and the dialog shows it again when
 * opened. The dialog is a view of this state; the file's rows live in the CSV worker.
 */

export interface ExistingKeys {
  MLSNumber: Set<string>;
  URL: Set<string>;
}

export interface RunState {
  progress: ImportProgress;
  paused: boolean;
  /** Working time so far (pauses left out), for rows/s and time left. */
  elapsedMs: number;
  alreadySent: number;
  cancelling: boolean;
}

export type ImportState =
  | { phase: 'empty'; error?: string }
  | { phase: 'loading'; fileName: string }
  | {
      phase: 'ready';
      fileName: string;
      file: LoadedFile;
      mapping: ColumnMapping;
      matchBy: MatchBy;
      /** null while the worker checks the rows again after a change. */
      validation: Validation | null;
      existing: ExistingKeys | 'loading' | { error: string };
      /** What an earlier, interrupted import of this same file already sent. */
      earlier: { done: number; inFlight: number };
      error?: string;
    }
  | { phase: 'running'; fileName: string; run: RunState }
  | { phase: 'done'; fileName: string; outcome: ImportOutcome; cancelled: boolean; invalid: number; failures: ImportFailure[] };

type ReadyState = Extract<ImportState, { phase: 'ready' }>;

const UNCERTAIN_REASON = 'Was being sent when an earlier import of this file stopped; it may have been created. Check before importing it again.';

/** How often the progress on screen changes: often enough to look live, rarely enough to cost nothing. */
const PROGRESS_INTERVAL_MS = 250;

function keysOf(listings: readonly Listing[]): ExistingKeys {
  const keys: ExistingKeys = { MLSNumber: new Set(), URL: new Set() };
  for (const listing of listings) {
    if (listing.MLSNumber) keys.MLSNumber.add(listing.MLSNumber);
    if (listing.Url) keys.URL.add(listing.Url);
  }
  return keys;
}

const NO_KEYS: ReadonlySet<string> = new Set();

export function existingKeysFor(existing: ExistingKeys, matchBy: MatchBy): ReadonlySet<string> {
  return matchBy === 'create' ? NO_KEYS : existing[matchBy];
}

/** How many valid rows would update a listing (the rest create one). */
export function countUpdates(validation: Validation, existing: ExistingKeys, matchBy: MatchBy): number {
  if (matchBy === 'create') return 0;
  const keys = existing[matchBy];
  let count = 0;
  for (const { fields } of validation.valid) if (keys.has(matchKeyOf(fields, matchBy))) count += 1;
  return count;
}

export function invalidRowFailures(validation: Validation): ImportFailure[] {
  return validation.invalid.map(({ row, issues }) => ({ row, reason: issuesText(issues) }));
}

async function sendRequest(request: RowRequest): Promise<unknown> {
  return request.kind === 'create' ? apiFetch('RealEstateCreate', request.request) : apiFetch('RealEstateUpdate', request.request);
}

/** Not passed the run's signal: a batch on its way when Cancel is pressed is answered and counted. */
const sendBatchRequest = (body: BatchRequest) => sendListingBatch(body);

function guardUnload(event: BeforeUnloadEvent): void {
  // The browser asks "Leave site?"; the rows sent so far are written down either way.
  event.preventDefault();
  event.returnValue = '';
}

export class ImportSession {
  private state: ImportState = { phase: 'empty' };
  private readonly listeners = new Set<() => void>();
  private worker: CsvWorkerClient | null = null;
  private validationId = 0;
  private controller: AbortController | null = null;
  private gate: PauseGate | null = null;

  constructor(
    readonly chatbotId: string,
    private readonly storage: Storage,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ImportState => this.state;

  private set(state: ImportState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  async chooseFile(file: File): Promise<void> {
    if (this.state.phase === 'running') return;
    this.worker?.terminate();
    const worker = new CsvWorkerClient();
    this.worker = worker;
    this.set({ phase: 'loading', fileName: file.name });
    const existing = fetchAllListings({ chatbotId: this.chatbotId, view: { page: 1, size: 100, city: '', saleType: '', mls: '' } }).then(keysOf);
    let loaded: LoadedFile;
    try {
      loaded = await worker.load(file);
    } catch (error) {
      if (this.worker === worker) this.set({ phase: 'empty', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (this.worker !== worker) return;
    const sent = SentRows.read(this.storage, sentRowsKey(this.chatbotId, loaded.hash));
    this.set({
      phase: 'ready',
      fileName: file.name,
      file: loaded,
      mapping: autoMapColumns(loaded.headers, readRememberedMapping(this.storage, this.chatbotId)),
      matchBy: 'MLSNumber',
      validation: null,
      existing: 'loading',
      earlier: { done: sent.doneCount, inFlight: sent.inFlightCount },
    });
    void existing.then(
      (keys) => this.patchReady({ existing: keys }),
      (error: unknown) => this.patchReady({ existing: { error: error instanceof Error ? error.message : String(error) } }),
    );
    await this.revalidate();
  }

  /** Bound, so the selects keep one handler and are not drawn again when the preview changes. */
  setMapping = (mapping: ColumnMapping): void => {
    if (this.state.phase !== 'ready') return;
    rememberMapping(this.storage, this.chatbotId, this.state.file.headers, mapping);
    this.patchReady({ mapping });
    void this.revalidate();
  };

  setMatchBy(matchBy: MatchBy): void {
    this.patchReady({ matchBy });
    void this.revalidate();
  }

  async start(onFinished: () => void): Promise<void> {
    const ready = this.state;
    if (ready.phase !== 'ready' || !ready.validation) return;
    const { validation, matchBy, fileName } = ready;
    this.lastReady = ready;
    const controller = new AbortController();
    const gate = new PauseGate();
    this.controller = controller;
    this.gate = gate;
    const run: RunState = { progress: { done: 0, total: validation.valid.length, created: 0, updated: 0, failed: 0 }, paused: false, elapsedMs: 0, alreadySent: 0, cancelling: false };
    this.set({ phase: 'running', fileName, run });
    window.addEventListener('beforeunload', guardUnload);

    let activeSince = performance.now();
    let workedMs = 0;
    const elapsed = () => workedMs + (gate.isPaused ? 0 : performance.now() - activeSince);
    let latest = run.progress;
    const publish = () => {
      if (this.state.phase !== 'running') return;
      this.set({ phase: 'running', fileName, run: { ...this.state.run, progress: latest, paused: gate.isPaused, elapsedMs: elapsed() } });
    };
    const ticker = setInterval(publish, PROGRESS_INTERVAL_MS);
    this.pauseClock = (paused) => {
      if (paused) workedMs += performance.now() - activeSince;
      else activeSince = performance.now();
      publish();
    };

    let storeOnLeave: (() => void) | null = null;
    try {
      // Fresh keys: a listing created since the preview (or by an interrupted run) is matched.
      const existing = matchBy === 'create' ? { MLSNumber: new Set<string>(), URL: new Set<string>() } : keysOf(
        await fetchAllListings({ chatbotId: this.chatbotId, view: { page: 1, size: 100, city: '', saleType: '', mls: '' }, signal: controller.signal }),
      );
      const sentRows = SentRows.read(this.storage, sentRowsKey(this.chatbotId, ready.file.hash));
      // What is sent is written down a little later; a page that goes away writes it first.
      storeOnLeave = () => sentRows.flush();
      window.addEventListener('pagehide', storeOnLeave);
      const outcome = await runImport({
        chatbotId: this.chatbotId,
        rows: validation.valid,
        matchBy,
        existingKeys: existingKeysFor(existing, matchBy),
        columns: columnsOfMapping(ready.mapping),
        sentRows,
        send: sendRequest,
        sendBatch: sendBatchRequest,
        signal: controller.signal,
        gate,
        onProgress: (progress) => {
          latest = progress;
        },
      });
      const failures = [
        ...invalidRowFailures(validation),
        ...outcome.failures,
        ...outcome.uncertain.map((row) => ({ row, reason: UNCERTAIN_REASON })),
      ].sort((a, b) => a.row - b.row);
      this.set({ phase: 'done', fileName, outcome, cancelled: controller.signal.aborted, invalid: validation.invalid.length, failures });
    } catch (error) {
      this.set({ ...ready, error: controller.signal.aborted ? undefined : `The import could not start: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      clearInterval(ticker);
      window.removeEventListener('beforeunload', guardUnload);
      if (storeOnLeave) window.removeEventListener('pagehide', storeOnLeave);
      this.controller = null;
      this.gate = null;
      onFinished();
    }
  }

  private pauseClock: (paused: boolean) => void = () => undefined;
  private lastReady: ReadyState | null = null;

  pause(): void {
    if (!this.gate || this.gate.isPaused) return;
    this.gate.pause();
    this.pauseClock(true);
  }

  resume(): void {
    if (!this.gate?.isPaused) return;
    this.gate.resume();
    this.pauseClock(false);
  }

  cancel(): void {
    this.controller?.abort();
    if (this.state.phase === 'running') this.set({ ...this.state, run: { ...this.state.run, cancelling: true } });
  }

  failedRowsCsv(failures: ImportFailure[]): Promise<string> {
    if (!this.worker) return Promise.reject(new Error('The file is no longer open; import it again to get its failed rows.'));
    return this.worker.failedRowsCsv(failures);
  }

  /** Back to the start (a new file); nothing under way is dropped. */
  reset(): void {
    if (this.state.phase === 'running') return;
    this.worker?.terminate();
    this.worker = null;
    this.set({ phase: 'empty' });
  }

  get isRunning(): boolean {
    return this.state.phase === 'running';
  }

  /** After Cancel: the same file again, its sent rows to be skipped. */
  continueFile(): void {
    const ready = this.lastReady;
    if (this.state.phase !== 'done' || !ready) return;
    const sent = SentRows.read(this.storage, sentRowsKey(this.chatbotId, ready.file.hash));
    this.set({ ...ready, error: undefined, earlier: { done: sent.doneCount, inFlight: sent.inFlightCount } });
  }

  private patchReady(patch: Partial<ReadyState>): void {
    if (this.state.phase === 'ready') this.set({ ...this.state, ...patch });
  }

  private async revalidate(): Promise<void> {
    if (this.state.phase !== 'ready' || !this.worker) return;
    const id = ++this.validationId;
    const { mapping, matchBy } = this.state;
    this.patchReady({ validation: null });
    try {
      const validation = await this.worker.validate(mapping, matchBy);
      if (id === this.validationId) this.patchReady({ validation });
    } catch (error) {
      if (id === this.validationId) this.patchReady({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}

const sessions = new Map<string, ImportSession>();

export function importSessionOf(chatbotId: string): ImportSession {
  let session = sessions.get(chatbotId);
  if (!session) {
    session = new ImportSession(chatbotId, window.localStorage);
    sessions.set(chatbotId, session);
  }
  return session;
}

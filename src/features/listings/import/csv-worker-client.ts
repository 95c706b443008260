import type { ColumnMapping } from './column-mapping';
import type { WorkerAnswer, WorkerRequest } from './csv-worker-protocol';
import type { MatchBy } from './import-row';
import type { ImportFailure } from './import-runner';
import type { InvalidRow, ValidRow } from './validate-file';

export interface LoadedFile {
  hash: string;
  headers: string[];
  rowCount: number;
}

export interface Validation {
  valid: ValidRow[];
  invalid: InvalidRow[];
}

/** An answer, with the valid rows that came in slices before it (for `validate`). */
interface Answered {
  answer: WorkerAnswer;
  validRows: ValidRow[];
}

type Pending = { resolve: (answered: Answered) => void; reject: (error: Error) => void; validRows: ValidRow[] };

/** The page's side of the CSV worker: one promise per question. */
export class CsvWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    this.worker = new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module', name: 'listings-import-csv' });
    this.worker.onmessage = (event: MessageEvent<WorkerAnswer>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      for (const entry of this.pending.values()) entry.reject(new Error('The file reader stopped: reload the page and try again.'));
      this.pending.clear();
    };
  }

  async load(file: File): Promise<LoadedFile> {
    const { answer } = await this.ask({ type: 'load', id: 0, file });
    if (answer.type !== 'loaded') throw new Error('Unexpected answer from the file reader.');
    return { hash: answer.hash, headers: answer.headers, rowCount: answer.rowCount };
  }

  async validate(mapping: ColumnMapping, matchBy: MatchBy): Promise<Validation> {
    const { answer, validRows } = await this.ask({ type: 'validate', id: 0, mapping, matchBy });
    if (answer.type !== 'validated') throw new Error('Unexpected answer from the file reader.');
    return { valid: validRows, invalid: answer.invalid };
  }

  async failedRowsCsv(failures: ImportFailure[]): Promise<string> {
    const { answer } = await this.ask({ type: 'failed-csv', id: 0, failures });
    if (answer.type !== 'failed-csv') throw new Error('Unexpected answer from the file reader.');
    return answer.text;
  }

  terminate(): void {
    this.worker.terminate();
    for (const entry of this.pending.values()) entry.reject(new Error('The import was closed.'));
    this.pending.clear();
  }

  private ask(request: WorkerRequest): Promise<Answered> {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, validRows: [] });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(answer: WorkerAnswer): void {
    const entry = this.pending.get(answer.id);
    if (!entry) return;
    if (answer.type === 'valid-rows') {
      for (const row of answer.rows) entry.validRows.push(row);
      return;
    }
    this.pending.delete(answer.id);
    if (answer.type === 'error') entry.reject(new Error(answer.message));
    else entry.resolve({ answer, validRows: entry.validRows });
  }
}

import type { ColumnMapping } from './column-mapping';
import type { MatchBy } from './import-row';
import type { ImportFailure } from './import-runner';
import type { InvalidRow, ValidRow } from './validate-file';

/** What the page asks the CSV worker (`csv-worker.ts`), which holds the file's rows. */
export type WorkerRequest =
  | { type: 'load'; id: number; file: File }
  | { type: 'validate'; id: number; mapping: ColumnMapping; matchBy: MatchBy }
  | { type: 'failed-csv'; id: number; failures: ImportFailure[] };

/** Rows go over in slices, so the page never spends long taking in one message. */
export const ROWS_PER_MESSAGE = 500;

export type WorkerAnswer =
  | { type: 'loaded'; id: number; hash: string; headers: string[]; rowCount: number }
  | { type: 'valid-rows'; id: number; rows: ValidRow[] }
  | { type: 'validated'; id: number; invalid: InvalidRow[] }
  | { type: 'failed-csv'; id: number; text: string }
  | { type: 'error'; id: number; message: string };

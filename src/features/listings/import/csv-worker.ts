/**
 * The import's CSV work, off the page's thread: reading and parsing the file, checking every
 * row with the listing form's schema, writing the failed rows. The rows stay here; the page
 * gets the checked listing fields in slices of ROWS_PER_MESSAGE.
 */
import { contentHash, CsvFileError, failedRowsCsv, MAX_FILE_BYTES, parseCsvText, type CsvTable } from './csv-file';
import { ROWS_PER_MESSAGE, type WorkerAnswer, type WorkerRequest } from './csv-worker-protocol';
import { validateRows } from './validate-file';

const scope = globalThis as unknown as {
  postMessage: (message: WorkerAnswer) => void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

let table: CsvTable = { headers: [], rows: [] };

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case 'load': {
      if (request.file.size > MAX_FILE_BYTES) {
        throw new CsvFileError(`The file is ${Math.round(request.file.size / 1024 / 1024)} MB; at most ${MAX_FILE_BYTES / 1024 / 1024} MB is read.`);
      }
      const text = await request.file.text();
      table = parseCsvText(text);
      scope.postMessage({ type: 'loaded', id: request.id, hash: contentHash(text), headers: table.headers, rowCount: table.rows.length });
      return;
    }
    case 'validate': {
      const verdict = validateRows(table.rows, request.mapping, request.matchBy);
      for (let start = 0; start < verdict.valid.length; start += ROWS_PER_MESSAGE) {
        scope.postMessage({ type: 'valid-rows', id: request.id, rows: verdict.valid.slice(start, start + ROWS_PER_MESSAGE) });
      }
      scope.postMessage({ type: 'validated', id: request.id, invalid: verdict.invalid });
      return;
    }
    case 'failed-csv':
      scope.postMessage({ type: 'failed-csv', id: request.id, text: failedRowsCsv(table, request.failures) });
  }
}

scope.onmessage = (event) => {
  handle(event.data).catch((error: unknown) => {
    const message = error instanceof CsvFileError ? error.message : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`;
    scope.postMessage({ type: 'error', id: event.data.id, message });
  });
};

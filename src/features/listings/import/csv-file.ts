import { parse } from 'papaparse';
import { csvText } from '../export/listing-csv';
import type { ImportFailure } from './import-runner';
import { rowNumberOf } from './validate-file';

/** The largest file read: far above 10,000 listings, far below what would exhaust a tab. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_ROWS = 100_000;

export interface CsvTable {
  headers: string[];
  /** The data rows, each as long as the header (short rows padded, extra cells dropped). */
  rows: string[][];
}

export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
}

/** Reads the CSV text (a byte-order mark from a spreadsheet is dropped) into a header and rows. */
export function parseCsvText(text: string): CsvTable {
  const parsed = parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw new CsvFileError(`The file is not valid CSV: a quoted cell is not closed (row ${(quoteError.row ?? 0) + 1}).`);
  }
  const [header, ...data] = parsed.data;
  const headers = (header ?? []).map((cell) => cell.trim());
  if (headers.every((cell) => cell === '')) throw new CsvFileError('The file has no header row: its first line should name the columns.');
  if (data.length > MAX_ROWS) throw new CsvFileError(`The file has ${data.length.toLocaleString('en-US')} rows; at most ${MAX_ROWS.toLocaleString('en-US')} are imported at once. Split it into smaller files.`);
  const rows = data.map((cells) => headers.map((_, index) => cells[index] ?? ''));
  // papaparse gives a trailing line break an empty row.
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell === '')) rows.pop();
  return { headers, rows };
}

/**
 * Names a file by its content (cyrb53, 53 bits, plus its length): the same file dropped again
 * resumes where it stopped; an edited one is a new file. Not for security, only for telling
 * files apart, and it needs no secure context (crypto.subtle does).
 */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(36)}-${text.length.toString(36)}`;
}

export const REASON_COLUMN = 'Reason';

/**
 * The rows that did not make it, as they were in the file, with a last column saying why:
 * fixed and imported again, they go in alone (the Reason column maps to nothing).
 */
export function failedRowsCsv(table: CsvTable, failures: readonly ImportFailure[]): string {
  const byRow = [...failures].sort((a, b) => a.row - b.row);
  return csvText(
    [...table.headers, REASON_COLUMN],
    byRow.map(({ row, reason }) => [...(table.rows[row - rowNumberOf(0)] ?? table.headers.map(() => '')), reason]),
  );
}

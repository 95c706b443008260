import type { ListingFields } from '../form/listing-form-schema';
import type { ColumnMapping } from './column-mapping';
import { checkRow, matchKeyOf, type MatchBy, type RowIssue } from './import-row';

/**
 * A row's number is the one a spreadsheet shows for it: the header is row 1, the first
 * listing row 2. Rows with nothing in them are left out (a trailing line break) but keep
 * their number, so every later row still matches the spreadsheet.
 */
export const rowNumberOf = (dataIndex: number) => dataIndex + 2;

export interface ValidRow {
  row: number;
  fields: ListingFields;
}

export interface InvalidRow {
  row: number;
  issues: RowIssue[];
}

export interface FileVerdict {
  valid: ValidRow[];
  invalid: InvalidRow[];
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Checks every row, and, when rows are matched by a key, that no two rows share one: the
 * second would update (or create a twin of) the listing the first just wrote.
 */
export function validateRows(rows: readonly (readonly string[])[], mapping: ColumnMapping, matchBy: MatchBy): FileVerdict {
  const verdict: FileVerdict = { valid: [], invalid: [] };
  const firstRowOfKey = new Map<string, number>();
  rows.forEach((cells, index) => {
    if (isBlankRow(cells)) return;
    const row = rowNumberOf(index);
    const checked = checkRow(cells, mapping);
    if (!checked.ok) {
      verdict.invalid.push({ row, issues: checked.issues });
      return;
    }
    if (matchBy !== 'create') {
      const key = matchKeyOf(checked.fields, matchBy);
      const first = firstRowOfKey.get(key);
      if (first !== undefined) {
        const field = matchBy === 'MLSNumber' ? 'MLSNumber' : 'Url';
        verdict.invalid.push({ row, issues: [{ field, message: `is the same as row ${first}'s; each listing may appear once` }] });
        return;
      }
      firstRowOfKey.set(key, row);
    }
    verdict.valid.push({ row, fields: checked.fields });
  });
  return verdict;
}

import type * as z from 'zod/mini';
import { listingFieldsShape, type CreateListingRequest, type UpdateListingRequest } from '../../../api/contract';
import {
  emptyListingFormValues,
  fieldsShownForEdit,
  listingFormSchema,
  toCreateListingRequest,
  toUpdateListingRequest,
  type ListingFieldName,
  type ListingFields,
  type ListingFormValues,
} from '../form/listing-form-schema';
import { parseExtensionColumn, parseImageList, parseNumberText } from '../parse-listing-row';
import { IMPORT_FIELDS, type ColumnMapping } from './column-mapping';

/**
 * One data row of an imported file becomes what the listing form would hold for it: a new
 * listing's values with the file's cells typed in, checked by the form's own schema. A field
 * with no column keeps the new-listing default (Active, $, Square Feet); a column that is
 * there but blank is blank, and a required field then says so.
 */

/** The fields the interface types as numbers (the contract says which), read from text here. */
const NUMBER_FIELDS = new Set<ListingFieldName>(
  IMPORT_FIELDS.filter((field) => {
    // zod's core definition, which the contract's zod/mini schemas and classic ones share.
    const { def } = listingFieldsShape[field]._zod;
    const inner = def.type === 'optional' ? (def as z.core.$ZodOptionalDef).innerType._zod.def : def;
    return inner.type === 'number';
  }),
);

/** The export writes `'` before text starting like a formula; reading takes it off again. */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

export function unescapedCell(cell: string | undefined): string {
  return (cell ?? '').replace(ESCAPED_FORMULA, '');
}

export function formValuesOfRow(cells: readonly string[], mapping: ColumnMapping): ListingFormValues {
  const values: ListingFormValues = emptyListingFormValues();
  const record = values as Record<ListingFieldName, unknown>;
  mapping.forEach((field, index) => {
    if (field === null) return;
    const text = unescapedCell(cells[index]);
    if (field === 'Images') values.Images = parseImageList(text).map((url) => ({ url }));
    else if (field === 'ExtensionColumn') values.ExtensionColumn = parseExtensionColumn(text);
    // "1,250,000" is a number to a person; text that is none is left for the schema to name.
    else if (NUMBER_FIELDS.has(field)) record[field] = parseNumberText(text) ?? text.trim();
    else record[field] = text.trim();
  });
  return values;
}

export interface RowIssue {
  /** The interface's field name (`Bedrooms`), as the file's header usually is. */
  field: string;
  message: string;
}

/** "Bedrooms: must be a whole number; Url: is required". */
export function issuesText(issues: readonly RowIssue[]): string {
  return issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
}

export type CheckedRow = { ok: true; fields: ListingFields } | { ok: false; issues: RowIssue[] };

export function checkRow(cells: readonly string[], mapping: ColumnMapping): CheckedRow {
  const result = listingFormSchema.safeParse(formValuesOfRow(cells, mapping));
  if (result.success) return { ok: true, fields: result.data };
  const issues = result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'row'), message: issue.message }));
  // One line per field: Images.3 and Images.7 both say "Images".
  const seen = new Set<string>();
  return { ok: false, issues: issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field)) };
}

/** How a row finds the listing it updates; `create` always adds a new one. */
export type MatchBy = 'MLSNumber' | 'URL' | 'create';

export function matchKeyOf(fields: Pick<ListingFields, 'MLSNumber' | 'Url'>, matchBy: Exclude<MatchBy, 'create'>): string {
  return matchBy === 'MLSNumber' ? fields.MLSNumber : fields.Url;
}

export type RowRequest = { kind: 'create'; request: CreateListingRequest } | { kind: 'update'; request: UpdateListingRequest };

/** What turns a checked row into its request: the chatbot, the upsert rule and the file's columns. */
export interface RowRequestRule {
  chatbotId: string;
  matchBy: MatchBy;
  /** The keys (MLS numbers or URLs, as `matchBy` says) of the listings already there. */
  existingKeys: ReadonlySet<string>;
  /** The fields the file has a column for: only those can be cleared by a blank cell. */
  columns: ReadonlySet<ListingFieldName>;
}

/** The fields the file has a column for, from the column mapping. */
export function columnsOfMapping(mapping: ColumnMapping): ReadonlySet<ListingFieldName> {
  return new Set(mapping.filter((field) => field !== null));
}

/**
 * The upsert rule: a row whose key (MLS number or URL) an existing listing has is an update
 * by that key; any other row, and every row under "always create", is a create. An update
 * clears an optional field whose cell is blank, and keeps one the file has no column for, so
 * a file of just MLS numbers and statuses changes the statuses and nothing else of a listing.
 */
export function requestOfRow(fields: ListingFields, rule: RowRequestRule): RowRequest {
  const { chatbotId, matchBy, existingKeys, columns } = rule;
  if (matchBy !== 'create') {
    const key = matchKeyOf(fields, matchBy);
    if (existingKeys.has(key)) {
      const shown = fieldsShownForEdit(fields.SaleType, columns.has('Location')).filter((field) => columns.has(field));
      return { kind: 'update', request: toUpdateListingRequest(chatbotId, fields, { KeyType: matchBy, Key: key }, shown) };
    }
  }
  return { kind: 'create', request: toCreateListingRequest(chatbotId, fields) };
}

import { unparse } from 'papaparse';
import type { Listing } from '../parse-listing-row';

/**
 * The listings CSV: a header row of the interface's field names (section 2.4, plus the list's
 * ID, which is the PlatformId key), one listing a row. Numbers are plain (1250000, 2.5), blank
 * when unknown. Images and ExtensionColumn are JSON text, exactly as the list operation gives
 * them (`["https://…"]`, `[{"Key":"Pool","value":"Heated"}]`), so a file exported here reads
 * back to the same values. Location is written only when the service's list gives it
 * (withoutUnknownFields): a blank column read back would clear what was never exported.
 */
export const CSV_FIELDS = [
  'ID',
  'SaleType',
  'Status',
  'CurrencySymbol',
  'PropertyType',
  'Bedrooms',
  'Bathrooms',
  'Url',
  'MLSNumber',
  'YearBuilt',
  'DaysOnMarket',
  'LotArea',
  'BuildingArea',
  'AreaUnit',
  'ParkingSpots',
  'Images',
  'Tours',
  'Description',
  'ExtensionColumn',
  'Location',
  'Address',
  'City',
  'State',
  'ZIP',
  'Latitude',
  'Longitude',
  'SalePrice',
  'UnitAreaPrice',
  'HOAMonth',
  'EstimatePrice',
  'RentPrice',
  'SpaceType',
  'DepositFee',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** The fields behind each table column; the ID is always written, so a row can be matched back. */
const FIELDS_OF_COLUMN: Record<string, readonly CsvField[]> = {
  photo: ['Images'],
  address: ['Address'],
  city: ['City'],
  state: ['State'],
  zip: ['ZIP'],
  price: ['CurrencySymbol', 'SalePrice', 'RentPrice'],
  bedrooms: ['Bedrooms'],
  bathrooms: ['Bathrooms'],
  area: ['BuildingArea', 'AreaUnit'],
  status: ['Status'],
  saleType: ['SaleType'],
  propertyType: ['PropertyType'],
  mlsNumber: ['MLSNumber'],
  daysOnMarket: ['DaysOnMarket'],
};

/** The fields of the shown columns, in the file's usual order. */
export function csvFieldsOfColumns(columnIds: readonly string[]): CsvField[] {
  const wanted = new Set<CsvField>(['ID']);
  for (const id of columnIds) for (const field of FIELDS_OF_COLUMN[id] ?? []) wanted.add(field);
  return CSV_FIELDS.filter((field) => wanted.has(field));
}

/** The fields without those the service's list does not give (judged by a page of its listings). */
export function withoutUnknownFields(fields: readonly CsvField[], listings: readonly Listing[]): CsvField[] {
  const locationKnown = listings.length === 0 || listings.some((listing) => listing.Location !== undefined);
  return fields.filter((field) => field !== 'Location' || locationKnown);
}

function cell(listing: Listing, field: CsvField): string {
  switch (field) {
    case 'Images':
      return listing.Images.length === 0 ? '' : JSON.stringify(listing.Images);
    case 'ExtensionColumn':
      return listing.ExtensionColumn.length === 0 ? '' : JSON.stringify(listing.ExtensionColumn);
    case 'AreaUnit':
      return listing.AreaUnit ?? '';
    default: {
      const value = listing[field];
      if (value === null || value === undefined) return '';
      return String(value);
    }
  }
}

export const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

export function listingCsvRow(listing: Listing, fields: readonly CsvField[]): string[] {
  return fields.map((field) => cell(listing, field));
}

/** The CSV text: header row, then one row per listing; CRLF line ends, as spreadsheets expect. */
export function listingsCsv(listings: readonly Listing[], fields: readonly CsvField[]): string {
  return csvText(fields, listings.map((listing) => listingCsvRow(listing, fields)));
}

/**
 * The file in parts, a page of listings at a time, so 100,000 listings are never one long
 * task: the header line, then each page's rows (CRLF after each line but the last, as one
 * unparse of the whole would write).
 */
export function listingsCsvHeader(fields: readonly CsvField[]): string {
  // papaparse ends a header with no rows with a line break; the rows bring their own.
  return csvText(fields, []).replace(/\r\n$/, '');
}

export function listingsCsvRows(listings: readonly Listing[], fields: readonly CsvField[]): string {
  let text = '';
  for (const listing of listings) {
    text += '\r\n';
    for (let index = 0; index < fields.length; index += 1) {
      if (index > 0) text += ',';
      text += csvCell(cell(listing, fields[index]!));
    }
  }
  return text;
}

/** What papaparse quotes besides a formula: a quote, a line break, the delimiter, a byte-order mark, a space at either end. */
const NEEDS_QUOTES = /[\r\n",\uFEFF]|^ | $/;
const QUOTES = /"/g;

/**
 * One cell exactly as papaparse's unparse writes a text cell with csvText's options (checked
 * against it in listing-csv.test.ts): an export writes 3.3 million cells, and unparse's
 * general path (its per-cell checks for dates, numbers, quote options) was 9 % of the page's
 * time in an export (docs/performance.md).
 */
export function csvCell(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(QUOTES, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTES, '""')}"` : value;
}

/** Any table as this console writes CSV (the listings, an import's failed rows). */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    // Text starting with = + - @ is written with a leading ' so a spreadsheet shows it instead of
    // running it as a formula; a negative number (a longitude) is left as it is. Import takes
    // the ' off again (import/import-row.ts).
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

import { listingRowOf } from '../../../api/contract';
import { demoListings } from '../../../demo-data';
import { CSV_FIELDS, listingsCsv } from '../export/listing-csv';
import { RENT_ONLY_FIELDS, SALE_ONLY_FIELDS } from '../form/listing-form-schema';
import { parseListingRow } from '../parse-listing-row';
import { autoMapColumns } from './column-mapping';
import { contentHash, CsvFileError, failedRowsCsv, parseCsvText, REASON_COLUMN } from './csv-file';
import { requestOfRow } from './import-row';
import { validateRows } from './validate-file';

describe('export → import round trip', () => {
  it('reads an exported file back into the same requests the listings were created with', () => {
    const originals = demoListings('round-trip-bot', 60).map((listing, index) => ({ ...listing, Description: index === 0 ? 'Says "hi",\nthen =1+1' : listing.Description }));
    const listings = originals.map((request, index) => parseListingRow(listingRowOf(request, index + 1)));
    const text = listingsCsv(listings, CSV_FIELDS);

    const table = parseCsvText(`\uFEFF${text}`);
    const { valid, invalid } = validateRows(table.rows, autoMapColumns(table.headers), 'create');
    expect(invalid).toEqual([]);
    const requests = valid.map(({ fields }) => requestOfRow(fields, { chatbotId: 'round-trip-bot', matchBy: 'create', existingKeys: new Set(), columns: new Set() }).request);
    // Location comes back as it went; blank texts are sent as blank; the other sale type's
    // fields are left out, as the listing form leaves them out.
    expect(originals.some((listing) => listing.Location)).toBe(true);
    const expected = originals.map((request) => {
      const otherType = request.SaleType === 'for_rent' ? SALE_ONLY_FIELDS : RENT_ONLY_FIELDS;
      const fields: Record<string, unknown> = { Address: '', City: '', State: '', ZIP: '', Images: [], ExtensionColumn: [], ...request };
      for (const field of otherType) delete fields[field];
      return fields;
    });
    expect(requests).toEqual(expected);
  });
});

describe('parseCsvText', () => {
  it('pads short rows, drops the trailing empty line and keeps blank lines’ numbering', () => {
    expect(parseCsvText('A,B\r\n1\r\n\r\n3,4\r\n')).toEqual({ headers: ['A', 'B'], rows: [['1', ''], ['', ''], ['3', '4']] });
  });

  it('says what is wrong with a file that is not CSV', () => {
    expect(() => parseCsvText('')).toThrow(CsvFileError);
    expect(() => parseCsvText('A,B\r\n"open,1\r\n')).toThrow(/quoted cell is not closed/);
  });
});

describe('the failed-rows CSV', () => {
  it('has the file’s own columns and cells for each failed row, and the reason last', () => {
    const table = parseCsvText('MLSNumber,Beds,Address\r\nA1,3,1 Main St\r\nA2,two,"2 Oak St, Apt 4"\r\nA3,1,=cmd\r\n');
    const text = failedRowsCsv(table, [
      { row: 4, reason: 'Address: refused by the service' },
      { row: 3, reason: 'Bedrooms: must be a number' },
    ]);
    expect(text.split('\r\n')).toEqual([
      `MLSNumber,Beds,Address,${REASON_COLUMN}`,
      'A2,two,"2 Oak St, Apt 4",Bedrooms: must be a number',
      // Formula-like text goes out quoted, as the export writes it; import takes the quote off.
      `A3,1,"'=cmd",Address: refused by the service`,
    ]);
    // Imported again, the Reason column maps to nothing.
    expect(autoMapColumns(parseCsvText(text).headers)).toEqual(['MLSNumber', 'Bedrooms', 'Address', null]);
  });
});

describe('contentHash', () => {
  it('is the same for the same text and differs for an edited one', () => {
    expect(contentHash('a,b\r\n1,2')).toBe(contentHash('a,b\r\n1,2'));
    expect(contentHash('a,b\r\n1,2')).not.toBe(contentHash('a,b\r\n1,3'));
  });
});

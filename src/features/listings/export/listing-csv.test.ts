import { parse, unparse } from 'papaparse';
import { createListingRow } from '../../../demo-data';
import { parseExtensionColumn, parseImageList, parseListingRow, parseNumberText } from '../parse-listing-row';
import { CSV_FIELDS, csvCell, csvFieldsOfColumns, FORMULA_START, listingCsvRow, listingsCsv, listingsCsvHeader, listingsCsvRows, withoutUnknownFields } from './listing-csv';

const listing = parseListingRow(
  createListingRow(
    {
      SaleType: 'for_sale',
      Status: 'PreOnMarket',
      Address: '12 Lamar Blvd, Unit 4B',
      City: 'Austin',
      Description: 'Bright corner unit, "as is".\nNew roof.',
      Images: ['https://img.example.com/a.jpg', 'https://img.example.com/b,c.jpg'],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated; salt water' }],
      SalePrice: 1_250_000,
      Bathrooms: 2.5,
      Latitude: 30.26,
      Longitude: -97.74,
    },
    77,
  ),
);

describe('listing → CSV', () => {
  it('writes a row of the interface’s fields: numbers plain, lists as JSON, unknown as blank', () => {
    const row = Object.fromEntries(CSV_FIELDS.map((field, index) => [field, listingCsvRow(listing, CSV_FIELDS)[index]]));
    expect(row).toMatchObject({
      ID: '77',
      Status: 'PreOnMarket',
      Address: '12 Lamar Blvd, Unit 4B',
      SalePrice: '1250000',
      Bathrooms: '2.5',
      Longitude: '-97.74',
      Images: '["https://img.example.com/a.jpg","https://img.example.com/b,c.jpg"]',
      ExtensionColumn: '[{"Key":"Pool","value":"Heated; salt water"}]',
      RentPrice: '',
    });
  });

  it('reads back to the same values, quotes, commas and line breaks included', () => {
    const text = listingsCsv([listing], CSV_FIELDS);
    expect(text.split('\r\n')[0]).toBe(CSV_FIELDS.join(','));
    const parsed = parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [row] = parsed.data;
    expect(row!.Description).toBe(listing.Description);
    expect(parseImageList(row!.Images)).toEqual(listing.Images);
    expect(parseExtensionColumn(row!.ExtensionColumn)).toEqual(listing.ExtensionColumn);
    expect(parseNumberText(row!.SalePrice)).toBe(listing.SalePrice);
    expect(parseNumberText(row!.Longitude)).toBe(listing.Longitude);
    expect(row!.AreaUnit).toBe(listing.AreaUnit);
  });

  it('keeps a spreadsheet from running text as a formula, but not a negative number', () => {
    const text = listingsCsv([{ ...listing, Address: '=HYPERLINK("http://evil")' }], ['ID', 'Address', 'Longitude']);
    expect(text.split('\r\n')[1]).toBe(`77,"'=HYPERLINK(""http://evil"")",-97.74`);
  });

  it('writes the fields of the shown columns, with the ID always', () => {
    expect(csvFieldsOfColumns(['address', 'price', 'area', 'retired-column'])).toEqual([
      'ID',
      'CurrencySymbol',
      'BuildingArea',
      'AreaUnit',
      'Address',
      'SalePrice',
      'RentPrice',
    ]);
  });

  it('writes Location when the service’s list gives it, and leaves the column out when it does not', () => {
    expect(withoutUnknownFields(CSV_FIELDS, [listing])).toContain('Location');
    const { Location: _location, ...rowWithout } = createListingRow({ Location: 'Capitol Hill' }, 78);
    const fromHosted = parseListingRow(rowWithout);
    // A blank Location column read back by the import would clear what was never exported.
    expect(withoutUnknownFields(CSV_FIELDS, [fromHosted])).not.toContain('Location');
    expect(withoutUnknownFields(CSV_FIELDS, [fromHosted])).toHaveLength(CSV_FIELDS.length - 1);
  });
});

describe('the CSV in parts', () => {
  it('is, page after page, the same text as written at once', () => {
    const listings = [listing, { ...listing, ID: 78, Address: '=cmd' }, { ...listing, ID: 79 }];
    const parts = [listingsCsvHeader(CSV_FIELDS), listingsCsvRows(listings.slice(0, 2), CSV_FIELDS), listingsCsvRows([], CSV_FIELDS), listingsCsvRows(listings.slice(2), CSV_FIELDS)];
    expect(parts.join('')).toBe(listingsCsv(listings, CSV_FIELDS));
  });
});

describe('csvCell', () => {
  // The export writes its rows with csvCell instead of papaparse (docs/performance.md): every
  // text of up to three characters from those that matter to quoting and formulae, and a few
  // longer ones, must come out as papaparse writes it with the same options as csvText.
  it('writes every cell exactly as papaparse does', () => {
    const alphabet = ['=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', '\uFEFF', "'", 'a', '1', '.', ';'];
    const texts = [''];
    for (let length = 1; length <= 3; length += 1) {
      for (const text of texts.filter((known) => known.length === length - 1)) for (const character of alphabet) texts.push(text + character);
    }
    texts.push('-97.74', '-12', '-1.', '-.5', '- 3', '1,250,000', 'Bright corner unit, "as is".\nNew roof.', '["https://a.jpg","https://b,c.jpg"]', 'élan — “quotes”');
    const options = { escapeFormulae: FORMULA_START, newline: '\r\n' };
    const mismatches = texts.filter((text) => csvCell(text) !== unparse([[text]], options));
    expect(texts.length).toBeGreaterThan(4000);
    expect(mismatches).toEqual([]);
  });
});

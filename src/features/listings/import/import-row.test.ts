import { createListing } from '../../../demo-data';
import { autoMapColumns } from './column-mapping';
import { checkRow, columnsOfMapping, formValuesOfRow, requestOfRow, type RowRequestRule } from './import-row';

const HEADERS = ['MLSNumber', 'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Beds', 'Baths', 'Url', 'YearBuilt', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots', 'Address', 'City', 'Price', 'Images', 'ExtensionColumn'];
const mapping = autoMapColumns(HEADERS);

function rule(matchBy: RowRequestRule['matchBy'], existing: readonly string[]): RowRequestRule {
  return { chatbotId: 'demo-bot', matchBy, existingKeys: new Set(existing), columns: columnsOfMapping(mapping) };
}

function cells(overrides: Record<string, string> = {}): string[] {
  const row: Record<string, string> = {
    MLSNumber: 'TX-1001',
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Condo',
    Beds: '3',
    Baths: '2.5',
    Url: 'https://listings.example.com/tx-1001',
    YearBuilt: '1998',
    DaysOnMarket: '12',
    LotArea: '5,000',
    BuildingArea: '1850',
    AreaUnit: 'Square Feet',
    ParkingSpots: '2',
    Address: '12 Lamar Blvd',
    City: 'Austin',
    Price: '1,250,000',
    Images: '["https://img.example.com/a.jpg","https://img.example.com/b.jpg"]',
    ExtensionColumn: '[{"Key":"Pool","value":"Heated"}]',
    ...overrides,
  };
  return HEADERS.map((header) => row[header]!);
}

const expectedFields = {
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  PropertyType: 'Condo',
  Bedrooms: 3,
  Bathrooms: 2.5,
  Url: 'https://listings.example.com/tx-1001',
  MLSNumber: 'TX-1001',
  YearBuilt: 1998,
  DaysOnMarket: 12,
  LotArea: 5000,
  BuildingArea: 1850,
  AreaUnit: 'Square Feet',
  ParkingSpots: 2,
  Images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
  ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
  Description: '',
  Address: '12 Lamar Blvd',
  City: 'Austin',
  State: '',
  ZIP: '',
  SalePrice: 1_250_000,
};

describe('a row → the request it sends', () => {
  it('is a RealEstateCreate with the form’s fields when nothing matches', () => {
    const checked = checkRow(cells(), mapping);
    expect(checked).toEqual({ ok: true, fields: expectedFields });
    if (!checked.ok) return;
    expect(requestOfRow(checked.fields, rule('MLSNumber', ['TX-9999']))).toEqual({
      kind: 'create',
      request: { SerialNumber: 'demo-bot', ...expectedFields },
    });
  });

  it('is a RealEstateUpdate by MLS number, or by URL, when a listing has that key', () => {
    const checked = checkRow(cells(), mapping);
    if (!checked.ok) throw new Error('row should be valid');
    expect(requestOfRow(checked.fields, rule('MLSNumber', ['TX-1001']))).toEqual({
      kind: 'update',
      request: { SerialNumber: 'demo-bot', ...expectedFields, Key: 'TX-1001', KeyType: 'MLSNumber' },
    });
    expect(requestOfRow(checked.fields, rule('URL', ['https://listings.example.com/tx-1001']))).toEqual({
      kind: 'update',
      request: { SerialNumber: 'demo-bot', ...expectedFields, Key: 'https://listings.example.com/tx-1001', KeyType: 'URL' },
    });
    // "Always create" never updates, whatever matches.
    expect(requestOfRow(checked.fields, rule('create', ['TX-1001'])).kind).toBe('create');
  });

  it('clears an optional field whose cell is blank, and keeps one the file has no column for', () => {
    const checked = checkRow(cells({ Price: '' }), mapping);
    if (!checked.ok) throw new Error('row should be valid');
    const { request } = requestOfRow(checked.fields, rule('MLSNumber', ['TX-1001']));
    // Price is the SalePrice column: blank, so sent as null, which clears it.
    expect(request).toMatchObject({ SalePrice: null });
    // No column for Location, Tours or Latitude: left out, so the service keeps them.
    for (const field of ['Location', 'Tours', 'Latitude', 'HOAMonth']) expect(request).not.toHaveProperty(field);
    // A new listing has nothing to clear.
    expect(requestOfRow(checked.fields, rule('MLSNumber', [])).request).not.toHaveProperty('SalePrice');
  });

  it('sends rent fields for a rental and leaves the sale ones out, as the form does', () => {
    const checked = checkRow(cells({ SaleType: 'for_rent', Price: '2400' }), [...mapping.slice(0, -3), 'RentPrice', 'Images', 'ExtensionColumn']);
    expect(checked.ok && checked.fields).toMatchObject({ SaleType: 'for_rent', RentPrice: 2400 });
    expect(checked.ok && 'SalePrice' in checked.fields).toBe(false);
  });

  it('names each wrong field once, with the form’s message', () => {
    expect(checkRow(cells({ Beds: 'two', Url: '', Status: 'Pending', Images: 'ftp://x.example.com/a.jpg,https://ok.example.com/b.jpg' }), mapping)).toEqual({
      ok: false,
      issues: [
        { field: 'Status', message: 'must be Active, PreOnMarket or Sold' },
        { field: 'Bedrooms', message: 'must be a number' },
        { field: 'Url', message: 'is required' },
        { field: 'Images', message: expect.stringMatching(/http/) as string },
      ],
    });
  });

  it('takes off the quote the export puts before formula-like text, and keeps new-listing defaults for absent columns', () => {
    const values = formValuesOfRow(["'=SUM(A1)", 'https://listings.example.com/1'], ['Address', 'Url']);
    expect(values.Address).toBe('=SUM(A1)');
    expect(values.Status).toBe('Active');
    expect(values.CurrencySymbol).toBe('$');
  });

  it('accepts every demo listing written as the interface names its fields', () => {
    const listing = createListing({ SaleType: 'for_sale' });
    const fields = ['MLSNumber', 'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Bedrooms', 'Bathrooms', 'Url', 'YearBuilt', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots'] as const;
    expect(checkRow(fields.map((field) => String(listing[field])), [...fields]).ok).toBe(true);
  });
});

describe('number fields', () => {
  it('reads every field the contract types as a number from text, and no other', () => {
    const values = formValuesOfRow(['1,200', '-97.5', '02144', '4'], ['LotArea', 'Longitude', 'ZIP', 'Bedrooms']);
    expect(values).toMatchObject({ LotArea: 1200, Longitude: -97.5, ZIP: '02144', Bedrooms: 4 });
  });
});

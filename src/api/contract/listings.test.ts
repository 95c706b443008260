import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { createListing, createListingRow, demoListings } from '../../demo-data';
import { messageOfZodError } from './errors';
import {
  createListingRequestSchema,
  createListingResponseDataSchema,
  deleteListingsRequestSchema,
  deleteListingsResponseDataSchema,
  listListingsRequestSchema,
  listListingsResponseDataSchema,
  MAX_DELETE_KEYS,
  updateListingRequestSchema,
  updateListingResponseDataSchema,
} from './listings';

function verdict(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? 'valid' : messageOfZodError(result.error);
}

const REQUIRED_FIELDS = [
  'SerialNumber', 'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Bedrooms', 'Bathrooms', 'Url', 'MLSNumber',
  'YearBuilt', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots',
] as const;
const OPTIONAL_FIELDS = [
  'Images', 'Tours', 'Description', 'ExtensionColumn', 'Location', 'Address', 'City', 'State', 'ZIP', 'Latitude',
  'Longitude', 'SalePrice', 'UnitAreaPrice', 'HOAMonth', 'EstimatePrice', 'RentPrice', 'SpaceType', 'DepositFee',
] as const;

/** Only the fields the create operation requires. */
function requiredOnly(listing = createListing()): Record<string, unknown> {
  return Object.fromEntries(REQUIRED_FIELDS.map((field) => [field, listing[field]]));
}

const create = (fields: Record<string, unknown>) => verdict(createListingRequestSchema, { ...createListing(), ...fields });
const update = (fields: Record<string, unknown>) =>
  verdict(updateListingRequestSchema, { ...createListing(), Key: 'TST000001', KeyType: 'MLSNumber', ...fields });

describe('RealEstateCreate request', () => {
  it('has exactly the fields of section 2.4', () => {
    expect(Object.keys(createListingRequestSchema.shape).sort()).toEqual([...REQUIRED_FIELDS, ...OPTIONAL_FIELDS].sort());
  });

  it('accepts the generated listings, the demo data included', () => {
    expect(create({})).toBe('valid');
    expect(demoListings('demo-bot').map((listing) => verdict(createListingRequestSchema, listing))).toEqual(Array(60).fill('valid'));
  });

  it('accepts a listing with the required fields only', () => {
    expect(verdict(createListingRequestSchema, requiredOnly())).toBe('valid');
  });

  it.each(REQUIRED_FIELDS)('requires %s', (field) => {
    const body = requiredOnly();
    delete body[field];
    expect(verdict(createListingRequestSchema, body)).toBe(`${field}: is required`);
  });

  it.each(['CurrencySymbol', 'PropertyType', 'MLSNumber', 'SerialNumber'])('refuses a blank %s', (field) => {
    expect(create({ [field]: '   ' })).toBe(`${field}: is required`);
  });

  it.each([
    ['serialNumber', 'demo-bot'],
    ['saleType', 'for_sale'],
    ['Zip', '78701'],
    ['MlsNumber', 'TX1'],
    ['Estimateprice', 1],
    ['Price', 1],
    ['Latitude ', 1],
  ])('rejects the unknown or wrongly cased field %j', (field, value) => {
    expect(create({ [field]: value })).toBe(`${field}: is not a field of this operation`);
  });

  describe('enumerated values are exact', () => {
    it.each([
      ['SaleType', ['for_sale', 'for_rent'], ['For_Sale', 'sale', 'for rent', ''], 'must be for_sale or for_rent'],
      ['Status', ['Active', 'PreOnMarket', 'Sold'], ['active', 'Pending', 'Pre On Market'], 'must be Active, PreOnMarket or Sold'],
      ['AreaUnit', ['Square Feet', 'Square Meters'], ['Square feet', 'sqft', 'SquareMeters'], 'must be Square Feet or Square Meters'],
      ['Tours', ['OpenHouse', '3D'], ['Open House', '3d', ''], 'must be OpenHouse or 3D'],
      ['SpaceType', ['Entire place', 'Room'], ['Entire Place', 'room'], 'must be Entire place or Room'],
    ])('%s', (field, good, bad, message) => {
      for (const value of good) expect(create({ [field]: value })).toBe('valid');
      for (const value of bad) expect(create({ [field]: value })).toBe(`${field}: ${message}`);
    });
  });

  it('takes Url and Images as http(s) addresses only', () => {
    expect(create({ Url: 'http://homes.example.com/1' })).toBe('valid');
    for (const url of ['javascript:alert(1)', 'ftp://homes.example.com/1', 'homes.example.com/1', '']) {
      expect(create({ Url: url })).toBe('Url: must be a full http:// or https:// address');
    }
    expect(create({ Images: [] })).toBe('valid');
    expect(create({ Images: ['https://img.example.com/1.jpg', 'ftp://img.example.com/2.jpg'] })).toBe('Images.1: must be a full http:// or https:// address');
    expect(create({ Images: ['javascript:alert(1)'] })).toBe('Images.0: must be a full http:// or https:// address');
    expect(create({ Images: 'https://img.example.com/1.jpg' })).toMatch(/^Images: /);
  });

  it('keeps coordinates on the globe', () => {
    for (const [Latitude, Longitude] of [[-90, -180], [90, 180], [30.2672, -97.7431]]) expect(create({ Latitude, Longitude })).toBe('valid');
    expect(create({ Latitude: 90.5 })).toBe('Latitude: must be between -90 and 90');
    expect(create({ Latitude: -91 })).toBe('Latitude: must be between -90 and 90');
    expect(create({ Longitude: 180.1 })).toBe('Longitude: must be between -180 and 180');
    expect(create({ Longitude: -200 })).toBe('Longitude: must be between -180 and 180');
    expect(create({ Latitude: '30.2' })).toBe('Latitude: must be a number');
  });

  it('wants whole four-digit years', () => {
    expect(create({ YearBuilt: 1905 })).toBe('valid');
    expect(create({ YearBuilt: 1999.5 })).toBe('YearBuilt: must be a whole number');
    expect(create({ YearBuilt: 999 })).toBe('YearBuilt: must be a four-digit year');
    expect(create({ YearBuilt: '1999' })).toBe('YearBuilt: must be a whole number');
  });

  it.each(['Bedrooms', 'Bathrooms', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'ParkingSpots', 'SalePrice', 'RentPrice', 'DepositFee', 'HOAMonth', 'EstimatePrice', 'UnitAreaPrice'])(
    '%s is a number, 0 or more',
    (field) => {
      expect(create({ [field]: 0 })).toBe('valid');
      expect(create({ [field]: 2.5 })).toBe('valid');
      expect(create({ [field]: -1 })).toBe(`${field}: must be 0 or more`);
      expect(create({ [field]: '3' })).toBe(`${field}: must be a number`);
    },
  );

  it('takes ExtensionColumn rows of Key and value, Key required', () => {
    expect(create({ ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }, { Key: 'Pets' }] })).toBe('valid');
    expect(create({ ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }, { Key: '' }] })).toBe('ExtensionColumn.1.Key: is required');
    expect(create({ ExtensionColumn: [{ value: 'Yes' }] })).toBe('ExtensionColumn.0.Key: is required');
    expect(create({ ExtensionColumn: [{ Key: 'Pool', Value: 'Yes' }] })).toBe('ExtensionColumn.0.Value: is not a field of this operation');
    expect(create({ ExtensionColumn: [{ Key: 'Pool', value: 1 }] })).toMatch(/^ExtensionColumn\.0\.value: /);
  });

  it('answers with the new listing id as text', () => {
    expect(verdict(createListingResponseDataSchema, '101')).toBe('valid');
    expect(verdict(createListingResponseDataSchema, 101)).not.toBe('valid');
  });
});

describe('RealEstateUpdate request', () => {
  it('is a listing plus Key and KeyType', () => {
    expect(update({})).toBe('valid');
    for (const KeyType of ['PlatformId', 'MLSNumber', 'URL']) expect(update({ KeyType })).toBe('valid');
  });

  it('requires Key and KeyType', () => {
    const { Key: _key, ...withoutKey } = { ...createListing(), Key: 'x', KeyType: 'URL' };
    expect(verdict(updateListingRequestSchema, withoutKey)).toBe('Key: is required');
    expect(update({ Key: '' })).toBe('Key: is required');
    expect(verdict(updateListingRequestSchema, { ...createListing(), Key: 'x' })).toBe('KeyType: is required');
  });

  it.each(['url', 'Url', 'platformId', 'ID', 'MlsNumber'])('rejects the KeyType %j', (KeyType) => {
    expect(update({ KeyType })).toBe('KeyType: must be PlatformId, MLSNumber or URL');
  });

  it('keeps the listing rules and rejects unknown fields', () => {
    expect(update({ SaleType: 'rent' })).toBe('SaleType: must be for_sale or for_rent');
    expect(update({ keyType: 'URL' })).toBe('keyType: is not a field of this operation');
    expect(verdict(updateListingRequestSchema, { ...requiredOnly(), Key: '42', KeyType: 'PlatformId' })).toBe('valid');
  });

  it('answers with the number of listings updated', () => {
    expect(verdict(updateListingResponseDataSchema, 1)).toBe('valid');
    expect(verdict(updateListingResponseDataSchema, 0)).toBe('valid');
    expect(verdict(updateListingResponseDataSchema, '1')).not.toBe('valid');
  });
});

describe('RealEstateList', () => {
  const list = (fields: Record<string, unknown>) => verdict(listListingsRequestSchema, { SerialNumber: 'demo-bot', ...fields });

  it('needs SerialNumber; the filters and paging are optional', () => {
    expect(list({})).toBe('valid');
    expect(list({ CityName: 'Austin', SaleType: 'for_rent', MLSNumber: 'TX0100000', PageNumber: 2, PageSize: 50 })).toBe('valid');
    expect(verdict(listListingsRequestSchema, { CityName: 'Austin' })).toBe('SerialNumber: is required');
  });

  it.each([
    ['City', 'Austin'],
    ['cityName', 'Austin'],
    ['serialNumber', 'demo-bot'],
    ['Page', 1],
    ['pageSize', 20],
    ['Status', 'Active'],
  ])('rejects the unknown or wrongly cased field %s', (field, value) => {
    expect(list({ [field]: value })).toBe(`${field}: is not a field of this operation`);
  });

  it('pages with whole numbers, PageSize 1 to 100', () => {
    expect(list({ PageSize: 1 })).toBe('valid');
    expect(list({ PageSize: 100 })).toBe('valid');
    expect(list({ PageSize: 0 })).toBe('PageSize: must be between 1 and 100');
    expect(list({ PageSize: 101 })).toBe('PageSize: must be between 1 and 100');
    expect(list({ PageSize: 20.5 })).toBe('PageSize: must be a whole number');
    expect(list({ PageNumber: 0 })).toBe('PageNumber: must be 1 or more');
    expect(list({ PageNumber: '2' })).toBe('PageNumber: must be a whole number');
  });

  it('filters by an exact sale type', () => {
    expect(list({ SaleType: 'For_Rent' })).toBe('SaleType: must be for_sale or for_rent');
  });

  it('answers with rows of text, integer ID and numeric coordinates', () => {
    const rows = [createListingRow({ Latitude: 30.2672, Longitude: -97.7431 }), createListingRow({ Latitude: undefined, Longitude: undefined })];
    expect(rows[1]).toMatchObject({ LATITUDE: null, LONGITUDE: null });
    expect(verdict(listListingsResponseDataSchema, { List: rows, VirtualCount: 42 })).toBe('valid');
    expect(verdict(listListingsResponseDataSchema, { List: [], VirtualCount: 0 })).toBe('valid');
  });

  it('names the row and field that is off the contract', () => {
    const row = createListingRow();
    expect(verdict(listListingsResponseDataSchema, { List: [row, { ...row, ID: '7' }], VirtualCount: 2 })).toMatch(/^List\.1\.ID: /);
    expect(verdict(listListingsResponseDataSchema, { List: [{ ...row, Bedrooms: 3 }], VirtualCount: 1 })).toMatch(/^List\.0\.Bedrooms: /);
    expect(verdict(listListingsResponseDataSchema, { List: [{ ...row, LATITUDE: '30.1' }], VirtualCount: 1 })).toMatch(/^List\.0\.LATITUDE: /);
    expect(verdict(listListingsResponseDataSchema, { List: [row] })).toBe('VirtualCount: is required');
  });
});

describe('RealEstateDelete', () => {
  const remove = (fields: Record<string, unknown>) => verdict(deleteListingsRequestSchema, { SerialNumber: 'demo-bot', Keys: ['101', '102'], KeyType: 'PlatformId', ...fields });

  it('takes SerialNumber, Keys and KeyType, all required', () => {
    expect(remove({})).toBe('valid');
    expect(verdict(deleteListingsRequestSchema, { SerialNumber: 'demo-bot', KeyType: 'URL' })).toBe('Keys: is required');
    expect(verdict(deleteListingsRequestSchema, { SerialNumber: 'demo-bot', Keys: ['1'] })).toBe('KeyType: is required');
    expect(verdict(deleteListingsRequestSchema, { Keys: ['1'], KeyType: 'URL' })).toBe('SerialNumber: is required');
  });

  it('names between one and the maximum of listings, none blank', () => {
    expect(remove({ Keys: [] })).toBe('Keys: must name at least one listing');
    expect(remove({ Keys: ['101', ' '] })).toBe('Keys.1: is required');
    expect(remove({ Keys: Array.from({ length: MAX_DELETE_KEYS }, (_, index) => String(index)) })).toBe('valid');
    expect(remove({ Keys: Array.from({ length: MAX_DELETE_KEYS + 1 }, (_, index) => String(index)) })).toBe(`Keys: must name at most ${MAX_DELETE_KEYS} listings`);
    expect(remove({ Keys: [101] })).toMatch(/^Keys\.0: /);
    expect(remove({ Keys: '101' })).toMatch(/^Keys: /);
  });

  it('checks KeyType and unknown fields', () => {
    expect(remove({ KeyType: 'id' })).toBe('KeyType: must be PlatformId, MLSNumber or URL');
    expect(remove({ keys: ['1'] })).toBe('keys: is not a field of this operation');
  });

  it('answers with SuccessCount', () => {
    expect(verdict(deleteListingsResponseDataSchema, { SuccessCount: 2 })).toBe('valid');
    expect(verdict(deleteListingsResponseDataSchema, { SuccessCount: '2' })).toMatch(/^SuccessCount: /);
    expect(verdict(deleteListingsResponseDataSchema, { Count: 2 })).toBe('SuccessCount: is required');
  });
});

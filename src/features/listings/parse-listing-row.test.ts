import { listingRowOf, type ListingRow } from '../../api/contract';
import { createListing } from '../../demo-data';
import {
  listingLabel,
  parseAreaUnit,
  parseExtensionColumn,
  parseImageList,
  parseListingPage,
  parseListingRow,
  parseNumberText,
} from './parse-listing-row';

/** A rental as the local service lists it, with row-level text overrides applied last. */
function listingRow(overrides: Partial<ListingRow> = {}): ListingRow {
  const listing = createListing({
    SaleType: 'for_rent',
    RentPrice: 2400,
    DepositFee: 2400,
    SalePrice: undefined,
    UnitAreaPrice: undefined,
    EstimatePrice: undefined,
    HOAMonth: undefined,
    Bedrooms: 2,
    Bathrooms: 1.5,
    YearBuilt: 2012,
    DaysOnMarket: 9,
    LotArea: 0,
    BuildingArea: 850,
    AreaUnit: 'Square Feet',
    ParkingSpots: 1,
    MLSNumber: 'AUS-0041',
    ZIP: '78701',
    Latitude: 30.2672,
    Longitude: -97.7431,
    Description: 'Bright corner unit <b>near</b> the lake',
    Images: ['https://img.example.com/41/front.jpg', 'https://img.example.com/41/kitchen.jpg'],
    ExtensionColumn: [
      { Key: 'Pets', value: 'Cats only' },
      { Key: 'Laundry', value: 'In unit' },
    ],
  });
  return { ...listingRowOf(listing, 41), ...overrides };
}

describe('parseListingRow', () => {
  it('turns the numeric text into numbers and unset prices into null', () => {
    const listing = parseListingRow(listingRow({ DepositFee: '2,400' }));
    expect(listing).toMatchObject({
      ID: 41,
      Price: 2400,
      RentPrice: 2400,
      DepositFee: 2400,
      SalePrice: null,
      HOAMonth: null,
      EstimatePrice: null,
      UnitAreaPrice: null,
      Bedrooms: 2,
      Bathrooms: 1.5,
      YearBuilt: 2012,
      DaysOnMarket: 9,
      LotArea: 0,
      BuildingArea: 850,
      ParkingSpots: 1,
      Latitude: 30.2672,
      Longitude: -97.7431,
    });
  });

  it('keeps text as text, untouched, markup included', () => {
    const listing = parseListingRow(listingRow());
    expect(listing.Description).toBe('Bright corner unit <b>near</b> the lake');
    expect(listing.MLSNumber).toBe('AUS-0041');
    expect(listing.ZIP).toBe('78701');
    expect(listing.SaleType).toBe('for_rent');
  });

  it('keeps every other field of the row as it came, Location included, and adds nothing else', () => {
    const row = listingRow({ Location: 'Lakeside, two blocks from the park' });
    const listing = parseListingRow(row);
    const turned = { Images: 'Images', ExtensionColumn: 'ExtensionColumn', LATITUDE: 'Latitude', LONGITUDE: 'Longitude' } as const;
    const numeric = ['Price', 'Bathrooms', 'Bedrooms', 'YearBuilt', 'DaysOnMarket', 'LotArea', 'BuildingArea', 'ParkingSpots', 'RentPrice', 'DepositFee', 'SalePrice', 'UnitAreaPrice', 'EstimatePrice', 'HOAMonth'];
    for (const [field, value] of Object.entries(row)) {
      if (field in turned || numeric.includes(field)) continue;
      expect(listing[field as keyof typeof listing], field).toBe(value);
    }
    const expectedFields = Object.keys(row).map((field): string => turned[field as keyof typeof turned] ?? field).concat('AreaUnit');
    expect(Object.keys(listing).sort()).toEqual(expectedFields.sort());
    // A service whose list has no Location: the listing says "not given", never "".
    const { Location: _omitted, ...withoutLocation } = row;
    expect(parseListingRow(withoutLocation).Location).toBeUndefined();
  });

  it('reads the images and extension rows into lists', () => {
    const listing = parseListingRow(listingRow());
    expect(listing.Images).toEqual(['https://img.example.com/41/front.jpg', 'https://img.example.com/41/kitchen.jpg']);
    expect(listing.ExtensionColumn).toEqual([
      { Key: 'Pets', value: 'Cats only' },
      { Key: 'Laundry', value: 'In unit' },
    ]);
  });

  it('reads the area unit from Area, the only place the list carries it', () => {
    expect(parseListingRow(listingRow()).AreaUnit).toBe('Square Feet');
    expect(parseListingRow(listingRow({ Area: '79 m²' })).AreaUnit).toBe('Square Meters');
    expect(parseListingRow(listingRow({ Area: '79 Square Meters' })).AreaUnit).toBe('Square Meters');
    expect(parseListingRow(listingRow({ Area: '' })).AreaUnit).toBeNull();
  });

  it('never throws on odd text: unknowns become null or empty lists', () => {
    const listing = parseListingRow(
      listingRow({
        Price: 'call us',
        Bedrooms: 'NaN',
        Bathrooms: '2..5',
        YearBuilt: 'Infinity',
        Images: '{not json',
        ExtensionColumn: '[{"Key":',
        LATITUDE: null,
        LONGITUDE: null,
      }),
    );
    expect(listing.Price).toBeNull();
    expect(listing.Bedrooms).toBeNull();
    expect(listing.Bathrooms).toBeNull();
    expect(listing.YearBuilt).toBeNull();
    expect(listing.Latitude).toBeNull();
    expect(listing.Longitude).toBeNull();
    expect(Array.isArray(listing.Images)).toBe(true);
    expect(Array.isArray(listing.ExtensionColumn)).toBe(true);
  });

  it('does not trust the runtime shape either', () => {
    const broken = { ID: 3 } as unknown as ListingRow;
    expect(() => parseListingRow(broken)).not.toThrow();
    const listing = parseListingRow(broken);
    expect(listing.Price).toBeNull();
    expect(listing.Images).toEqual([]);
    expect(listing.ExtensionColumn).toEqual([]);
    expect(listing.AreaUnit).toBeNull();
  });
});

describe('parseNumberText', () => {
  it.each([
    ['1250000', 1250000],
    ['1,250,000', 1250000],
    [' 2.75 ', 2.75],
    ['-97.5', -97.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['0', 0],
  ])('reads %j as %d', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12abc', '0x10', 'Infinity', '1.2.3', '-'])('reads %j as null', (text) => {
    expect(parseNumberText(text)).toBeNull();
  });
});

describe('parseImageList', () => {
  it('reads a JSON array of URLs, dropping blanks', () => {
    expect(parseImageList('["https://a.example/1.jpg", "", "https://a.example/2.jpg"]')).toEqual([
      'https://a.example/1.jpg',
      'https://a.example/2.jpg',
    ]);
  });

  it('tolerates comma- and line-separated text', () => {
    expect(parseImageList('https://a.example/1.jpg, https://a.example/2.jpg')).toEqual([
      'https://a.example/1.jpg',
      'https://a.example/2.jpg',
    ]);
    expect(parseImageList('https://a.example/1.jpg\nhttps://a.example/2.jpg')).toHaveLength(2);
  });

  it('salvages a truncated JSON array', () => {
    expect(parseImageList('["https://a.example/1.jpg","https://a.example/2.jpg"')).toEqual([
      'https://a.example/1.jpg',
      'https://a.example/2.jpg',
    ]);
  });

  it('reads one JSON string and objects with a url', () => {
    expect(parseImageList('"https://a.example/1.jpg"')).toEqual(['https://a.example/1.jpg']);
    expect(parseImageList('[{"url":"https://a.example/1.jpg"}]')).toEqual(['https://a.example/1.jpg']);
  });

  it('gives an empty list for nothing', () => {
    expect(parseImageList('')).toEqual([]);
    expect(parseImageList('[]')).toEqual([]);
    expect(parseImageList(null)).toEqual([]);
  });
});

describe('parseExtensionColumn', () => {
  it('reads the documented JSON array of Key/value objects', () => {
    expect(parseExtensionColumn('[{"Key":"Pool","value":"Heated"},{"Key":"View"}]')).toEqual([
      { Key: 'Pool', value: 'Heated' },
      { Key: 'View', value: '' },
    ]);
  });

  it('tolerates the "k: v; k2: v2" form, keeping colons inside values', () => {
    expect(parseExtensionColumn('Pool: Heated; Showings: 9:00-17:00;  ; Gated')).toEqual([
      { Key: 'Pool', value: 'Heated' },
      { Key: 'Showings', value: '9:00-17:00' },
      { Key: 'Gated', value: '' },
    ]);
  });

  it('tolerates a plain object, other key casings and non-text values', () => {
    expect(parseExtensionColumn('{"Pool":"Heated","Floors":2}')).toEqual([
      { Key: 'Pool', value: 'Heated' },
      { Key: 'Floors', value: '2' },
    ]);
    expect(parseExtensionColumn('[{"key":"Pool","Value":true}]')).toEqual([{ Key: 'Pool', value: 'true' }]);
  });

  it('drops empty rows and gives an empty list for nothing', () => {
    expect(parseExtensionColumn('[{"Key":"","value":""}, null, 3]')).toEqual([]);
    expect(parseExtensionColumn('')).toEqual([]);
    expect(parseExtensionColumn(undefined)).toEqual([]);
  });
});

describe('parseAreaUnit', () => {
  it.each([
    ['1,850 Square Feet', 'Square Feet'],
    ['1850 sq ft', 'Square Feet'],
    ['1850 sqft', 'Square Feet'],
    ['120 m²', 'Square Meters'],
    ['120 sqm', 'Square Meters'],
    ['120 square meters', 'Square Meters'],
  ])('reads %j as %s', (text, unit) => {
    expect(parseAreaUnit(text)).toBe(unit);
  });

  it('gives null when no unit is named', () => {
    expect(parseAreaUnit('1850')).toBeNull();
  });
});

describe('listingLabel', () => {
  it('names a listing by address, then MLS number, then id', () => {
    expect(listingLabel({ ID: 1, Address: ' 12 Lamar Blvd ', MLSNumber: 'A-1' })).toBe('12 Lamar Blvd');
    expect(listingLabel({ ID: 1, Address: '', MLSNumber: 'A-1' })).toBe('MLS A-1');
    expect(listingLabel({ ID: 1, Address: '', MLSNumber: '' })).toBe('listing 1');
  });
});

describe('parseListingPage', () => {
  it("parses an answer's rows once: the same rows give the same listings", () => {
    const rows = [listingRowOf(createListing({ Address: '1 Main Street' }), 1), listingRowOf(createListing({ Address: '2 Main Street' }), 2)];
    const listings = parseListingPage(rows);
    expect(listings.map((listing) => listing.Address)).toEqual(['1 Main Street', '2 Main Street']);
    expect(listings[0]).toEqual(parseListingRow(rows[0]!));
    expect(parseListingPage(rows)).toBe(listings);
    expect(parseListingPage([...rows])).not.toBe(listings);
  });
});

import { CSV_FIELDS } from '../export/listing-csv';
import { autoMapColumns, importMappingKey, readRememberedMapping, rememberMapping } from './column-mapping';

describe('autoMapColumns', () => {
  it('maps the interface’s own field names exactly (a file exported here), and leaves the ID out', () => {
    const mapping = autoMapColumns(CSV_FIELDS);
    expect(mapping[0]).toBeNull();
    expect(mapping.slice(1)).toEqual(CSV_FIELDS.slice(1));
  });

  it('ignores case, spaces and punctuation', () => {
    expect(autoMapColumns(['mls number', 'SALE_TYPE', ' year-built ', 'Parking Spots', 'zip'])).toEqual([
      'MLSNumber',
      'SaleType',
      'YearBuilt',
      'ParkingSpots',
      'ZIP',
    ]);
  });

  it('knows the words spreadsheets use, and the form’s labels', () => {
    expect(autoMapColumns(['Beds', 'Baths', 'Price', 'Zip Code', 'MLS #', 'Sq Ft', 'Listing URL', 'Rent per month', 'Photos'])).toEqual([
      'Bedrooms',
      'Bathrooms',
      'SalePrice',
      'ZIP',
      'MLSNumber',
      'BuildingArea',
      'Url',
      'RentPrice',
      'Images',
    ]);
  });

  it('gives a field to one column only, an exact name before a synonym, and leaves unknown columns out', () => {
    expect(autoMapColumns(['Price', 'SalePrice', 'Beds', 'Bedrooms', 'Agent phone'])).toEqual([null, 'SalePrice', null, 'Bedrooms', null]);
  });

  it('applies what the user chose for a header before guessing', () => {
    expect(autoMapColumns(['Price', 'Notes'], { Price: 'RentPrice', Notes: 'Description' })).toEqual(['RentPrice', 'Description']);
    expect(autoMapColumns(['Beds'], { Beds: null })).toEqual([null]);
  });
});

describe('the remembered mapping', () => {
  it('is kept per chatbot and read back; damaged entries are dropped', () => {
    rememberMapping(localStorage, 'bot-a', ['Price', 'Notes'], ['RentPrice', null]);
    expect(readRememberedMapping(localStorage, 'bot-a')).toEqual({ Price: 'RentPrice', Notes: null });
    expect(readRememberedMapping(localStorage, 'bot-b')).toEqual({});
    localStorage.setItem(importMappingKey('bot-c'), JSON.stringify({ Price: 'NotAField' }));
    expect(readRememberedMapping(localStorage, 'bot-c')).toEqual({});
  });
});

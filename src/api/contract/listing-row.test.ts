import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createListing, createListingRow, demoListings } from '../../demo-data';
import { listingRowSchema } from './listings';
import { listingRowOf } from './listing-row';

describe('listingRowOf', () => {
  it('shows numbers as text, Price by sale type, Area with its unit', () => {
    const sale = createListing({ SaleType: 'for_sale', SalePrice: 525_000, RentPrice: undefined, Bathrooms: 2.5, BuildingArea: 1850, AreaUnit: 'Square Feet' });
    expect(listingRowOf(sale, 7)).toMatchObject({ ID: 7, Price: '525000', Bathrooms: '2.5', Area: '1850 sqft', RentPrice: '' });
    const rent = createListing({ SaleType: 'for_rent', RentPrice: 2100, SalePrice: undefined, BuildingArea: 172, AreaUnit: 'Square Meters', Latitude: undefined });
    expect(listingRowOf(rent, 8)).toMatchObject({ Price: '2100', SalePrice: '', Area: '172 m²', LATITUDE: null });
  });

  it('matches the list row schema exactly', () => {
    for (const listing of demoListings('schema-bot', 20)) {
      expect(z.strictObject(listingRowSchema.shape).parse(listingRowOf(listing, 1))).toEqual(listingRowOf(listing, 1));
    }
    expect(() => z.strictObject(listingRowSchema.shape).parse(createListingRow())).not.toThrow();
  });
});

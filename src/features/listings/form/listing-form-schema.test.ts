import { createListingRequestSchema, updateListingRequestSchema, type ListingRow, listingRowOf } from '../../../api/contract';
import { createListing } from '../../../demo-data';
import {
  emptyListingFormValues,
  fieldsShownForEdit,
  formPathOfServiceField,
  listingFormSchema,
  listingKeyOf,
  listingToFormValues,
  toCreateListingRequest,
  toUpdateListingRequest,
  YEAR_BUILT_MAX,
  type ListingFormValues,
} from './listing-form-schema';
import { parseListingRow, type Listing } from '../parse-listing-row';

function formValues(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
  return {
    ...emptyListingFormValues(),
    PropertyType: 'Single family',
    Bedrooms: 3,
    Bathrooms: 2.5,
    Url: 'https://listings.example.com/den-12',
    MLSNumber: 'DEN-12',
    YearBuilt: 1998,
    DaysOnMarket: 4,
    LotArea: 5200,
    BuildingArea: 1850,
    ParkingSpots: 2,
    ...overrides,
  };
}

/** The messages of a failed parse by dotted field path. */
function errorsOf(values: ListingFormValues): Record<string, string> {
  const result = listingFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('listing form schema', () => {
  it('yields the fields of a request the contract accepts', () => {
    const fields = listingFormSchema.parse(
      formValues({
        SalePrice: 650000,
        HOAMonth: '120',
        Images: [{ url: 'https://img.example.com/1.jpg' }, { url: ' https://img.example.com/2.jpg ' }],
        ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
        City: ' Denver ',
        Latitude: 39.74,
        Longitude: -104.99,
        Tours: 'OpenHouse',
      }),
    );
    expect(fields).toMatchObject({
      SaleType: 'for_sale',
      SalePrice: 650000,
      HOAMonth: 120,
      Images: ['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg'],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
      City: 'Denver',
      Latitude: 39.74,
      Longitude: -104.99,
      Tours: 'OpenHouse',
    });
    const request = toCreateListingRequest('demo-bot', fields);
    expect(createListingRequestSchema.parse(request)).toEqual(request);
  });

  it('names every missing required field', () => {
    const errors = errorsOf({
      ...emptyListingFormValues(),
      CurrencySymbol: ' ',
      DaysOnMarket: '',
    });
    expect(errors).toMatchObject({
      CurrencySymbol: 'is required',
      PropertyType: 'is required',
      Bedrooms: 'is required',
      Bathrooms: 'is required',
      Url: 'is required',
      MLSNumber: 'is required',
      YearBuilt: 'is required',
      DaysOnMarket: 'is required',
      LotArea: 'is required',
      BuildingArea: 'is required',
      ParkingSpots: 'is required',
    });
  });

  it('leaves blank optional numbers and text choices out of the request', () => {
    const fields = listingFormSchema.parse(formValues());
    for (const field of ['Latitude', 'Longitude', 'SalePrice', 'HOAMonth', 'EstimatePrice', 'UnitAreaPrice', 'Tours', 'Location']) {
      expect(fields).not.toHaveProperty(field);
    }
  });

  describe('rent-only and sale-only fields', () => {
    it('sends only the sale fields for a sale, even when rent fields hold values', () => {
      const fields = listingFormSchema.parse(
        formValues({ SaleType: 'for_sale', SalePrice: 500000, RentPrice: 2000, DepositFee: 2000, SpaceType: 'Room' }),
      );
      expect(fields.SalePrice).toBe(500000);
      expect(fields).not.toHaveProperty('RentPrice');
      expect(fields).not.toHaveProperty('DepositFee');
      expect(fields).not.toHaveProperty('SpaceType');
    });

    it('sends only the rent fields for a rental', () => {
      const fields = listingFormSchema.parse(
        formValues({ SaleType: 'for_rent', RentPrice: 2100, DepositFee: '2100', SpaceType: 'Entire place', SalePrice: 500000, HOAMonth: 90 }),
      );
      expect(fields).toMatchObject({ RentPrice: 2100, DepositFee: 2100, SpaceType: 'Entire place' });
      expect(fields).not.toHaveProperty('SalePrice');
      expect(fields).not.toHaveProperty('HOAMonth');
    });

    it('checks the shown fields and ignores bad values in hidden ones', () => {
      expect(errorsOf(formValues({ SaleType: 'for_rent', RentPrice: -5 }))).toEqual({ RentPrice: 'must be 0 or more' });
      expect(errorsOf(formValues({ SaleType: 'for_sale', RentPrice: -5, DepositFee: 'abc' }))).toEqual({});
      expect(errorsOf(formValues({ SaleType: 'for_sale', SalePrice: 'lots' }))).toEqual({ SalePrice: 'must be a number' });
    });

    it('reports a bad shown field together with other missing fields', () => {
      const errors = errorsOf(formValues({ SaleType: 'for_sale', SalePrice: -1, MLSNumber: '' }));
      expect(errors).toEqual({ SalePrice: 'must be 0 or more', MLSNumber: 'is required' });
    });
  });

  describe('ranges and steps', () => {
    it('takes bathrooms in halves or quarters', () => {
      for (const bathrooms of [0, 1, 1.25, 2.5, 3.75]) {
        expect(errorsOf(formValues({ Bathrooms: bathrooms }))).toEqual({});
      }
      expect(errorsOf(formValues({ Bathrooms: 1.3 })).Bathrooms).toMatch(/halves or quarters/);
      expect(errorsOf(formValues({ Bathrooms: -0.5 })).Bathrooms).toBe('must be 0 or more');
    });

    it('takes counts as whole numbers within reason', () => {
      expect(errorsOf(formValues({ Bedrooms: 2.5 })).Bedrooms).toBe('must be a whole number');
      expect(errorsOf(formValues({ ParkingSpots: -1 })).ParkingSpots).toBe('must be 0 or more');
      expect(errorsOf(formValues({ Bedrooms: 101 })).Bedrooms).toBe('must be 100 or less');
      expect(errorsOf(formValues({ DaysOnMarket: 1.5 })).DaysOnMarket).toBe('must be a whole number');
    });

    it('takes a plausible year built', () => {
      expect(errorsOf(formValues({ YearBuilt: 1699 })).YearBuilt).toMatch(/^must be between 1700 and \d{4}$/);
      expect(errorsOf(formValues({ YearBuilt: YEAR_BUILT_MAX + 1 })).YearBuilt).toMatch(/^must be between/);
      expect(errorsOf(formValues({ YearBuilt: 1999.5 })).YearBuilt).toBe('must be a whole number');
      expect(errorsOf(formValues({ YearBuilt: YEAR_BUILT_MAX }))).toEqual({});
    });

    it('keeps latitude and longitude in range, and wants both or neither', () => {
      expect(errorsOf(formValues({ Latitude: 91, Longitude: 0 }))).toEqual({ Latitude: 'must be between -90 and 90' });
      expect(errorsOf(formValues({ Latitude: 0, Longitude: -181 }))).toEqual({ Longitude: 'must be between -180 and 180' });
      expect(errorsOf(formValues({ Latitude: 45 }))).toEqual({ Longitude: 'is required when a latitude is given' });
      expect(errorsOf(formValues({ Longitude: 45 }))).toEqual({ Latitude: 'is required when a longitude is given' });
      expect(errorsOf(formValues({ Latitude: -90, Longitude: 180 }))).toEqual({});
    });

    it('reads half-typed number text as a mistake, not as zero', () => {
      expect(errorsOf(formValues({ LotArea: '-' })).LotArea).toBe('must be a number');
      expect(listingFormSchema.parse(formValues({ LotArea: ' 5200 ' })).LotArea).toBe(5200);
    });
  });

  describe('images and extension rows', () => {
    it('wants every image to be a full http(s) address', () => {
      const errors = errorsOf(formValues({ Images: [{ url: 'https://ok.example/a.jpg' }, { url: 'javascript:alert(1)' }, { url: '' }] }));
      expect(errors).toEqual({
        'Images.1.url': 'must be a full http:// or https:// address',
        'Images.2.url': 'is required',
      });
    });

    it('wants a Key on every extension row, the value may be blank', () => {
      expect(errorsOf(formValues({ ExtensionColumn: [{ Key: ' ', value: 'x' }] }))).toEqual({ 'ExtensionColumn.0.Key': 'is required' });
      const fields = listingFormSchema.parse(formValues({ ExtensionColumn: [{ Key: 'Gated', value: '' }] }));
      expect(fields.ExtensionColumn).toEqual([{ Key: 'Gated', value: '' }]);
    });
  });
});

/** A Seattle rental as the table has it: parsed from the row the local service lists. */
function listing(rowOverrides: Partial<ListingRow> = {}): Listing {
  const request = createListing({
    SaleType: 'for_rent',
    Status: 'PreOnMarket',
    CurrencySymbol: '€',
    RentPrice: 1800,
    DepositFee: 1800,
    SpaceType: 'Room',
    SalePrice: undefined,
    UnitAreaPrice: undefined,
    EstimatePrice: undefined,
    HOAMonth: undefined,
    AreaUnit: 'Square Meters',
    BuildingArea: 70,
    Tours: '3D',
    MLSNumber: 'SEA-17',
    Url: 'https://listings.example.com/17',
    Latitude: 47.61,
    Longitude: -122.34,
    Images: ['https://img.example.com/17.jpg'],
    ExtensionColumn: [{ Key: 'Pets', value: 'No' }],
    Location: 'Downtown',
  });
  return parseListingRow({ ...listingRowOf(request, 17), ...rowOverrides });
}

describe('editing a listing from the table', () => {
  it('starts from the row, with the list price as the rent when RentPrice is blank', () => {
    const values = listingToFormValues(listing({ RentPrice: '', Price: '1800' }));
    expect(values).toMatchObject({
      SaleType: 'for_rent',
      Status: 'PreOnMarket',
      RentPrice: 1800,
      SalePrice: '',
      DepositFee: 1800,
      AreaUnit: 'Square Meters',
      SpaceType: 'Room',
      Tours: '3D',
      Images: [{ url: 'https://img.example.com/17.jpg' }],
      ExtensionColumn: [{ Key: 'Pets', value: 'No' }],
      Latitude: 47.61,
      HOAMonth: '',
    });
  });

  it('falls back to valid choices for values the service should not have sent', () => {
    const values = listingToFormValues(listing({ SaleType: 'lease', Status: 'gone', Area: '70', Tours: 'video', SpaceType: '' }));
    expect(values).toMatchObject({ SaleType: 'for_sale', Status: 'Active', AreaUnit: 'Square Feet', Tours: '', SpaceType: '' });
  });

  it('round-trips an unchanged row into an update the contract accepts', () => {
    const row = listing();
    const fields = listingFormSchema.parse(listingToFormValues(row));
    const shown = fieldsShownForEdit(fields.SaleType, row.Location !== undefined);
    const request = toUpdateListingRequest('demo-bot', fields, { KeyType: 'PlatformId', Key: listingKeyOf(row, 'PlatformId') }, shown);
    expect(updateListingRequestSchema.parse(request)).toEqual(request);
    expect(request).toMatchObject({ Key: '17', KeyType: 'PlatformId', RentPrice: 1800, MLSNumber: 'SEA-17', CurrencySymbol: '€', Location: 'Downtown' });
  });

  it('clears a shown field the user emptied, and keeps what the form never showed', () => {
    const row = listing();
    const fields = listingFormSchema.parse({ ...listingToFormValues(row), Tours: '', DepositFee: '', Location: '' });
    const shown = fieldsShownForEdit(fields.SaleType, true);
    const request = toUpdateListingRequest('demo-bot', fields, { KeyType: 'PlatformId', Key: '17' }, shown);
    expect(request).toMatchObject({ Tours: null, DepositFee: null, Location: null });
    // A rental's form hides the sale-only fields: they are left out, so the service keeps them.
    for (const field of ['SalePrice', 'HOAMonth', 'EstimatePrice', 'UnitAreaPrice']) expect(request).not.toHaveProperty(field);
    expect(updateListingRequestSchema.safeParse(request).success).toBe(true);
  });

  it('leaves Location out when the service’s list does not show it and the user typed none', () => {
    const row = listing({ Location: undefined });
    expect(row.Location).toBeUndefined();
    const fields = listingFormSchema.parse(listingToFormValues(row));
    const request = toUpdateListingRequest('demo-bot', fields, { KeyType: 'PlatformId', Key: '17' }, fieldsShownForEdit(fields.SaleType, false));
    expect(request).not.toHaveProperty('Location');
    const typed = listingFormSchema.parse({ ...listingToFormValues(row), Location: 'By the river' });
    expect(toUpdateListingRequest('demo-bot', typed, { KeyType: 'PlatformId', Key: '17' }, fieldsShownForEdit(typed.SaleType, false))).toMatchObject({
      Location: 'By the river',
    });
  });

  it('matches by the stored MLS number or URL when asked', () => {
    expect(listingKeyOf(listing(), 'MLSNumber')).toBe('SEA-17');
    expect(listingKeyOf(listing(), 'URL')).toBe('https://listings.example.com/17');
  });
});

describe('service messages at the form field they name', () => {
  it('maps request paths to form paths', () => {
    expect(formPathOfServiceField('MLSNumber')).toBe('MLSNumber');
    expect(formPathOfServiceField('Images')).toBe('Images');
    expect(formPathOfServiceField('Images.2')).toBe('Images.2.url');
    expect(formPathOfServiceField('ExtensionColumn.0.Key')).toBe('ExtensionColumn.0.Key');
    expect(formPathOfServiceField('ExtensionColumn.1.value')).toBe('ExtensionColumn.1.value');
  });

  it('gives null for what the form has no control for', () => {
    for (const field of ['SerialNumber', 'Key', 'KeyType', 'Bogus', 'Images.x', 'Images.1.url', 'ExtensionColumn.0', 'Bedrooms.0', 'constructor']) {
      expect(formPathOfServiceField(field)).toBeNull();
    }
  });
});

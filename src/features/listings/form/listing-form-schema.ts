// zod/mini, as the contract: classic zod's string methods keep every string format in the
// zod chunk that every first visit loads (eslint.config.js says so for all of src/).
import * as z from 'zod/mini';
import type { ZodMiniNumber } from 'zod/mini';
import {
  AREA_UNITS,
  extensionColumnEntry,
  httpUrl,
  LISTING_STATUSES,
  listingFieldsShape,
  SALE_TYPES,
  OPTIONAL_LISTING_FIELDS,
  SPACE_TYPES,
  TOURS,
  type CreateListingRequest,
  type OptionalListingField,
  type KEY_TYPES,
  type UpdateListingRequest,
} from '../../../api/contract';
import type { FieldPath } from 'react-hook-form';
import type { Listing } from '../parse-listing-row';

/**
 * The listing form: the contract's field schemas plus the rules a person filling the form
 * needs (whole counts, quarter bathrooms, a plausible year, rent-only and sale-only fields).
 * Parsing yields the listing fields of a Create/Update request; hidden and blank optional
 * fields are left out so the request carries only what the user meant.
 *
 * Messages are phrased to follow the field's label ("is required"), which the form puts in
 * front of them; the service's own `Field: text` messages get the same treatment.
 */

export const LISTING_FIELD_LABELS = {
  SaleType: 'Sale type',
  Status: 'Status',
  CurrencySymbol: 'Currency symbol',
  PropertyType: 'Property type',
  Bedrooms: 'Bedrooms',
  Bathrooms: 'Bathrooms',
  Url: 'Listing URL',
  MLSNumber: 'MLS number',
  YearBuilt: 'Year built',
  DaysOnMarket: 'Days on market',
  LotArea: 'Lot area',
  BuildingArea: 'Building area',
  AreaUnit: 'Area unit',
  ParkingSpots: 'Parking spots',
  Images: 'Images',
  Tours: 'Tours',
  Description: 'Description',
  ExtensionColumn: 'Extra information',
  Location: 'Location',
  Address: 'Address',
  City: 'City',
  State: 'State',
  ZIP: 'ZIP',
  Latitude: 'Latitude',
  Longitude: 'Longitude',
  SalePrice: 'Sale price',
  UnitAreaPrice: 'Price per unit area',
  HOAMonth: 'HOA per month',
  EstimatePrice: 'Estimated price',
  RentPrice: 'Rent per month',
  SpaceType: 'Space type',
  DepositFee: 'Deposit',
} as const satisfies Record<Exclude<keyof typeof listingFieldsShape, 'SerialNumber'>, string>;
export type ListingFieldName = keyof typeof LISTING_FIELD_LABELS;

export const YEAR_BUILT_MIN = 1700;
/** Homes still being built are listed a few years ahead. */
export const YEAR_BUILT_MAX = new Date().getFullYear() + 5;
export const MAX_IMAGES = 100;
export const MAX_EXTENSION_ROWS = 100;

/** What a NumberInput holds: a number, or text while it is empty or half-typed. */
const numberInput = z.union([z.number(), z.string()]);

const numberOrBlank = z.pipe(
  numberInput,
  z.transform((value: number | string, ctx) => {
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (text === '') return undefined;
    const parsed = Number(text);
    if (Number.isNaN(parsed)) {
      ctx.issues.push({ code: 'custom', message: 'must be a number', input: value });
      return z.NEVER;
    }
    return parsed;
  }),
);

function requiredNumber(schema: z.core.$ZodType<number, number>) {
  return z.pipe(
    numberOrBlank,
    z.pipe(z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') }), schema),
  );
}

function optionalNumber(schema: z.core.$ZodType<number | undefined, number | undefined>) {
  return z.pipe(numberOrBlank, schema);
}

function wholeNumber(schema: ZodMiniNumber<number>, max: number) {
  return schema.check(
    z.lte(max, { error: `must be ${max.toLocaleString('en-US')} or less` }),
    z.refine(Number.isInteger, { error: 'must be a whole number' }),
  );
}

const isQuarterStep = (value: number) => Math.abs(value * 4 - Math.round(value * 4)) < 1e-9;

const blankOr = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z.union([z.literal(''), z.enum(values)]);

/** Text with its surrounding blanks cut; required text names a blank one so. */
const trimmedText = () => z.string().check(z.trim());
const requiredText = () => z.string().check(z.trim(), z.minLength(1, { error: 'is required' }));

const imageUrl = z.pipe(requiredText(), httpUrl);
const spaceTypeOrBlank = blankOr(SPACE_TYPES);

/** Fields shown for one sale type only; the other type's fields are neither checked nor sent. */
const SALE_ONLY = {
  SalePrice: optionalNumber(listingFieldsShape.SalePrice),
  HOAMonth: optionalNumber(listingFieldsShape.HOAMonth),
  EstimatePrice: optionalNumber(listingFieldsShape.EstimatePrice),
  UnitAreaPrice: optionalNumber(listingFieldsShape.UnitAreaPrice),
};
const RENT_ONLY = {
  RentPrice: optionalNumber(listingFieldsShape.RentPrice),
  DepositFee: optionalNumber(listingFieldsShape.DepositFee),
  SpaceType: z.pipe(
    spaceTypeOrBlank,
    z.transform((value: z.output<typeof spaceTypeOrBlank>) => value || undefined),
  ),
};
export const SALE_ONLY_FIELDS = Object.keys(SALE_ONLY) as Array<keyof typeof SALE_ONLY>;
export const RENT_ONLY_FIELDS = Object.keys(RENT_ONLY) as Array<keyof typeof RENT_ONLY>;

type SaleType = (typeof SALE_TYPES)[number];
function conditionalFieldsOf(saleType: SaleType) {
  return saleType === 'for_rent' ? RENT_ONLY : SALE_ONLY;
}

/** The other sale type's fields, which a form of this sale type hides and neither checks nor sends. */
export function hiddenFieldsOf(saleType: SaleType): ReadonlyArray<keyof typeof SALE_ONLY | keyof typeof RENT_ONLY> {
  return saleType === 'for_rent' ? SALE_ONLY_FIELDS : RENT_ONLY_FIELDS;
}

const formObject = z.object({
  SaleType: listingFieldsShape.SaleType,
  Status: listingFieldsShape.Status,
  CurrencySymbol: listingFieldsShape.CurrencySymbol,
  PropertyType: listingFieldsShape.PropertyType,
  Bedrooms: requiredNumber(wholeNumber(listingFieldsShape.Bedrooms, 100)),
  Bathrooms: requiredNumber(
    listingFieldsShape.Bathrooms.check(
      z.lte(100, { error: 'must be 100 or less' }),
      z.refine(isQuarterStep, { error: 'must be in halves or quarters, such as 2, 2.5 or 2.75' }),
    ),
  ),
  Url: z.pipe(requiredText(), listingFieldsShape.Url),
  MLSNumber: listingFieldsShape.MLSNumber,
  YearBuilt: requiredNumber(
    listingFieldsShape.YearBuilt.check(
      z.gte(YEAR_BUILT_MIN, { error: `must be between ${YEAR_BUILT_MIN} and ${YEAR_BUILT_MAX}` }),
      z.lte(YEAR_BUILT_MAX, { error: `must be between ${YEAR_BUILT_MIN} and ${YEAR_BUILT_MAX}` }),
    ),
  ),
  DaysOnMarket: requiredNumber(wholeNumber(listingFieldsShape.DaysOnMarket, 36_500)),
  LotArea: requiredNumber(listingFieldsShape.LotArea),
  BuildingArea: requiredNumber(listingFieldsShape.BuildingArea),
  AreaUnit: listingFieldsShape.AreaUnit,
  ParkingSpots: requiredNumber(wholeNumber(listingFieldsShape.ParkingSpots, 1_000)),
  // Field arrays hold objects so react-hook-form can key and reorder them.
  Images: z.array(z.object({ url: imageUrl })).check(z.maxLength(MAX_IMAGES, { error: `must hold at most ${MAX_IMAGES} images` })),
  Tours: blankOr(TOURS),
  Description: trimmedText(),
  ExtensionColumn: z
    .array(z.object({ Key: extensionColumnEntry.shape.Key, value: trimmedText() }))
    .check(z.maxLength(MAX_EXTENSION_ROWS, { error: `must hold at most ${MAX_EXTENSION_ROWS} rows` })),
  Location: trimmedText(),
  Address: trimmedText(),
  City: trimmedText(),
  State: trimmedText(),
  ZIP: trimmedText(),
  Latitude: optionalNumber(listingFieldsShape.Latitude),
  Longitude: optionalNumber(listingFieldsShape.Longitude),
  // Checked below against the sale type, so a hidden field never blocks the form.
  SalePrice: numberInput,
  HOAMonth: numberInput,
  EstimatePrice: numberInput,
  UnitAreaPrice: numberInput,
  RentPrice: numberInput,
  DepositFee: numberInput,
  SpaceType: blankOr(SPACE_TYPES),
});

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

type FormObjectValues = z.output<typeof formObject>;

export const listingFormSchema = z.pipe(
  formObject.check(
    z.superRefine(
      (values: FormObjectValues, ctx) => {
        for (const [field, schema] of Object.entries(conditionalFieldsOf(values.SaleType))) {
          const result = schema.safeParse(values[field as keyof typeof values]);
          for (const issue of result.error?.issues ?? []) {
            ctx.addIssue({ code: 'custom', path: [field, ...issue.path], message: issue.message });
          }
        }
        // A map pin needs both halves; one alone would be stored as a half-known place.
        if (isBlank(values.Latitude) !== isBlank(values.Longitude)) {
          const missing = isBlank(values.Latitude) ? 'Latitude' : 'Longitude';
          const given = missing === 'Latitude' ? 'a longitude' : 'a latitude';
          ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is given` });
        }
      },
      // Also when other fields failed, so every problem shows at once.
      { when: () => true },
    ),
  ),
  z.transform((values: FormObjectValues): ListingFields => {
    const fields: ListingFields = {
      SaleType: values.SaleType,
      Status: values.Status,
      CurrencySymbol: values.CurrencySymbol,
      PropertyType: values.PropertyType,
      Bedrooms: values.Bedrooms,
      Bathrooms: values.Bathrooms,
      Url: values.Url,
      MLSNumber: values.MLSNumber,
      YearBuilt: values.YearBuilt,
      DaysOnMarket: values.DaysOnMarket,
      LotArea: values.LotArea,
      BuildingArea: values.BuildingArea,
      AreaUnit: values.AreaUnit,
      ParkingSpots: values.ParkingSpots,
      // Lists and the text the table shows are always sent, so an edit can empty them.
      Images: values.Images.map(({ url }) => url),
      ExtensionColumn: values.ExtensionColumn.map(({ Key, value }) => ({ Key, value })),
      Description: values.Description,
      Address: values.Address,
      City: values.City,
      State: values.State,
      ZIP: values.ZIP,
    };
    // Blank optional fields are left out; an edit says which of them to clear (toUpdateListingRequest).
    if (values.Location) fields.Location = values.Location;
    if (values.Tours) fields.Tours = values.Tours;
    if (values.Latitude !== undefined) fields.Latitude = values.Latitude;
    if (values.Longitude !== undefined) fields.Longitude = values.Longitude;
    const conditional = conditionalFieldsOf(values.SaleType);
    for (const [field, schema] of Object.entries(conditional)) {
      const value: unknown = schema.parse(values[field as keyof typeof values]);
      if (value !== undefined) Object.assign(fields, { [field]: value });
    }
    return fields;
  }),
);

/** The values the form edits: what its inputs hold, blanks included. */
export type ListingFormValues = z.input<typeof listingFormSchema>;
/** The listing fields of a Create/Update request, as the form's schema yields them. */
export type ListingFields = Omit<CreateListingRequest, 'SerialNumber'>;

export function emptyListingFormValues(): ListingFormValues {
  return {
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: '',
    Bedrooms: '',
    Bathrooms: '',
    Url: '',
    MLSNumber: '',
    YearBuilt: '',
    DaysOnMarket: 0,
    LotArea: '',
    BuildingArea: '',
    AreaUnit: 'Square Feet',
    ParkingSpots: '',
    Images: [],
    Tours: '',
    Description: '',
    ExtensionColumn: [],
    Location: '',
    Address: '',
    City: '',
    State: '',
    ZIP: '',
    Latitude: '',
    Longitude: '',
    SalePrice: '',
    HOAMonth: '',
    EstimatePrice: '',
    UnitAreaPrice: '',
    RentPrice: '',
    DepositFee: '',
    SpaceType: '',
  };
}

function oneOf<Values extends readonly string[]>(values: Values, value: string): Values[number] | undefined {
  return values.find((candidate) => candidate === value);
}

const orBlank = (value: number | null): number | '' => value ?? '';

/** The form's starting values for editing a listing from the table. */
export function listingToFormValues(listing: Listing): ListingFormValues {
  const saleType = oneOf(SALE_TYPES, listing.SaleType) ?? 'for_sale';
  // Price is the list's "price for this sale type": the fallback when the specific one is blank.
  const salePrice = listing.SalePrice ?? (saleType === 'for_sale' ? listing.Price : null);
  const rentPrice = listing.RentPrice ?? (saleType === 'for_rent' ? listing.Price : null);
  return {
    ...emptyListingFormValues(),
    SaleType: saleType,
    Status: oneOf(LISTING_STATUSES, listing.Status) ?? 'Active',
    CurrencySymbol: listing.CurrencySymbol,
    PropertyType: listing.PropertyType,
    Bedrooms: orBlank(listing.Bedrooms),
    Bathrooms: orBlank(listing.Bathrooms),
    Url: listing.Url,
    MLSNumber: listing.MLSNumber,
    YearBuilt: orBlank(listing.YearBuilt),
    DaysOnMarket: orBlank(listing.DaysOnMarket),
    LotArea: orBlank(listing.LotArea),
    BuildingArea: orBlank(listing.BuildingArea),
    AreaUnit: listing.AreaUnit ?? AREA_UNITS[0],
    ParkingSpots: orBlank(listing.ParkingSpots),
    Images: listing.Images.map((url) => ({ url })),
    Tours: oneOf(TOURS, listing.Tours) ?? '',
    Description: listing.Description,
    ExtensionColumn: listing.ExtensionColumn.map(({ Key, value }) => ({ Key, value })),
    Address: listing.Address,
    City: listing.City,
    State: listing.State,
    ZIP: listing.ZIP,
    Location: listing.Location ?? '',
    Latitude: orBlank(listing.Latitude),
    Longitude: orBlank(listing.Longitude),
    SalePrice: orBlank(salePrice),
    HOAMonth: orBlank(listing.HOAMonth),
    EstimatePrice: orBlank(listing.EstimatePrice),
    UnitAreaPrice: orBlank(listing.UnitAreaPrice),
    RentPrice: orBlank(rentPrice),
    DepositFee: orBlank(listing.DepositFee),
    SpaceType: oneOf(SPACE_TYPES, listing.SpaceType) ?? '',
  };
}

export function toCreateListingRequest(chatbotId: string, fields: ListingFields): CreateListingRequest {
  return { SerialNumber: chatbotId, ...fields };
}

export type ListingKeyType = (typeof KEY_TYPES)[number];

/** Which stored value of the edited listing an update is matched by. */
export function listingKeyOf(listing: Pick<Listing, 'ID' | 'MLSNumber' | 'Url'>, keyType: ListingKeyType): string {
  switch (keyType) {
    case 'PlatformId':
      return String(listing.ID);
    case 'MLSNumber':
      return listing.MLSNumber;
    case 'URL':
      return listing.Url;
  }
}

/**
 * The optional fields an edit of a listing of this sale type shows, so that one left blank
 * means "clear it". The other sale type's fields are hidden and kept as stored; Location only
 * when the service's list gives it, since a blank we never filled must not clear it.
 */
export function fieldsShownForEdit(saleType: SaleType, locationShown: boolean): OptionalListingField[] {
  const hidden = new Set<string>(hiddenFieldsOf(saleType));
  if (!locationShown) hidden.add('Location');
  return OPTIONAL_LISTING_FIELDS.filter((field) => !hidden.has(field));
}

/**
 * A RealEstateUpdate of the checked fields. An update keeps every optional field it leaves
 * out, so each field of `shown` the user left blank is sent as null, which clears it; a
 * field the user never saw is left out and keeps its stored value.
 */
export function toUpdateListingRequest(
  chatbotId: string,
  fields: ListingFields,
  match: { KeyType: ListingKeyType; Key: string },
  shown: readonly OptionalListingField[],
): UpdateListingRequest {
  const cleared = Object.fromEntries(shown.filter((field) => fields[field] === undefined).map((field) => [field, null]));
  return { SerialNumber: chatbotId, ...cleared, ...fields, Key: match.Key, KeyType: match.KeyType };
}

/**
 * Where a service message `Field: text` belongs in the form. Paths are the request's
 * (`Images.2`, `ExtensionColumn.0.Key`); null when the form has no such control.
 */
export function formPathOfServiceField(field: string): FieldPath<ListingFormValues> | null {
  const [head = '', index, leaf, ...rest] = field.split('.');
  if (rest.length > 0 || !Object.hasOwn(LISTING_FIELD_LABELS, head)) return null;
  if (index === undefined) return head as ListingFieldName;
  if (!/^\d+$/.test(index)) return null;
  if (head === 'Images' && leaf === undefined) return `Images.${Number(index)}.url`;
  if (head === 'ExtensionColumn' && (leaf === 'Key' || leaf === 'value')) return `ExtensionColumn.${Number(index)}.${leaf}`;
  return null;
}

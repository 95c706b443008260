import * as z from 'zod/mini';
import { chatbotId, finiteNumber, httpUrl, integer, latitude, longitude, pageNumber, pageSize } from './primitives';

export const SALE_TYPES = ['for_sale', 'for_rent'] as const;
export const LISTING_STATUSES = ['Active', 'PreOnMarket', 'Sold'] as const;
export const AREA_UNITS = ['Square Feet', 'Square Meters'] as const;
export const TOURS = ['OpenHouse', '3D'] as const;
export const SPACE_TYPES = ['Entire place', 'Room'] as const;
export const KEY_TYPES = ['PlatformId', 'MLSNumber', 'URL'] as const;

export const saleType = z.enum(SALE_TYPES, { error: 'must be for_sale or for_rent' });
export const listingStatus = z.enum(LISTING_STATUSES, { error: 'must be Active, PreOnMarket or Sold' });
export const areaUnit = z.enum(AREA_UNITS, { error: 'must be Square Feet or Square Meters' });
export const tours = z.enum(TOURS, { error: 'must be OpenHouse or 3D' });
export const spaceType = z.enum(SPACE_TYPES, { error: 'must be Entire place or Room' });
export const keyType = z.enum(KEY_TYPES, { error: 'must be PlatformId, MLSNumber or URL' });

const requiredText = z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, { error: 'is required' }));
const amount = finiteNumber.check(z.gte(0, { error: 'must be 0 or more' }));

export const extensionColumnEntry = z.strictObject({
  Key: requiredText,
  value: z.optional(z.string()),
});
export type ExtensionColumnEntry = z.infer<typeof extensionColumnEntry>;

/** The listing fields of section 2.4 with the seed's required flags. */
export const listingFieldsShape = {
  SerialNumber: chatbotId,
  SaleType: saleType,
  Status: listingStatus,
  CurrencySymbol: requiredText,
  PropertyType: requiredText,
  Bedrooms: amount,
  Bathrooms: amount,
  Url: httpUrl,
  MLSNumber: requiredText,
  YearBuilt: integer.check(
    z.gte(1000, { error: 'must be a four-digit year' }),
    z.lte(2200, { error: 'must be a four-digit year' }),
  ),
  DaysOnMarket: amount,
  LotArea: amount,
  BuildingArea: amount,
  AreaUnit: areaUnit,
  ParkingSpots: amount,
  Images: z.optional(z.array(httpUrl).check(z.maxLength(100, { error: 'must hold at most 100 images' }))),
  Tours: z.optional(tours),
  Description: z.optional(z.string()),
  ExtensionColumn: z.optional(z.array(extensionColumnEntry).check(z.maxLength(100, { error: 'must hold at most 100 rows' }))),
  Location: z.optional(z.string()),
  Address: z.optional(z.string()),
  City: z.optional(z.string()),
  State: z.optional(z.string()),
  ZIP: z.optional(z.string()),
  Latitude: z.optional(latitude),
  Longitude: z.optional(longitude),
  SalePrice: z.optional(amount),
  UnitAreaPrice: z.optional(amount),
  HOAMonth: z.optional(amount),
  EstimatePrice: z.optional(amount),
  RentPrice: z.optional(amount),
  SpaceType: z.optional(spaceType),
  DepositFee: z.optional(amount),
} as const;

/** POST /chat/Chatbot/RealEstateCreate. Data: the new listing's id as text (= String(ID) in the list). */
export const createListingRequestSchema = z.strictObject(listingFieldsShape);
export type CreateListingRequest = z.infer<typeof createListingRequestSchema>;
export const createListingResponseDataSchema = z.string();

type ListingFieldsShape = typeof listingFieldsShape;
/** The fields a listing may be without (interface 2.4, "Required: no"), read from the shape itself. */
export type OptionalListingField = {
  [Field in keyof ListingFieldsShape]: ListingFieldsShape[Field] extends z.ZodMiniOptional ? Field : never;
}[keyof ListingFieldsShape];
export const OPTIONAL_LISTING_FIELDS = (Object.keys(listingFieldsShape) as Array<keyof ListingFieldsShape>).filter(
  (field) => listingFieldsShape[field]._zod.def.type === 'optional',
) as OptionalListingField[];

/**
 * An update's optional fields, where the interface is silent on what an absent one means:
 * absent keeps the stored value, `null` clears it, any other value replaces it ("" for text
 * and [] for a list store them empty). So a client that never saw a field (the list does not
 * return Location) cannot wipe it by leaving it out, and clearing is always said out loud.
 */
const updateOptionalShape = Object.fromEntries(
  OPTIONAL_LISTING_FIELDS.map((field) => [field, z.optional(z.nullable(listingFieldsShape[field]._zod.def.innerType))]),
) as {
  [Field in OptionalListingField]: z.ZodMiniOptional<z.ZodMiniNullable<ListingFieldsShape[Field]['_zod']['def']['innerType']>>;
};

/** POST /chat/Chatbot/RealEstateUpdate. Data: how many listings were updated (0 when none matched). */
export const updateListingRequestSchema = z.strictObject({
  ...listingFieldsShape,
  ...updateOptionalShape,
  Key: requiredText,
  KeyType: keyType,
});
export type UpdateListingRequest = z.infer<typeof updateListingRequestSchema>;
export const updateListingResponseDataSchema = z.int();

/** POST /chat/Chatbot/RealEstateList. */
export const listListingsRequestSchema = z.strictObject({
  SerialNumber: chatbotId,
  CityName: z.optional(z.string()),
  SaleType: z.optional(saleType),
  MLSNumber: z.optional(z.string()),
  PageNumber: z.optional(pageNumber),
  PageSize: z.optional(pageSize),
});
export type ListListingsRequest = z.infer<typeof listListingsRequestSchema>;

/** One element of Data.List: text everywhere except ID and the coordinates. */
export const listingRowSchema = z.object({
  ID: z.int(),
  /**
   * Not in the interface's list (2.4 names no Location): the local service adds it, as it adds
   * Detail. A service that leaves it out is read as "Location not shown", never as empty.
   */
  Location: z.optional(z.string()),
  PropertyType: z.string(),
  SaleType: z.string(),
  Status: z.string(),
  Images: z.string(),
  CurrencySymbol: z.string(),
  Price: z.string(),
  State: z.string(),
  City: z.string(),
  Address: z.string(),
  ZIP: z.string(),
  Area: z.string(),
  Bathrooms: z.string(),
  Bedrooms: z.string(),
  Url: z.string(),
  Tours: z.string(),
  YearBuilt: z.string(),
  MLSNumber: z.string(),
  DaysOnMarket: z.string(),
  LotArea: z.string(),
  BuildingArea: z.string(),
  ParkingSpots: z.string(),
  Description: z.string(),
  RentPrice: z.string(),
  SpaceType: z.string(),
  DepositFee: z.string(),
  SalePrice: z.string(),
  UnitAreaPrice: z.string(),
  EstimatePrice: z.string(),
  HOAMonth: z.string(),
  LATITUDE: z.nullable(z.number()),
  LONGITUDE: z.nullable(z.number()),
  ExtensionColumn: z.string(),
});
export type ListingRow = z.infer<typeof listingRowSchema>;

/** VirtualCount: the number of listings matching the filters, across all pages. */
export const listListingsResponseDataSchema = z.object({
  List: z.array(listingRowSchema),
  VirtualCount: z.int(),
});
export type ListListingsResponse = z.infer<typeof listListingsResponseDataSchema>;

export const MAX_DELETE_KEYS = 1000;

/** POST /chat/Chatbot/RealEstateDelete. */
export const deleteListingsRequestSchema = z.strictObject({
  SerialNumber: chatbotId,
  Keys: z
    .array(requiredText)
    .check(
      z.minLength(1, { error: 'must name at least one listing' }),
      z.maxLength(MAX_DELETE_KEYS, { error: `must name at most ${MAX_DELETE_KEYS} listings` }),
    ),
  KeyType: keyType,
});
export type DeleteListingsRequest = z.infer<typeof deleteListingsRequestSchema>;
export const deleteListingsResponseDataSchema = z.object({ SuccessCount: z.int() });

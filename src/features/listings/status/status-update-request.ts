import { SPACE_TYPES, TOURS, updateListingRequestSchema } from '../../../api/contract';
import type { LISTING_STATUSES, UpdateListingRequest } from '../../../api/contract';
import type { Listing } from '../parse-listing-row';

export type ListingStatus = (typeof LISTING_STATUSES)[number];

export type StatusUpdate = { ok: true; request: UpdateListingRequest } | { ok: false; reason: string };

const REQUIRED_NUMBERS = [
  'Bedrooms',
  'Bathrooms',
  'YearBuilt',
  'DaysOnMarket',
  'LotArea',
  'BuildingArea',
  'ParkingSpots',
] as const satisfies ReadonlyArray<keyof Listing>;

const OPTIONAL_NUMBERS = ['UnitAreaPrice', 'HOAMonth', 'EstimatePrice', 'DepositFee'] as const satisfies ReadonlyArray<keyof Listing>;

function oneOf<Values extends readonly string[]>(values: Values, value: string): Values[number] | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The RealEstateUpdate that changes only a listing's status. Interface 4.4 asks for every
 * required field, and a service may replace the optional ones too (the local service keeps an
 * absent one), so the request carries every field the list gave for the listing, Location
 * when the list has it, selected by its PlatformId; a blank optional field is left out. A listing whose required fields the list does not give (an area without a
 * known unit, a blank number) is not sent: guessing would change more than its status.
 */
export function statusUpdateRequestOf(chatbotId: string, listing: Listing, status: ListingStatus): StatusUpdate {
  const missing: string[] = REQUIRED_NUMBERS.filter((field) => listing[field] === null);
  if (listing.AreaUnit === null) missing.push('AreaUnit');
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `The list does not give its ${missing.join(', ')}, so it cannot be rewritten with a new status; edit the listing instead.`,
    };
  }

  const forSale = listing.SaleType === 'for_sale';
  const forRent = listing.SaleType === 'for_rent';
  // Price is the list's price for the sale type: the stand-in when the specific one is blank.
  const salePrice = listing.SalePrice ?? (forSale ? listing.Price : null);
  const rentPrice = listing.RentPrice ?? (forRent ? listing.Price : null);
  const candidate: Record<string, unknown> = {
    SerialNumber: chatbotId,
    Key: String(listing.ID),
    KeyType: 'PlatformId',
    SaleType: listing.SaleType,
    Status: status,
    CurrencySymbol: listing.CurrencySymbol,
    PropertyType: listing.PropertyType,
    Url: listing.Url,
    MLSNumber: listing.MLSNumber,
    AreaUnit: listing.AreaUnit,
    Images: listing.Images,
    ExtensionColumn: listing.ExtensionColumn,
    Description: listing.Description,
    Address: listing.Address,
    City: listing.City,
    State: listing.State,
    ZIP: listing.ZIP,
  };
  if (listing.Location) candidate.Location = listing.Location;
  for (const field of REQUIRED_NUMBERS) candidate[field] = listing[field];
  for (const field of OPTIONAL_NUMBERS) if (listing[field] !== null) candidate[field] = listing[field];
  if (salePrice !== null) candidate.SalePrice = salePrice;
  if (rentPrice !== null) candidate.RentPrice = rentPrice;
  const tours = oneOf(TOURS, listing.Tours);
  if (tours) candidate.Tours = tours;
  const spaceType = oneOf(SPACE_TYPES, listing.SpaceType);
  if (spaceType) candidate.SpaceType = spaceType;
  // A map pin needs both halves.
  if (listing.Latitude !== null && listing.Longitude !== null) {
    candidate.Latitude = listing.Latitude;
    candidate.Longitude = listing.Longitude;
  }

  const parsed = updateListingRequestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  // Written as the service writes its own reasons: `Field: text`.
  const reason = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  return { ok: false, reason };
}

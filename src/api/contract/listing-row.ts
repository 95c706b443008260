import type { CreateListingRequest, ListingRow } from './listings';

/** How the list operation shows a number: as text, and "" when unset. */
function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

/** The abbreviation used in a row's Area text. */
export const AREA_UNIT_ABBREVIATIONS = { 'Square Feet': 'sqft', 'Square Meters': 'm²' } as const;

/**
 * The element of RealEstateList's Data.List that a created listing becomes (interface 2.4,
 * "Listing as returned by the list operation"): numbers as text, Price from the sale type,
 * Area with its unit, and Location, which the interface's list lacks (our addition: without it
 * no client could show or send back a listing's Location). The local service answers with it,
 * and tests build expected rows with it.
 */
export function listingRowOf(listing: Omit<CreateListingRequest, 'SerialNumber'>, id: number): ListingRow {
  return {
    ID: id,
    PropertyType: listing.PropertyType,
    SaleType: listing.SaleType,
    Status: listing.Status,
    Images: JSON.stringify(listing.Images ?? []),
    CurrencySymbol: listing.CurrencySymbol,
    Price: numberText(listing.SaleType === 'for_sale' ? listing.SalePrice : listing.RentPrice),
    State: listing.State ?? '',
    City: listing.City ?? '',
    Address: listing.Address ?? '',
    ZIP: listing.ZIP ?? '',
    Area: `${listing.BuildingArea} ${AREA_UNIT_ABBREVIATIONS[listing.AreaUnit]}`,
    Bathrooms: String(listing.Bathrooms),
    Bedrooms: String(listing.Bedrooms),
    Url: listing.Url,
    Tours: listing.Tours ?? '',
    YearBuilt: String(listing.YearBuilt),
    MLSNumber: listing.MLSNumber,
    DaysOnMarket: String(listing.DaysOnMarket),
    LotArea: String(listing.LotArea),
    BuildingArea: String(listing.BuildingArea),
    ParkingSpots: String(listing.ParkingSpots),
    Description: listing.Description ?? '',
    RentPrice: numberText(listing.RentPrice),
    SpaceType: listing.SpaceType ?? '',
    DepositFee: numberText(listing.DepositFee),
    SalePrice: numberText(listing.SalePrice),
    UnitAreaPrice: numberText(listing.UnitAreaPrice),
    EstimatePrice: numberText(listing.EstimatePrice),
    HOAMonth: numberText(listing.HOAMonth),
    LATITUDE: listing.Latitude ?? null,
    LONGITUDE: listing.Longitude ?? null,
    ExtensionColumn: JSON.stringify(listing.ExtensionColumn ?? []),
    Location: listing.Location ?? '',
  };
}

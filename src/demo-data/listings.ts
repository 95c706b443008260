import { listingRowOf, type CreateListingRequest, type ListingRow } from '../api/contract';
import { createRandom, seedOf, type Random } from './random';

interface City {
  City: string;
  State: string;
  ZIP: string;
  latitude: number;
  longitude: number;
  /** Typical sale price of a 2-bedroom home, which scales every price in the city. */
  basePrice: number;
  neighbourhoods: readonly string[];
}

export const DEMO_CITIES: readonly City[] = [
  { City: 'Austin', State: 'TX', ZIP: '787', latitude: 30.2672, longitude: -97.7431, basePrice: 450_000, neighbourhoods: ['Zilker', 'Mueller', 'Hyde Park', 'East Austin'] },
  { City: 'Denver', State: 'CO', ZIP: '802', latitude: 39.7392, longitude: -104.9903, basePrice: 520_000, neighbourhoods: ['LoHi', 'Capitol Hill', 'Washington Park', 'Highlands'] },
  { City: 'Seattle', State: 'WA', ZIP: '981', latitude: 47.6062, longitude: -122.3321, basePrice: 720_000, neighbourhoods: ['Ballard', 'Fremont', 'Queen Anne', 'Capitol Hill'] },
  { City: 'Miami', State: 'FL', ZIP: '331', latitude: 25.7617, longitude: -80.1918, basePrice: 560_000, neighbourhoods: ['Brickell', 'Coconut Grove', 'Wynwood', 'Little Havana'] },
  { City: 'Chicago', State: 'IL', ZIP: '606', latitude: 41.8781, longitude: -87.6298, basePrice: 380_000, neighbourhoods: ['Lincoln Park', 'Wicker Park', 'Lakeview', 'Hyde Park'] },
  { City: 'Boston', State: 'MA', ZIP: '021', latitude: 42.3601, longitude: -71.0589, basePrice: 780_000, neighbourhoods: ['Back Bay', 'South End', 'Beacon Hill', 'Jamaica Plain'] },
];

const STREETS = ['Oak Street', 'Maple Avenue', 'Cedar Lane', 'Lakeview Drive', 'Sunset Boulevard', 'Willow Court', 'Park Place', 'Highland Road', 'River Road', 'Elm Street', 'Magnolia Way', 'Aspen Trail'];
const SALE_PROPERTY_TYPES = ['Single Family', 'Condo', 'Townhouse', 'Multi Family'] as const;
const RENT_PROPERTY_TYPES = ['Apartment', 'Condo', 'Single Family', 'Townhouse'] as const;
const FEATURES = [
  'Updated kitchen with quartz counters',
  'Hardwood floors throughout',
  'Private backyard with a covered patio',
  'Walk to parks, cafes and transit',
  'Primary suite with a walk-in closet',
  'Big windows and lots of natural light',
  'In-unit washer and dryer',
  'Rooftop terrace with city views',
  'Quiet tree-lined street',
  'Energy-efficient appliances and solar panels',
];
const EXTENSIONS = [
  { Key: 'Pool', value: 'Yes' },
  { Key: 'Pets', value: 'Cats and dogs allowed' },
  { Key: 'Heating', value: 'Forced air, gas' },
  { Key: 'School district', value: 'Unified, rated 8/10' },
  { Key: 'Furnished', value: 'No' },
  { Key: 'Fireplace', value: 'Wood-burning' },
] as const;

const SQFT_PER_SQM = 10.7639;

/**
 * One demo listing. The structural fields come from `index` so every seeded bot has every
 * city × sale type × bedroom count (the chat responder and the e2e specs rely on, e.g., a
 * 3-bedroom Austin rental and a 2-bedroom Denver rental existing); the rest from `random`.
 */
function buildListing(serialNumber: string, index: number, random: Random, slug: string): CreateListingRequest {
  const city = DEMO_CITIES[index % DEMO_CITIES.length]!;
  const forRent = Math.floor(index / DEMO_CITIES.length) % 2 === 1;
  const bedrooms = 1 + (Math.floor(index / (DEMO_CITIES.length * 2)) % 5);
  const status = index % 10 === 7 ? 'Sold' : index % 10 === 4 ? 'PreOnMarket' : 'Active';
  const metric = index % 9 === 5;
  const propertyType = random.pick(forRent ? RENT_PROPERTY_TYPES : SALE_PROPERTY_TYPES);
  const neighbourhood = random.pick(city.neighbourhoods);
  const bathrooms = Math.max(1, bedrooms - 1 + random.pick([0, 0.5, 1]));
  const squareFeet = Math.round((450 + bedrooms * 420 + random.int(-120, 260)) / 10) * 10;
  const buildingArea = metric ? Math.round(squareFeet / SQFT_PER_SQM) : squareFeet;
  const hasLot = propertyType === 'Single Family' || propertyType === 'Multi Family';
  const lotSquareFeet = hasLot ? random.int(30, 120) * 100 : 0;
  const priceFactor = (0.55 + 0.25 * bedrooms) * random.between(0.85, 1.15);
  const salePrice = Math.round((city.basePrice * priceFactor) / 1000) * 1000;
  const rentPrice = Math.round((city.basePrice / 230) * priceFactor * random.between(0.9, 1.1) / 10) * 10;
  const priceOnRequest = index % 29 === 28;
  const streetNumber = random.int(100, 9899);
  const street = random.pick(STREETS);
  const unit = propertyType === 'Apartment' || propertyType === 'Condo' ? `, Unit ${random.int(1, 24)}${random.pick(['A', 'B', 'C'])}` : '';
  const mlsNumber = `${city.State}${String(100_000 + index * 7919 + (seedOf(slug) % 5000)).padStart(7, '0')}`;
  const feature = random.pick(FEATURES);
  const otherFeature = random.pick(FEATURES.filter((candidate) => candidate !== feature));
  const imageCount = index % 4 === 3 ? 0 : random.int(1, 4);
  const extensionCount = index % 3;
  const extensionStart = random.int(0, EXTENSIONS.length - 1);

  const listing: CreateListingRequest = {
    SerialNumber: serialNumber,
    SaleType: forRent ? 'for_rent' : 'for_sale',
    Status: status,
    CurrencySymbol: '$',
    PropertyType: propertyType,
    Bedrooms: bedrooms,
    Bathrooms: bathrooms,
    Url: `https://homes.example.com/${slug}/${mlsNumber.toLowerCase()}`,
    MLSNumber: mlsNumber,
    YearBuilt: random.int(1905, 2024),
    DaysOnMarket: status === 'PreOnMarket' ? 0 : random.int(1, 120),
    LotArea: metric ? Math.round(lotSquareFeet / SQFT_PER_SQM) : lotSquareFeet,
    BuildingArea: buildingArea,
    AreaUnit: metric ? 'Square Meters' : 'Square Feet',
    ParkingSpots: random.int(0, 3),
    Images: Array.from({ length: imageCount }, (_, image) => `https://picsum.photos/seed/${slug}-${index}-${image}/400/300`),
    Description: `${bedrooms}-bedroom ${propertyType.toLowerCase()} in ${neighbourhood}, ${city.City}. ${feature}. ${otherFeature}.`,
    ExtensionColumn: Array.from({ length: extensionCount }, (_, entry) => ({ ...EXTENSIONS[(extensionStart + entry) % EXTENSIONS.length]! })),
    Location: neighbourhood,
    Address: `${streetNumber} ${street}${unit}`,
    City: city.City,
    State: city.State,
    ZIP: `${city.ZIP}${String(random.int(1, 99)).padStart(2, '0')}`,
  };
  if (index % 4 !== 2) listing.Tours = index % 3 === 0 ? '3D' : 'OpenHouse';
  if (index % 11 !== 10) {
    listing.Latitude = round(city.latitude + random.between(-0.08, 0.08), 5);
    listing.Longitude = round(city.longitude + random.between(-0.08, 0.08), 5);
  }
  if (forRent) {
    if (!priceOnRequest) listing.RentPrice = rentPrice;
    listing.DepositFee = rentPrice * random.pick([1, 1.5, 2]);
    listing.SpaceType = index % 8 === 7 ? 'Room' : 'Entire place';
  } else {
    if (!priceOnRequest) {
      listing.SalePrice = salePrice;
      listing.UnitAreaPrice = Math.round(salePrice / buildingArea);
    }
    listing.EstimatePrice = Math.round((salePrice * random.between(0.95, 1.08)) / 1000) * 1000;
  }
  if (propertyType === 'Condo' || propertyType === 'Townhouse') listing.HOAMonth = random.int(15, 60) * 10;
  return listing;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'bot';
}

/**
 * The demo listings of a chatbot: `count` varied, valid listings (every city, both sale
 * types, every status, some without images, tours, coordinates or price). The same
 * chatbot id always gives the same listings.
 */
export function demoListings(chatbotId: string, count = 60): CreateListingRequest[] {
  const slug = slugOf(chatbotId);
  const random = createRandom(seedOf(chatbotId));
  return Array.from({ length: count }, (_, index) => buildListing(chatbotId, index, random, slug));
}

let sequence = 0;

/**
 * A valid create request, different on every call (its own MLS number and Url), with
 * `overrides` applied last: `createListing({ City: 'Austin', Bedrooms: 3 })`.
 * Pass `SerialNumber` to target a chatbot (default `demo-bot`).
 */
export function createListing(overrides: Partial<CreateListingRequest> = {}): CreateListingRequest {
  sequence += 1;
  const serialNumber = overrides.SerialNumber ?? 'demo-bot';
  const random = createRandom(seedOf(`listing-${sequence}`));
  const base = buildListing(serialNumber, random.int(0, 59), random, 'test');
  const mlsNumber = `TST${String(sequence).padStart(6, '0')}`;
  return { ...base, MLSNumber: mlsNumber, Url: `https://homes.example.com/test/${mlsNumber.toLowerCase()}`, ...overrides };
}

let rowSequence = 0;

/** A list row for UI tests, built from `createListing(overrides)` with a fresh ID. */
export function createListingRow(overrides: Partial<CreateListingRequest> = {}, id?: number): ListingRow {
  rowSequence += 1;
  return listingRowOf(createListing(overrides), id ?? 10_000 + rowSequence);
}

import { AREA_UNITS, type ExtensionColumnEntry, type ListingRow } from '../../api/contract';

/**
 * The list operation answers numbers, image lists and extension rows as text. This module
 * is the one place that text becomes numbers and lists; components only read a `Listing`.
 * Rows come from a service we do not control, so odd text degrades to "unknown" (null or
 * an empty list) instead of throwing and taking the whole table down.
 */

/** The fields the list gives as text that a Listing holds as numbers (Pick fails on a name the row lacks). */
type NumericField = keyof Pick<
  ListingRow,
  | 'Price'
  | 'Bathrooms'
  | 'Bedrooms'
  | 'YearBuilt'
  | 'DaysOnMarket'
  | 'LotArea'
  | 'BuildingArea'
  | 'ParkingSpots'
  | 'RentPrice'
  | 'DepositFee'
  | 'SalePrice'
  | 'UnitAreaPrice'
  | 'EstimatePrice'
  | 'HOAMonth'
>;

export type AreaUnit = (typeof AREA_UNITS)[number];
export type ExtensionEntry = Required<ExtensionColumnEntry>;

export type Listing = Omit<ListingRow, NumericField | 'Images' | 'ExtensionColumn' | 'LATITUDE' | 'LONGITUDE'> & {
  [Field in NumericField]: number | null;
} & {
  Images: string[];
  ExtensionColumn: ExtensionEntry[];
  /** Read from `Area` ("1,850 Square Feet"): the list carries the unit nowhere else. */
  AreaUnit: AreaUnit | null;
  Latitude: number | null;
  Longitude: number | null;
};

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** What the local service writes (String of a number): read as it is, without the clean-up below. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** "1,250,000" → 1250000, "" → null, anything that is not a number → null. */
export function parseNumberText(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  // Fast paths for the common texts (an export parses 1.4 million numbers); the general path
  // gives the same for both.
  if (text === '') return null;
  if (PLAIN_NUMBER.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }
  const compact = text.trim().replace(/[,\s_]/g, '');
  if (!DECIMAL.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return '';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function imageOf(item: unknown): string {
  if (item !== null && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    return asText(record.url ?? record.Url ?? record.URL ?? record.src);
  }
  return typeof item === 'string' ? item.trim() : '';
}

/** `["https://a.jpg","https://b.jpg"]`, or the same as comma- or line-separated text. */
export function parseImageList(text: unknown): string[] {
  if (Array.isArray(text)) return text.map(imageOf).filter(Boolean);
  if (typeof text !== 'string') return [];
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const json = trimmed.startsWith('[') || trimmed.startsWith('"') ? parseJson(trimmed) : undefined;
  if (Array.isArray(json)) return json.map(imageOf).filter(Boolean);
  if (typeof json === 'string') return parseImageList(json);
  return trimmed
    .split(/[,\n]/)
    .map((part) => part.trim().replace(/^[["'\s]+|[\]"'\s]+$/g, ''))
    .filter(Boolean);
}

function entryOf(item: unknown): ExtensionEntry | null {
  if (Array.isArray(item)) return { Key: asText(item[0]), value: asText(item[1]) };
  if (item !== null && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    return { Key: asText(record.Key ?? record.key ?? record.name), value: asText(record.value ?? record.Value) };
  }
  return null;
}

function isFilled(entry: ExtensionEntry | null): entry is ExtensionEntry {
  return entry !== null && (entry.Key !== '' || entry.value !== '');
}

/**
 * `[{"Key":"Pool","value":"Heated"}]` (the documented shape), a plain `{"Pool":"Heated"}`
 * object, or the human form `Pool: Heated; View: Lake`.
 */
export function parseExtensionColumn(text: unknown): ExtensionEntry[] {
  if (Array.isArray(text)) return text.map(entryOf).filter(isFilled);
  if (typeof text !== 'string') return [];
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const json = trimmed.startsWith('[') || trimmed.startsWith('{') ? parseJson(trimmed) : undefined;
  if (Array.isArray(json)) return json.map(entryOf).filter(isFilled);
  if (json !== null && typeof json === 'object') {
    return Object.entries(json).map(([Key, value]) => ({ Key: Key.trim(), value: asText(value) })).filter(isFilled);
  }
  return trimmed
    .split(/[;\n]/)
    .map((part): ExtensionEntry => {
      const colon = part.indexOf(':');
      return colon === -1
        ? { Key: part.trim(), value: '' }
        : { Key: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() };
    })
    .filter(isFilled);
}

/** "1,850 Square Feet" → Square Feet; also the usual abbreviations (sq ft, m²). */
export function parseAreaUnit(area: unknown): AreaUnit | null {
  if (typeof area !== 'string') return null;
  const text = area.toLowerCase();
  const named = AREA_UNITS.find((unit) => text.includes(unit.toLowerCase()));
  if (named) return named;
  if (/sq\.?\s*m\b|sqm\b|m²|\bm2\b|square\s*met/.test(text)) return 'Square Meters';
  if (/sq\.?\s*f(?:ee)?t\b|sqft\b|ft²|\bft2\b|square\s*f/.test(text)) return 'Square Feet';
  return null;
}

/**
 * Every field named, none copied by a rest or spread: `{ ...rest }` after destructuring takes
 * V8's slow generic copy, and an export parses 100,000 rows (21 µs a row that way, 3 µs
 * written out; docs/performance.md). Typed as Listing, a field the row gains and this leaves
 * out fails the typecheck; Location is optional, so parse-listing-row.test.ts checks it is kept.
 */
export function parseListingRow(row: ListingRow): Listing {
  return {
    ID: row.ID,
    Location: row.Location,
    PropertyType: row.PropertyType,
    SaleType: row.SaleType,
    Status: row.Status,
    CurrencySymbol: row.CurrencySymbol,
    State: row.State,
    City: row.City,
    Address: row.Address,
    ZIP: row.ZIP,
    Area: row.Area,
    Url: row.Url,
    Tours: row.Tours,
    MLSNumber: row.MLSNumber,
    Description: row.Description,
    SpaceType: row.SpaceType,
    Price: parseNumberText(row.Price),
    Bathrooms: parseNumberText(row.Bathrooms),
    Bedrooms: parseNumberText(row.Bedrooms),
    YearBuilt: parseNumberText(row.YearBuilt),
    DaysOnMarket: parseNumberText(row.DaysOnMarket),
    LotArea: parseNumberText(row.LotArea),
    BuildingArea: parseNumberText(row.BuildingArea),
    ParkingSpots: parseNumberText(row.ParkingSpots),
    RentPrice: parseNumberText(row.RentPrice),
    DepositFee: parseNumberText(row.DepositFee),
    SalePrice: parseNumberText(row.SalePrice),
    UnitAreaPrice: parseNumberText(row.UnitAreaPrice),
    EstimatePrice: parseNumberText(row.EstimatePrice),
    HOAMonth: parseNumberText(row.HOAMonth),
    Images: parseImageList(row.Images),
    ExtensionColumn: parseExtensionColumn(row.ExtensionColumn),
    AreaUnit: parseAreaUnit(row.Area),
    Latitude: parseNumberText(row.LATITUDE),
    Longitude: parseNumberText(row.LONGITUDE),
  };
}

const parsedPages = new WeakMap<readonly ListingRow[], Listing[]>();

/**
 * The rows of one list answer, parsed once per answer (the same array gives the same
 * listings), so a page fetched ahead can be parsed before it is shown rather than while.
 */
export function parseListingPage(rows: readonly ListingRow[]): Listing[] {
  let listings = parsedPages.get(rows);
  if (!listings) {
    listings = rows.map(parseListingRow);
    parsedPages.set(rows, listings);
  }
  return listings;
}

/** How a person names a listing in a label or a question: its street address, else its MLS number. */
export function listingLabel(listing: Pick<Listing, 'ID' | 'Address' | 'MLSNumber'>): string {
  const address = listing.Address.trim();
  if (address) return address;
  const mls = listing.MLSNumber.trim();
  return mls ? `MLS ${mls}` : `listing ${listing.ID}`;
}

import * as z from 'zod/mini';
import { readStoredJson, writeStoredJson } from '../../../lib/stored-json';
import { LISTING_FIELD_LABELS, type ListingFieldName } from '../form/listing-form-schema';

/**
 * Which listing field each column of an imported file fills. A file exported here has the
 * interface's field names as headers and maps itself; a spreadsheet from elsewhere is matched
 * by the same names ignoring case, spaces and punctuation, then by the words people use
 * ("Beds", "Zip code", "List price"). The user fixes the rest with a select per column.
 */
export const IMPORT_FIELDS = Object.keys(LISTING_FIELD_LABELS) as ListingFieldName[];

/** One entry per column of the file, in the file's order: the field it fills, or null (not imported). */
export type ColumnMapping = Array<ListingFieldName | null>;

/** "Zip Code", "zip_code", "ZIP-code" → "zipcode". */
export function normalizedHeader(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Common column names of spreadsheets and MLS exports, normalized. The form's labels count too. */
const SYNONYMS: Partial<Record<ListingFieldName, readonly string[]>> = {
  Bedrooms: ['beds', 'bed', 'br', 'bdrms', 'bedroom'],
  Bathrooms: ['baths', 'bath', 'ba', 'bathroom', 'bathstotal'],
  SalePrice: ['price', 'listprice', 'askingprice', 'saleprice'],
  RentPrice: ['rent', 'monthlyrent', 'rentpermonth', 'leaseprice'],
  ZIP: ['zip', 'zipcode', 'postalcode', 'postcode'],
  MLSNumber: ['mls', 'mlsid', 'mlsno', 'mlsnum', 'listingid'],
  Url: ['url', 'link', 'listingurl', 'listinglink', 'website'],
  Address: ['street', 'streetaddress', 'address1', 'fulladdress'],
  State: ['province', 'region', 'stateorprovince'],
  BuildingArea: ['sqft', 'squarefeet', 'livingarea', 'size', 'floorarea'],
  LotArea: ['lot', 'lotsize', 'lotsqft', 'acreage'],
  YearBuilt: ['year', 'built'],
  DaysOnMarket: ['dom', 'daysonmarket'],
  ParkingSpots: ['parking', 'garage', 'garagespaces'],
  PropertyType: ['type', 'propertytype', 'hometype'],
  SaleType: ['listingtype', 'transactiontype'],
  Status: ['listingstatus', 'status'],
  CurrencySymbol: ['currency'],
  Images: ['photos', 'photo', 'pictures', 'imageurls', 'image'],
  HOAMonth: ['hoa', 'hoafee', 'hoadues'],
  DepositFee: ['deposit', 'securitydeposit'],
  Latitude: ['lat'],
  Longitude: ['lng', 'lon', 'long'],
  Description: ['remarks', 'publicremarks', 'details'],
  ExtensionColumn: ['extras', 'features'],
};

const BY_SYNONYM = new Map<string, ListingFieldName>();
for (const field of IMPORT_FIELDS) {
  BY_SYNONYM.set(normalizedHeader(LISTING_FIELD_LABELS[field]), field);
  for (const word of SYNONYMS[field] ?? []) BY_SYNONYM.set(word, field);
}

/**
 * Maps each header in three passes (exact name, then case and spaces ignored, then synonyms),
 * a field going to the first column that claims it, so an exact `SalePrice` column is not
 * shadowed by an earlier `Price`. `remembered` (header → field or null) is applied first.
 */
export function autoMapColumns(headers: readonly string[], remembered: RememberedMapping = {}): ColumnMapping {
  const mapping: ColumnMapping = headers.map(() => null);
  const decided = headers.map(() => false);
  const taken = new Set<ListingFieldName>();
  const claim = (index: number, field: ListingFieldName | null | undefined) => {
    if (decided[index] || field === undefined) return;
    if (field !== null && taken.has(field)) return;
    mapping[index] = field;
    decided[index] = true;
    if (field !== null) taken.add(field);
  };
  headers.forEach((header, index) => {
    if (Object.hasOwn(remembered, header)) claim(index, remembered[header]);
  });
  const byName = new Map(IMPORT_FIELDS.map((field) => [field as string, field]));
  const byNormalized = new Map(IMPORT_FIELDS.map((field) => [normalizedHeader(field), field]));
  headers.forEach((header, index) => claim(index, byName.get(header.trim())));
  headers.forEach((header, index) => claim(index, byNormalized.get(normalizedHeader(header))));
  headers.forEach((header, index) => claim(index, BY_SYNONYM.get(normalizedHeader(header))));
  return mapping;
}

/** The user's choice per header, for the next file with the same headers. */
export type RememberedMapping = Record<string, ListingFieldName | null>;

const STORAGE_PREFIX = 'realty-bot-console.listings.import-mapping.v1:';
const MAX_REMEMBERED = 200;
const rememberedSchema = z.record(
  z.string().check(z.maxLength(200)),
  z.nullable(z.enum(IMPORT_FIELDS as [ListingFieldName, ...ListingFieldName[]])),
);

export function importMappingKey(chatbotId: string): string {
  return `${STORAGE_PREFIX}${chatbotId}`;
}

export function readRememberedMapping(storage: Storage, chatbotId: string): RememberedMapping {
  const parsed = rememberedSchema.safeParse(readStoredJson(storage, importMappingKey(chatbotId)));
  return parsed.success ? parsed.data : {};
}

/** Adds this file's choices to what is remembered (newest last, the oldest dropped past a bound). */
export function rememberMapping(storage: Storage, chatbotId: string, headers: readonly string[], mapping: ColumnMapping): void {
  const next: RememberedMapping = { ...readRememberedMapping(storage, chatbotId) };
  headers.forEach((header, index) => {
    delete next[header];
    next[header] = mapping[index] ?? null;
  });
  const entries = Object.entries(next).slice(-MAX_REMEMBERED);
  writeStoredJson(storage, importMappingKey(chatbotId), Object.fromEntries(entries));
}

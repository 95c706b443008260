import type { Statement } from 'better-sqlite3';
import type { CreateListingRequest, UpdateListingRequest } from '../../src/api/contract';
import type { Db } from './database';

type KeyType = UpdateListingRequest['KeyType'];
type SaleType = CreateListingRequest['SaleType'];

/** A listing as the service keeps it: the create fields without the chatbot id. */
export type ListingFields = Omit<CreateListingRequest, 'SerialNumber'>;
/** An update's fields: the required ones, and each optional one absent (kept), null (cleared) or a value. */
export type ListingChanges = Omit<UpdateListingRequest, 'SerialNumber' | 'Key' | 'KeyType'>;
export type ListingRecord = ListingFields & { ID: number };

type FieldName = keyof ListingFields;

/**
 * Every listing field is a real column, so the list filters use indexes; the two arrays
 * (Images, ExtensionColumn) are stored as JSON text. Unset optional fields are NULL.
 */
const COLUMNS: ReadonlyArray<readonly [column: string, field: FieldName, kind: 'value' | 'json']> = [
  ['sale_type', 'SaleType', 'value'],
  ['status', 'Status', 'value'],
  ['currency_symbol', 'CurrencySymbol', 'value'],
  ['property_type', 'PropertyType', 'value'],
  ['bedrooms', 'Bedrooms', 'value'],
  ['bathrooms', 'Bathrooms', 'value'],
  ['url', 'Url', 'value'],
  ['mls_number', 'MLSNumber', 'value'],
  ['year_built', 'YearBuilt', 'value'],
  ['days_on_market', 'DaysOnMarket', 'value'],
  ['lot_area', 'LotArea', 'value'],
  ['building_area', 'BuildingArea', 'value'],
  ['area_unit', 'AreaUnit', 'value'],
  ['parking_spots', 'ParkingSpots', 'value'],
  ['images', 'Images', 'json'],
  ['tours', 'Tours', 'value'],
  ['description', 'Description', 'value'],
  ['extension_column', 'ExtensionColumn', 'json'],
  ['location', 'Location', 'value'],
  ['address', 'Address', 'value'],
  ['city', 'City', 'value'],
  ['state', 'State', 'value'],
  ['zip', 'ZIP', 'value'],
  ['latitude', 'Latitude', 'value'],
  ['longitude', 'Longitude', 'value'],
  ['sale_price', 'SalePrice', 'value'],
  ['unit_area_price', 'UnitAreaPrice', 'value'],
  ['hoa_month', 'HOAMonth', 'value'],
  ['estimate_price', 'EstimatePrice', 'value'],
  ['rent_price', 'RentPrice', 'value'],
  ['space_type', 'SpaceType', 'value'],
  ['deposit_fee', 'DepositFee', 'value'],
];

type Row = Record<string, string | number | null> & { id: number };
type Bindable = string | number | null;

function columnValue(kind: 'value' | 'json', value: unknown): Bindable {
  if (value === undefined || value === null) return null;
  return kind === 'json' ? JSON.stringify(value) : (value as string | number);
}

function columnValues(fields: ListingFields): Bindable[] {
  return COLUMNS.map(([, field, kind]) => columnValue(kind, fields[field]));
}

function recordOf(row: Row): ListingRecord {
  const record: Record<string, unknown> = { ID: row.id };
  for (const [column, field, kind] of COLUMNS) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    record[field] = kind === 'json' ? JSON.parse(String(value)) : value;
  }
  return record as ListingRecord;
}

/**
 * recordOf for a row read with `.raw()` as `SELECT id, <COLUMNS in order>`: the same record.
 * An export reads 100,000 listings as 1,000 pages; reading them as arrays rather than objects
 * halved the page's read (better-sqlite3 builds no object with 37 named properties per row),
 * and the loop below looks no column up by name (docs/performance.md).
 */
function recordOfValues(values: readonly (string | number | null)[]): ListingRecord {
  const record: Record<string, unknown> = { ID: values[0] };
  for (let index = 0; index < COLUMNS.length; index += 1) {
    const value = values[index + 1];
    if (value === null || value === undefined) continue;
    const [, field, kind] = COLUMNS[index]!;
    record[field] = kind === 'json' ? JSON.parse(String(value)) : value;
  }
  return record as ListingRecord;
}

const KEY_COLUMNS: Record<KeyType, string> = { PlatformId: 'id', MLSNumber: 'mls_number', URL: 'url' };

/** The id a PlatformId key names, or null when the key cannot be one of our ids. */
function idOfKey(key: string): number | null {
  const trimmed = key.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

export interface ListFilters {
  city?: string;
  saleType?: SaleType;
  mlsNumber?: string;
}

/** What the chat responder looks for; price compares SalePrice or RentPrice by sale type. */
export interface ListingCriteria {
  city?: string;
  saleType?: SaleType;
  bedrooms?: number;
  minBedrooms?: number;
  minPrice?: number;
  maxPrice?: number;
  order?: 'newest' | 'cheapest' | 'priciest';
  /** Only listings a visitor can still buy or rent (Active, PreOnMarket). */
  availableOnly?: boolean;
}

/** Written exactly as in the listings_chatbot_price index, so SQLite uses it. */
const PRICE = "(CASE sale_type WHEN 'for_sale' THEN sale_price ELSE rent_price END)";
const ORDERS: Record<NonNullable<ListingCriteria['order']>, string> = {
  newest: 'id DESC',
  cheapest: `${PRICE} ASC, id DESC`,
  priciest: `${PRICE} DESC, id DESC`,
};

export type ListingStore = ReturnType<typeof createListingStore>;

/**
 * The chat responder builds a pattern from the city names; a listing whose City is a huge
 * text (nothing limits its length) made that pattern too large and every ClientAsk of the
 * chatbot fail with 500 (found by `npm run fuzz`). No one asks for a city by a longer name.
 */
export const MAX_RECOGNISED_CITY_LENGTH = 100;

/** More distinct filters than this between two writes (MLS numbers typed one by one) start the cache afresh. */
const MAX_CACHED_FILTERS = 512;
/** Page starts remembered per filter; more start that filter's list afresh. */
const MAX_PAGE_STARTS = 64;

/** What is known of one filter's matches, newest first: how many, and the id at some offsets. */
class Positions {
  private readonly starts = new Map<number, number>();
  constructor(readonly total: number) {}

  /** The known offset nearest at or before `offset`, with the id found there. */
  nearest(offset: number): { offset: number; id: number } | undefined {
    let best: { offset: number; id: number } | undefined;
    for (const [known, id] of this.starts) {
      if (known <= offset && (!best || known > best.offset)) best = { offset: known, id };
    }
    return best;
  }

  remember(offset: number, id: number): void {
    if (this.starts.size >= MAX_PAGE_STARTS) this.starts.clear();
    this.starts.set(offset, id);
  }
}

/**
 * Per filter, VirtualCount and where pages already asked for start, so paging a big city
 * neither counts its rows on every request nor walks from the top to page 500 each time.
 * What is cached stays valid until the listings change: this store's own writes invalidate
 * it, and PRAGMA data_version (a few microseconds) tells when another connection (the bench's
 * seeding, a second service on the same file) committed anything. Inside a transaction
 * nothing is cached, since it may still roll back.
 */
function createPositionCache(db: Db) {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const filters = new Map<string, Positions>();
  let seenVersion: number | undefined;
  return {
    invalidate(): void {
      filters.clear();
    },
    of(condition: string, params: readonly Bindable[], count: () => number): Positions {
      if (db.inTransaction) {
        filters.clear();
        return new Positions(count());
      }
      const version = dataVersion.get();
      if (version !== seenVersion) {
        filters.clear();
        seenVersion = version;
      }
      const key = JSON.stringify([condition, params]);
      let positions = filters.get(key);
      if (!positions) {
        positions = new Positions(count());
        if (filters.size >= MAX_CACHED_FILTERS) filters.clear();
        filters.set(key, positions);
      }
      return positions;
    },
  };
}

export function createListingStore(db: Db) {
  const columnList = COLUMNS.map(([column]) => column).join(', ');
  const insert = db.prepare<Bindable[]>(
    `INSERT INTO listings (chatbot_id, ${columnList}, created_at, updated_at)
     VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
  );
  const deleteStatements = Object.fromEntries(
    Object.entries(KEY_COLUMNS).map(([keyType, keyColumn]) => [
      keyType,
      db.prepare<Bindable[]>(`DELETE FROM listings WHERE chatbot_id = ? AND ${keyColumn} = ?`),
    ]),
  ) as Record<KeyType, Statement<Bindable[]>>;
  // Hops from one city to the next along the index instead of reading every listing.
  const selectCities = db.prepare<{ chatbot: string }, { city: string }>(
    `WITH RECURSIVE cities(city) AS (
       SELECT min(city) FROM listings WHERE chatbot_id = @chatbot AND city > ''
       UNION ALL
       SELECT (SELECT min(city) FROM listings WHERE chatbot_id = @chatbot AND city > cities.city)
       FROM cities WHERE cities.city IS NOT NULL
     )
     SELECT city FROM cities WHERE city IS NOT NULL AND length(city) <= ${MAX_RECOGNISED_CITY_LENGTH}`,
  );

  /** Statements are built from fixed fragments only (values are always bound), one per filter set. */
  const cached = new Map<string, Statement<Bindable[]>>();
  const statement = (sql: string) => {
    let prepared = cached.get(sql);
    if (!prepared) {
      prepared = db.prepare<Bindable[]>(sql);
      cached.set(sql, prepared);
    }
    return prepared;
  };

  const keyValue = (keyType: KeyType, key: string): Bindable | undefined => {
    if (keyType !== 'PlatformId') return key;
    return idOfKey(key) ?? undefined;
  };

  const positions = createPositionCache(db);

  const create = (chatbotId: string, fields: ListingFields, now: number): number => {
    positions.invalidate();
    return Number(insert.run(chatbotId, ...columnValues(fields), now, now).lastInsertRowid);
  };

  const createMany = db.transaction((chatbotId: string, listings: readonly ListingFields[], now: number) =>
    listings.map((fields) => create(chatbotId, fields, now)),
  );
  const deleteKeys = db.transaction((chatbotId: string, keyType: KeyType, keys: readonly string[]) => {
    let deleted = 0;
    for (const key of new Set(keys)) {
      const value = keyValue(keyType, key);
      positions.invalidate();
      if (value !== undefined) deleted += deleteStatements[keyType].run(chatbotId, value).changes;
    }
    return deleted;
  });

  return {
    create,
    createMany: (chatbotId: string, listings: readonly ListingFields[], now: number): number[] => createMany(chatbotId, listings, now),
    /**
     * Writes the fields an update carries into every listing of the chatbot the key selects
     * (an absent optional field keeps its column, null clears it); how many listings that was.
     * One statement per set of fields sent, built from the fixed column names only.
     */
    update(chatbotId: string, keyType: KeyType, key: string, changes: ListingChanges, now: number): number {
      const value = keyValue(keyType, key);
      if (value === undefined) return 0;
      positions.invalidate();
      const sent = COLUMNS.filter(([, field]) => changes[field] !== undefined);
      const assignments = sent.map(([column]) => `${column} = ?`).join(', ');
      const values = sent.map(([, field, kind]) => columnValue(kind, changes[field]));
      return statement(`UPDATE listings SET ${assignments}, updated_at = ? WHERE chatbot_id = ? AND ${KEY_COLUMNS[keyType]} = ?`).run(
        ...values,
        now,
        chatbotId,
        value,
      ).changes;
    },
    /** Deletes the chatbot's listings the keys select; how many went. */
    delete: (chatbotId: string, keyType: KeyType, keys: readonly string[]): number => deleteKeys(chatbotId, keyType, keys),
    list(chatbotId: string, filters: ListFilters, page: { number: number; size: number }): { records: ListingRecord[]; total: number } {
      const where = ['chatbot_id = ?'];
      const params: Bindable[] = [chatbotId];
      if (filters.city) {
        where.push('city = ?');
        params.push(filters.city);
      }
      if (filters.saleType) {
        where.push('sale_type = ?');
        params.push(filters.saleType);
      }
      if (filters.mlsNumber) {
        where.push('mls_number = ?');
        params.push(filters.mlsNumber);
      }
      const condition = where.join(' AND ');
      const known = positions.of(condition, params, () =>
        statement(`SELECT COUNT(*) FROM listings WHERE ${condition}`).pluck().get(...params) as number,
      );
      const total = known.total;
      const offset = (page.number - 1) * page.size;
      if (offset >= total) return { records: [], total };
      // The page's first id, walking the filter's index (each ends in id) from the nearest
      // known page start; then only the page's own rows are read from the table.
      const from = known.nearest(offset);
      const firstId = (
        from
          ? statement(`SELECT id FROM listings WHERE ${condition} AND id <= ? ORDER BY id DESC LIMIT 1 OFFSET ?`)
              .pluck()
              .get(...params, from.id, offset - from.offset)
          : statement(`SELECT id FROM listings WHERE ${condition} ORDER BY id DESC LIMIT 1 OFFSET ?`).pluck().get(...params, offset)
      ) as number | undefined;
      if (firstId === undefined) return { records: [], total };
      known.remember(offset, firstId);
      const rows = statement(`SELECT id, ${columnList} FROM listings WHERE ${condition} AND id <= ? ORDER BY id DESC LIMIT ?`)
        .raw()
        .all(...params, firstId, page.size) as (string | number | null)[][];
      return { records: rows.map(recordOfValues), total };
    },
    search(chatbotId: string, criteria: ListingCriteria, limit: number): { records: ListingRecord[]; total: number } {
      const where = ['chatbot_id = ?'];
      const params: Bindable[] = [chatbotId];
      const add = (condition: string, value: Bindable) => {
        where.push(condition);
        params.push(value);
      };
      if (criteria.city) add('city = ?', criteria.city);
      if (criteria.saleType) add('sale_type = ?', criteria.saleType);
      if (criteria.bedrooms !== undefined) add('bedrooms = ?', criteria.bedrooms);
      if (criteria.minBedrooms !== undefined) add('bedrooms >= ?', criteria.minBedrooms);
      if (criteria.minPrice !== undefined) add(`${PRICE} >= ?`, criteria.minPrice);
      if (criteria.maxPrice !== undefined) add(`${PRICE} <= ?`, criteria.maxPrice);
      if (criteria.availableOnly) where.push("status IN ('Active', 'PreOnMarket')");
      // A listing without a price is neither the cheapest nor the dearest.
      if (criteria.order === 'cheapest' || criteria.order === 'priciest') where.push(`${PRICE} IS NOT NULL`);
      const condition = where.join(' AND ');
      const total = (statement(`SELECT COUNT(*) AS count FROM listings WHERE ${condition}`).get(...params) as { count: number }).count;
      const rows = statement(
        `SELECT * FROM listings WHERE ${condition} ORDER BY ${ORDERS[criteria.order ?? 'newest']} LIMIT ?`,
      ).all(...params, limit) as Row[];
      return { records: rows.map(recordOf), total };
    },
    cities: (chatbotId: string): string[] => selectCities.all({ chatbot: chatbotId }).map((row) => row.city),
  };
}

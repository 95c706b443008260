// @vitest-environment node
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type CreateListingRequest, type ListingRow } from '../../src/api/contract';
import { createListing } from '../../src/demo-data';
import { DATABASE_FILE } from '../app';
import { openDatabase } from '../db';
import { createListingStore } from '../db/listings';
import { BOT, ok, SECRET, startTestApp, type TestApp } from '../test-support';

/**
 * VirtualCount comes from a cache (server/db/listings.ts): these tests hold it to the real
 * number of matching rows after every kind of write, by the service or behind its back.
 */

let service: TestApp;
beforeEach(async () => {
  service = await startTestApp();
});
afterEach(() => service.close());

type Filter = { CityName?: string; SaleType?: 'for_sale' | 'for_rent' };
type Known = Pick<ListingRow, 'ID' | 'City' | 'SaleType' | 'MLSNumber'>;

const CITIES = ['Austin', 'Denver', 'Springfield'] as const;
const FILTERS: Filter[] = [
  {},
  ...CITIES.map((CityName) => ({ CityName })),
  { CityName: 'austin' },
  { SaleType: 'for_rent' },
  { CityName: 'Denver', SaleType: 'for_sale' },
];

const list = (body: Record<string, unknown>) => ok(service.app, 'RealEstateList', { SerialNumber: BOT, ...body });

async function everyListing(filter: Filter = {}): Promise<Known[]> {
  const rows: Known[] = [];
  for (let page = 1; ; page += 1) {
    const { List } = await list({ ...filter, PageNumber: page, PageSize: MAX_PAGE_SIZE });
    rows.push(...List.map(({ ID, City, SaleType, MLSNumber }) => ({ ID, City, SaleType, MLSNumber })));
    if (List.length < MAX_PAGE_SIZE) return rows;
  }
}

const matches = (row: Known, filter: Filter) =>
  (filter.CityName === undefined || row.City.toLowerCase() === filter.CityName.toLowerCase()) &&
  (filter.SaleType === undefined || row.SaleType === filter.SaleType);

/** Every filter's VirtualCount and pages against the model of what the chatbot holds. */
async function expectCountsOf(model: Map<number, Known>): Promise<void> {
  const newestFirst = [...model.values()].sort((a, b) => b.ID - a.ID);
  for (const filter of FILTERS) {
    const expected = newestFirst.filter((row) => matches(row, filter));
    // Pages out of order, so later ones start from the page starts remembered earlier.
    for (const PageNumber of [2, 4, 1, 3, 4]) {
      const { List, VirtualCount } = await list({ ...filter, PageSize: 7, PageNumber });
      expect({ filter, PageNumber, VirtualCount }).toEqual({ filter, PageNumber, VirtualCount: expected.length });
      const page = expected.slice((PageNumber - 1) * 7, PageNumber * 7).map((row) => row.ID);
      expect({ filter, PageNumber, ids: List.map((row) => row.ID) }).toEqual({ filter, PageNumber, ids: page });
    }
  }
}

const writeArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), city: fc.constantFrom(...CITIES), rent: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), city: fc.constantFrom(...CITIES), rent: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), by: fc.constantFrom('PlatformId' as const, 'MLSNumber' as const) }),
);

describe('VirtualCount', () => {
  it('equals the number of matching rows after any sequence of creates, edits and deletes', async () => {
    const model = new Map((await everyListing()).map((row) => [row.ID, row]));
    await expectCountsOf(model);
    await fc.assert(
      fc.asyncProperty(fc.array(writeArbitrary, { minLength: 1, maxLength: 5 }), async (writes) => {
        for (const write of writes) {
          const ids = [...model.keys()];
          const fields = (city: string, rent: boolean): CreateListingRequest =>
            createListing({ SerialNumber: BOT, City: city, SaleType: rent ? 'for_rent' : 'for_sale', RentPrice: 2000, SalePrice: 400_000 });
          if (write.kind === 'create') {
            const listing = fields(write.city, write.rent);
            const id = Number(await ok(service.app, 'RealEstateCreate', listing));
            model.set(id, { ID: id, City: listing.City!, SaleType: listing.SaleType, MLSNumber: listing.MLSNumber });
          } else if (ids.length > 0) {
            const target = model.get(ids[write.pick % ids.length]!)!;
            if (write.kind === 'move') {
              const listing = fields(write.city, write.rent);
              await ok(service.app, 'RealEstateUpdate', { ...listing, Key: String(target.ID), KeyType: 'PlatformId' });
              model.set(target.ID, { ID: target.ID, City: listing.City!, SaleType: listing.SaleType, MLSNumber: listing.MLSNumber });
            } else {
              const Keys = [write.by === 'PlatformId' ? String(target.ID) : target.MLSNumber];
              await ok(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: write.by, Keys });
              model.delete(target.ID);
            }
          }
          await expectCountsOf(model);
        }
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('sees listings written to the database file by another connection (the bench seeds that way)', async () => {
    const before = (await list({ CityName: 'Springfield' })).VirtualCount;
    const other = openDatabase(join(service.dataDir, DATABASE_FILE));
    try {
      const store = createListingStore(other);
      const { SerialNumber: _bot, ...fields } = createListing({ SerialNumber: BOT, City: 'Springfield' });
      const ids = store.createMany(BOT, [fields, { ...fields, MLSNumber: 'OTHER-2' }], Date.now());
      expect((await list({ CityName: 'Springfield' })).VirtualCount).toBe(before + 2);
      other.prepare('DELETE FROM listings WHERE id = ?').run(ids[0]);
      expect((await list({ CityName: 'Springfield' })).VirtualCount).toBe(before + 1);
      other.prepare("UPDATE listings SET city = 'Denver' WHERE id = ?").run(ids[1]);
      expect((await list({ CityName: 'Springfield' })).VirtualCount).toBe(before);
    } finally {
      other.close();
    }
  });
});

describe('RealEstateList filters with SQL-like text', () => {
  const TRICKY = [
    "' OR 1=1 --",
    "Austin' --",
    "Austin'; DROP TABLE listings; --",
    '%',
    '_',
    'Aus%',
    'Austi_',
    '"',
    '\\',
    '\\"',
    "O'Fallon",
    '100% Pure',
    'Zürich',
    'Ζυρίχη',
    '東京',
    '🏠',
    'a\u0000b',
  ];

  it('returns exactly the rows a literal match returns, no more', async () => {
    // A listing in each tricky "city", so a literal match has something to find.
    for (const City of TRICKY.slice(9)) await ok(service.app, 'RealEstateCreate', createListing({ SerialNumber: BOT, City }));
    const all = await everyListing();
    for (const CityName of [...TRICKY, 'austin', 'AUSTIN']) {
      const expected = all.filter((row) => row.City.toLowerCase() === CityName.trim().toLowerCase()).map((row) => row.ID);
      const rows = await everyListing({ CityName });
      expect({ CityName, ids: rows.map((row) => row.ID) }).toEqual({ CityName, ids: expected });
      expect({ CityName, count: (await list({ CityName })).VirtualCount }).toEqual({ CityName, count: expected.length });
    }
    for (const MLSNumber of TRICKY) {
      expect({ MLSNumber, count: (await list({ MLSNumber })).VirtualCount }).toEqual({ MLSNumber, count: 0 });
    }
    expect((await list({})).VirtualCount).toBe(all.length);
  });
});

describe('a listing with an absurdly long city', () => {
  it('does not break the chat of its chatbot (found by npm run fuzz)', async () => {
    await ok(service.app, 'RealEstateCreate', createListing({ SerialNumber: BOT, City: 'é'.repeat(300_000) }));
    const { SessionID } = await ok(service.app, 'GetSession', { serialNumber: BOT }, SECRET);
    const answer = await ok(service.app, 'ClientAsk', { sessionID: SessionID, content: '3 bedroom homes in Austin', stream: false }, SECRET);
    expect(answer.content).not.toBe('');
    expect((await list({ CityName: 'é'.repeat(300_000) })).VirtualCount).toBe(1);
  });
});

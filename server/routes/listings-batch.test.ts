// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_BODY_LIMIT, MAX_BATCH_ITEMS, type BatchItem, type CreateListingRequest } from '../../src/api/contract';
import { createListing } from '../../src/demo-data';
import { RECEIPT_DAYS } from '../db/import-receipts';
import { BOT, call, failing, ok, SECRET, SESSION, startTestApp, type TestApp } from '../test-support';
import { OTHER_CHATBOT } from './listings-batch';
import { NO_LISTING_CHATBOT } from './listings';

const OTHER = 'other-bot';
let service: TestApp;
let clock = Date.UTC(2026, 10, 26);
const start = async () => {
  service = await startTestApp({ extraChatbotIds: [OTHER], now: () => clock });
};
afterEach(() => service.close());

const create = (RowKey: number, listing: CreateListingRequest): BatchItem => ({ RowKey, Operation: 'Create', Listing: listing });
const batch = (Items: BatchItem[], ImportId = 'import-1', headers: Record<string, string> = SECRET) =>
  ok(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId, Items }, headers);
const byMls = async (MLSNumber: string) => (await ok(service.app, 'RealEstateList', { SerialNumber: BOT, MLSNumber }, SESSION)).List;
const countOf = async (CityName: string) => (await ok(service.app, 'RealEstateList', { SerialNumber: BOT, CityName }, SESSION)).VirtualCount;

describe('RealEstateBatch', () => {
  it('writes the valid items and answers an invalid one with the Message its single operation would give, item by item', async () => {
    await start();
    const good = [createListing({ SerialNumber: BOT, City: 'Batchton' }), createListing({ SerialNumber: BOT, City: 'Batchton' })];
    const badYear = createListing({ SerialNumber: BOT, City: 'Batchton', YearBuilt: 999 });
    const { Url: _url, ...noUrl } = createListing({ SerialNumber: BOT, City: 'Batchton' });
    const typo = { ...createListing({ SerialNumber: BOT, City: 'Batchton' }), Bedroom: 3 };

    const { Results } = await batch([
      create(2, good[0]!),
      create(3, badYear),
      { RowKey: 4, Operation: 'Create', Listing: noUrl },
      { RowKey: 5, Operation: 'Create', Listing: typo },
      create(6, good[1]!),
    ]);

    // What RealEstateCreate says of the same bodies, word for word.
    const single = await Promise.all([badYear, noUrl, typo].map((body) => failing(service.app, 'RealEstateCreate', body, 400)));
    expect(single[0]).toMatch(/^YearBuilt: /);
    expect(single[1]).toMatch(/^Url: /);
    expect(single[2]).toMatch(/^Bedroom: /);
    expect(Results).toEqual([
      { RowKey: 2, Success: true, Code: 200, Message: '', PlatformId: expect.stringMatching(/^\d+$/) },
      { RowKey: 3, Success: false, Code: 400, Message: single[0] },
      { RowKey: 4, Success: false, Code: 400, Message: single[1] },
      { RowKey: 5, Success: false, Code: 400, Message: single[2] },
      { RowKey: 6, Success: true, Code: 200, Message: '', PlatformId: expect.stringMatching(/^\d+$/) },
    ]);
    expect(await countOf('Batchton')).toBe(2);
    const [listed] = await byMls(good[0]!.MLSNumber);
    expect(String(listed!.ID)).toBe(Results[0]!.PlatformId);
  });

  it('updates by MLSNumber and by URL, as RealEstateUpdate does, and counts what each updated', async () => {
    await start();
    const first = createListing({ SerialNumber: BOT, City: 'Keyville', Status: 'Active' });
    const second = createListing({ SerialNumber: BOT, City: 'Keyville', Status: 'Active' });
    await batch([create(2, first), create(3, second)], 'setup');

    const { Results } = await batch([
      { RowKey: 2, Operation: 'Update', Listing: { ...first, Status: 'Sold', Key: first.MLSNumber, KeyType: 'MLSNumber' } },
      { RowKey: 3, Operation: 'Update', Listing: { ...second, Status: 'PreOnMarket', Key: second.Url, KeyType: 'URL' } },
      { RowKey: 4, Operation: 'Update', Listing: { ...second, Key: 'NO-SUCH-MLS', KeyType: 'MLSNumber' } },
      // Operation and body disagree: the Update schema refuses a body without its Key.
      { RowKey: 5, Operation: 'Update', Listing: first },
    ]);
    expect(Results).toEqual([
      { RowKey: 2, Success: true, Code: 200, Message: '', UpdatedCount: 1 },
      { RowKey: 3, Success: true, Code: 200, Message: '', UpdatedCount: 1 },
      { RowKey: 4, Success: true, Code: 200, Message: '', UpdatedCount: 0 },
      { RowKey: 5, Success: false, Code: 400, Message: 'Key: is required' },
    ]);
    expect((await byMls(first.MLSNumber))[0]!.Status).toBe('Sold');
    expect((await byMls(second.MLSNumber))[0]!.Status).toBe('PreOnMarket');
    expect(await countOf('Keyville')).toBe(2);
  });

  it('answers an item sent again under the same ImportId and RowKey with its stored result and writes nothing', async () => {
    await start();
    const listing = createListing({ SerialNumber: BOT, City: 'Replayton' });
    const first = await batch([create(7, listing)], 'import-replay');
    // A retry after a lost answer, even with the row changed meanwhile: the receipt answers.
    const again = await batch([create(7, { ...listing, Status: 'Sold' }), create(8, createListing({ SerialNumber: BOT, City: 'Replayton' }))], 'import-replay');
    expect(again.Results[0]).toEqual(first.Results[0]);
    expect(again.Results[1]!.PlatformId).not.toBe(first.Results[0]!.PlatformId);
    expect(await countOf('Replayton')).toBe(2);
    expect((await byMls(listing.MLSNumber))[0]!.Status).toBe(listing.Status);
    // Another import is another set of receipts: the same row key writes again.
    await batch([create(7, listing)], 'import-other');
    expect(await countOf('Replayton')).toBe(3);
  });

  it('leaves no receipt for a refused item, so the corrected row lands under the same RowKey', async () => {
    await start();
    const listing = createListing({ SerialNumber: BOT, City: 'Fixford' });
    const refused = await batch([create(9, { ...listing, YearBuilt: 999 })], 'import-fix');
    expect(refused.Results[0]).toMatchObject({ Success: false, Code: 400 });
    const fixed = await batch([create(9, listing)], 'import-fix');
    expect(fixed.Results[0]).toMatchObject({ Success: true, PlatformId: expect.any(String) });
    expect(await countOf('Fixford')).toBe(1);
  });

  it(`forgets receipts after ${RECEIPT_DAYS} days`, async () => {
    await start();
    const listing = createListing({ SerialNumber: BOT, City: 'Oldham' });
    await batch([create(2, listing)], 'import-old');
    clock += (RECEIPT_DAYS - 1) * 24 * 3600 * 1000;
    await batch([create(2, listing)], 'import-old');
    expect(await countOf('Oldham')).toBe(1);
    clock += 2 * 24 * 3600 * 1000;
    await batch([create(2, listing)], 'import-old');
    expect(await countOf('Oldham')).toBe(2);
  });

  it('keeps every item to the batch’s chatbot: another SerialNumber in an item is refused for that item', async () => {
    await start();
    const { Results } = await batch([create(2, createListing({ SerialNumber: OTHER, City: 'Elsewhere' })), create(3, createListing({ SerialNumber: BOT, City: 'Homeburg' }))]);
    expect(Results[0]).toEqual({ RowKey: 2, Success: false, Code: 400, Message: OTHER_CHATBOT });
    expect(Results[1]).toMatchObject({ Success: true });
    expect((await ok(service.app, 'RealEstateList', { SerialNumber: OTHER, CityName: 'Elsewhere' }, SESSION)).VirtualCount).toBe(0);
  });

  it(`refuses more than ${MAX_BATCH_ITEMS} items, an unknown chatbot and a missing or wrong key, and writes nothing`, async () => {
    await start();
    const items = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, index) => create(index, createListing({ SerialNumber: BOT, City: 'Overton' })));
    expect(await failing(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'big', Items: items }, 400)).toBe(`Items: must hold at most ${MAX_BATCH_ITEMS} items`);
    expect(await failing(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'none', Items: [] }, 400)).toMatch(/^Items: /);
    expect(await failing(service.app, 'RealEstateBatch', { SerialNumber: BOT, Items: items.slice(0, 1) }, 400)).toMatch(/^ImportId: /);
    expect(await failing(service.app, 'RealEstateBatch', { SerialNumber: 'no-such-bot', ImportId: 'x', Items: items.slice(0, 2) }, 404)).toBe(NO_LISTING_CHATBOT);
    await failing(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'x', Items: items.slice(0, 2) }, 401, {});
    await failing(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'x', Items: items.slice(0, 2) }, 401, { authorization: 'wrong' });
    expect(await countOf('Overton')).toBe(0);
    // Either key, as for the single writes.
    expect((await batch(items.slice(0, 1), 'by-session', SESSION)).Results[0]).toMatchObject({ Success: true });
  });

  it(`takes ${MAX_BATCH_ITEMS} listings with long descriptions and many photos in one body, and answers a body over ${BATCH_BODY_LIMIT / 1024 / 1024} MB with the envelope's 413`, async () => {
    await start();
    const photos = Array.from({ length: 20 }, (_, index) => `https://img.example.com/listing/a-rather-long-path/photo-${index}.jpg`);
    const items = Array.from({ length: MAX_BATCH_ITEMS }, (_, index) =>
      create(index, createListing({ SerialNumber: BOT, City: 'Bulkton', Description: 'Sunny rooms, a garden and a quiet street. '.repeat(100), Images: photos })),
    );
    const body = JSON.stringify({ SerialNumber: BOT, ImportId: 'bulk', Items: items });
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const { Results } = await batch(items, 'bulk');
    expect(Results.filter((result) => result.Success)).toHaveLength(MAX_BATCH_ITEMS);
    expect(await countOf('Bulkton')).toBe(MAX_BATCH_ITEMS);

    const { status, envelope } = await call(service.app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'huge', Items: [create(1, { ...createListing({ SerialNumber: BOT }), Description: 'x'.repeat(BATCH_BODY_LIMIT) })] });
    expect({ status, envelope }).toEqual({
      status: 413,
      envelope: { Data: null, Version: expect.any(String), Success: false, Code: 413, Message: 'The request body is larger than the limit of 8 MB.' },
    });
  });
});

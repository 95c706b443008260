// @vitest-environment node
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listingRowSchema, MAX_PAGE_SIZE, OPTIONAL_LISTING_FIELDS, type CreateListingRequest, listingRowOf } from '../../src/api/contract';
import { createListing, demoListings } from '../../src/demo-data';
import { BOT, failing, ok, SECRET, SESSION, startTestApp, type TestApp } from '../test-support';

const OTHER = 'other-bot';
let service: TestApp;
beforeEach(async () => {
  service = await startTestApp({ extraChatbotIds: [OTHER] });
});
afterEach(() => service.close());

const list = (body: Record<string, unknown>) => ok(service.app, 'RealEstateList', { SerialNumber: BOT, ...body });
const create = (listing: CreateListingRequest, headers: Record<string, string> = SECRET) =>
  ok(service.app, 'RealEstateCreate', listing, headers);

describe('RealEstateCreate', () => {
  it('answers the new id as text, equal to String(ID) in the list', async () => {
    const listing = createListing({ SerialNumber: BOT });
    const id = await create(listing);
    expect(id).toMatch(/^\d+$/);
    const [row] = (await list({ MLSNumber: listing.MLSNumber })).List;
    expect(String(row!.ID)).toBe(id);
  });

  it('accepts the session key as well as the secret key', async () => {
    const bySecret = await create(createListing({ SerialNumber: BOT }), SECRET);
    const bySession = await create(createListing({ SerialNumber: BOT }), SESSION);
    expect(Number(bySession)).toBeGreaterThan(Number(bySecret));
  });

  it('lists exactly what was created, in the list shape (numbers as text)', async () => {
    const listing = createListing({
      SerialNumber: BOT,
      SaleType: 'for_sale',
      Bedrooms: 3,
      Bathrooms: 2.5,
      BuildingArea: 1850,
      AreaUnit: 'Square Feet',
      SalePrice: 525_000,
      RentPrice: undefined,
      HOAMonth: undefined,
      Latitude: 30.25,
      Longitude: -97.75,
      Images: ['https://picsum.photos/seed/a/400/300', 'https://picsum.photos/seed/b/400/300'],
      ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }, { Key: 'Garage' }],
    });
    const id = Number(await create(listing));
    const [row] = (await list({ MLSNumber: listing.MLSNumber })).List;
    expect(z.strictObject(listingRowSchema.shape).parse(row)).toEqual(listingRowOf(listing, id));
    expect(row).toMatchObject({
      Bedrooms: '3',
      Bathrooms: '2.5',
      Price: '525000',
      SalePrice: '525000',
      RentPrice: '',
      HOAMonth: '',
      Area: '1850 sqft',
      LATITUDE: 30.25,
      LONGITUDE: -97.75,
    });
    expect(JSON.parse(row!.Images)).toEqual(listing.Images);
    expect(JSON.parse(row!.ExtensionColumn)).toEqual([{ Key: 'Pool', value: 'Yes' }, { Key: 'Garage' }]);
  });

  it('shows the rent as Price for a rental, the unit in Area, and null coordinates when unset', async () => {
    const listing = createListing({
      SerialNumber: BOT,
      SaleType: 'for_rent',
      RentPrice: 2400,
      SalePrice: undefined,
      BuildingArea: 172,
      AreaUnit: 'Square Meters',
      Latitude: undefined,
      Longitude: undefined,
      Images: undefined,
      Tours: undefined,
      ExtensionColumn: undefined,
    });
    await create(listing);
    const [row] = (await list({ MLSNumber: listing.MLSNumber })).List;
    expect(row).toMatchObject({
      Price: '2400',
      RentPrice: '2400',
      SalePrice: '',
      Area: '172 m²',
      LATITUDE: null,
      LONGITUDE: null,
      Images: '[]',
      Tours: '',
      ExtensionColumn: '[]',
    });
  });

  it('refuses invalid listings naming the field', async () => {
    const cases: Array<[Partial<CreateListingRequest> & Record<string, unknown>, string]> = [
      [{ SaleType: 'for_lease' as never }, 'SaleType: must be for_sale or for_rent'],
      [{ Url: 'not a url' }, 'Url: must be a full http:// or https:// address'],
      [{ Bedrooms: -1 }, 'Bedrooms: must be 0 or more'],
      [{ Latitude: 123 }, 'Latitude: must be between -90 and 90'],
      [{ ExtensionColumn: [{ Key: '' }] }, 'ExtensionColumn.0.Key: is required'],
      [{ MLSNumber: undefined }, 'MLSNumber: is required'],
      [{ Bogus: 1 }, 'Bogus: is not a field of this operation'],
    ];
    for (const [overrides, message] of cases) {
      expect(await failing(service.app, 'RealEstateCreate', { ...createListing({ SerialNumber: BOT }), ...overrides }, 400)).toBe(message);
    }
    expect((await list({})).VirtualCount).toBe(60);
  });

  it('answers 404 naming SerialNumber for an unknown chatbot', async () => {
    expect(await failing(service.app, 'RealEstateCreate', createListing({ SerialNumber: 'nobody' }), 404)).toBe(
      'SerialNumber: no chatbot with this id',
    );
  });

  it('answers each of many creates sent at once on its own: a refused one changes nothing of the others', async () => {
    const listings = demoListings(BOT, 5).map((listing, index) => ({ ...listing, MLSNumber: `AT-ONCE-${index}` }));
    // Sent together, they are committed together (group-commit.ts); the one for an unknown chatbot fails alone.
    const answers = await Promise.all(
      listings.map((listing, index) =>
        index === 2 ? failing(service.app, 'RealEstateCreate', { ...listing, SerialNumber: 'nobody' }, 404) : create(listing),
      ),
    );
    expect(answers[2]).toBe('SerialNumber: no chatbot with this id');
    const ids = answers.filter((_, index) => index !== 2).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const listed = (await list({ PageSize: 100 })).List.filter((row) => row.MLSNumber.startsWith('AT-ONCE-'));
    expect(listed.map((row) => row.MLSNumber).sort()).toEqual(['AT-ONCE-0', 'AT-ONCE-1', 'AT-ONCE-3', 'AT-ONCE-4']);
  });
});

describe('RealEstateUpdate', () => {
  it('writes the fields sent into the listing its PlatformId, MLSNumber or URL selects', async () => {
    const original = createListing({ SerialNumber: BOT, City: 'Austin', Description: 'Old text', HOAMonth: 300 });
    const id = await create(original);

    const byId = createListing({ SerialNumber: BOT, City: 'Denver', HOAMonth: undefined });
    expect(await ok(service.app, 'RealEstateUpdate', { ...byId, HOAMonth: null, Key: id, KeyType: 'PlatformId' })).toBe(1);
    let [row] = (await list({ MLSNumber: byId.MLSNumber })).List;
    // Optional fields the update left out are the original's; HOAMonth, sent as null, is cleared.
    expect(row).toEqual(listingRowOf({ ...original, ...byId, HOAMonth: undefined }, Number(id)));
    expect(row!.HOAMonth).toBe('');

    const byMls = { ...byId, City: 'Seattle' };
    expect(await ok(service.app, 'RealEstateUpdate', { ...byMls, Key: byId.MLSNumber, KeyType: 'MLSNumber' }, SESSION)).toBe(1);
    [row] = (await list({ MLSNumber: byId.MLSNumber })).List;
    expect(row!.City).toBe('Seattle');

    const byUrl = { ...byMls, Status: 'Sold' as const };
    expect(await ok(service.app, 'RealEstateUpdate', { ...byUrl, Key: byId.Url, KeyType: 'URL' })).toBe(1);
    [row] = (await list({ MLSNumber: byId.MLSNumber })).List;
    expect(row!.Status).toBe('Sold');
    expect(row!.ID).toBe(Number(id));
  });

  /** A listing with every optional field set, so each one's keeping and clearing shows. */
  const everyField = (): CreateListingRequest =>
    createListing({
      SerialNumber: BOT,
      SaleType: 'for_sale',
      Images: ['https://img.example.com/a.jpg'],
      Tours: '3D',
      Description: 'Corner unit',
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
      Location: 'Capitol Hill',
      Address: '12 Lamar Blvd',
      City: 'Austin',
      State: 'TX',
      ZIP: '78701',
      Latitude: 30.27,
      Longitude: -97.74,
      SalePrice: 450_000,
      UnitAreaPrice: 240,
      HOAMonth: 120,
      EstimatePrice: 460_000,
      RentPrice: 2_400,
      SpaceType: 'Entire place',
      DepositFee: 2_400,
    });

  it.each(OPTIONAL_LISTING_FIELDS)('keeps %s when an update leaves it out, and clears it when the update sends null', async (field) => {
    const original = everyField();
    expect(original[field], `the test listing sets ${field}`).toBeDefined();
    const id = Number(await create(original));
    const { [field]: _left, ...withoutField } = original;

    // The list gives every field back, Location included (our addition to the list).
    expect(await ok(service.app, 'RealEstateUpdate', { ...withoutField, Status: 'Sold', Key: String(id), KeyType: 'PlatformId' })).toBe(1);
    let [row] = (await list({ MLSNumber: original.MLSNumber })).List;
    expect(row).toEqual(listingRowOf({ ...original, Status: 'Sold' }, id));

    expect(await ok(service.app, 'RealEstateUpdate', { ...withoutField, [field]: null, Key: String(id), KeyType: 'PlatformId' })).toBe(1);
    [row] = (await list({ MLSNumber: original.MLSNumber })).List;
    expect(row).toEqual(listingRowOf(withoutField, id));
  });

  it('refuses null for a required field, naming it', async () => {
    const listing = createListing({ SerialNumber: BOT });
    const id = await create(listing);
    expect(await failing(service.app, 'RealEstateUpdate', { ...listing, Bedrooms: null, Key: id, KeyType: 'PlatformId' }, 400)).toMatch(/^Bedrooms: /);
  });

  it('answers 0 when nothing matches, including another chatbot\'s listing', async () => {
    const theirs = createListing({ SerialNumber: OTHER });
    const theirId = await create(theirs);
    const update = { ...createListing({ SerialNumber: BOT }) };
    expect(await ok(service.app, 'RealEstateUpdate', { ...update, Key: '999999', KeyType: 'PlatformId' })).toBe(0);
    expect(await ok(service.app, 'RealEstateUpdate', { ...update, Key: 'not-a-number', KeyType: 'PlatformId' })).toBe(0);
    expect(await ok(service.app, 'RealEstateUpdate', { ...update, Key: theirId, KeyType: 'PlatformId' })).toBe(0);
    expect(await ok(service.app, 'RealEstateUpdate', { ...update, Key: theirs.MLSNumber, KeyType: 'MLSNumber' })).toBe(0);
    const [row] = (await ok(service.app, 'RealEstateList', { SerialNumber: OTHER, MLSNumber: theirs.MLSNumber }, SESSION)).List;
    expect(row).toEqual(listingRowOf(theirs, Number(theirId)));
  });

  it('needs Key and KeyType', async () => {
    const listing = createListing({ SerialNumber: BOT });
    expect(await failing(service.app, 'RealEstateUpdate', { ...listing, KeyType: 'PlatformId' }, 400)).toBe('Key: is required');
    expect(await failing(service.app, 'RealEstateUpdate', { ...listing, Key: '1', KeyType: 'Id' }, 400)).toBe(
      'KeyType: must be PlatformId, MLSNumber or URL',
    );
  });

  it('answers 404 for an unknown chatbot', async () => {
    const listing = createListing({ SerialNumber: 'nobody' });
    expect(await failing(service.app, 'RealEstateUpdate', { ...listing, Key: '1', KeyType: 'PlatformId' }, 404)).toBe(
      'SerialNumber: no chatbot with this id',
    );
  });
});

describe('RealEstateDelete', () => {
  it('deletes by each key type and answers how many went', async () => {
    const [a, b, c, d] = [1, 2, 3, 4].map(() => createListing({ SerialNumber: BOT }));
    const ids = [];
    for (const listing of [a!, b!, c!, d!]) ids.push(await create(listing));

    expect(await ok(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'PlatformId', Keys: [ids[0], ids[1], '999999'] })).toEqual({
      SuccessCount: 2,
    });
    expect(await ok(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'MLSNumber', Keys: [c!.MLSNumber] }, SESSION)).toEqual({
      SuccessCount: 1,
    });
    expect(await ok(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'URL', Keys: [d!.Url, d!.Url] })).toEqual({ SuccessCount: 1 });
    expect((await list({})).VirtualCount).toBe(60);
  });

  it('never deletes another chatbot\'s listing', async () => {
    const theirId = await create(createListing({ SerialNumber: OTHER }));
    expect(await ok(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'PlatformId', Keys: [theirId] })).toEqual({ SuccessCount: 0 });
    expect((await ok(service.app, 'RealEstateList', { SerialNumber: OTHER }, SESSION)).VirtualCount).toBe(61);
  });

  it('refuses an empty Keys list and answers 404 for an unknown chatbot', async () => {
    expect(await failing(service.app, 'RealEstateDelete', { SerialNumber: BOT, KeyType: 'PlatformId', Keys: [] }, 400)).toBe(
      'Keys: must name at least one listing',
    );
    expect(await failing(service.app, 'RealEstateDelete', { SerialNumber: 'nobody', KeyType: 'PlatformId', Keys: ['1'] }, 404)).toBe(
      'SerialNumber: no chatbot with this id',
    );
  });
});

describe('RealEstateList', () => {
  const seeded = demoListings(BOT, 60);

  it('pages newest first with VirtualCount the total, default page size 20', async () => {
    const first = await list({});
    expect(first.VirtualCount).toBe(60);
    expect(first.List).toHaveLength(20);
    const ids = first.List.map((row) => row.ID);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const third = await list({ PageNumber: 3 });
    expect(third.List).toHaveLength(20);
    expect(third.List[0]!.ID).toBeLessThan(ids[19]!);

    const small = await list({ PageSize: 7, PageNumber: 9 });
    expect(small.List).toHaveLength(4);
    expect(small.VirtualCount).toBe(60);
    expect((await list({ PageNumber: 99 })).List).toEqual([]);
    expect((await list({ PageSize: MAX_PAGE_SIZE })).List).toHaveLength(60);
  });

  it('puts a new listing first', async () => {
    const listing = createListing({ SerialNumber: BOT });
    const id = await create(listing);
    expect(String((await list({})).List[0]!.ID)).toBe(id);
  });

  it('keeps PageSize within 1..100 and PageNumber at 1 or more', async () => {
    for (const PageSize of [0, 101, -5]) {
      expect(await failing(service.app, 'RealEstateList', { SerialNumber: BOT, PageSize }, 400, SESSION)).toBe(
        'PageSize: must be between 1 and 100',
      );
    }
    expect(await failing(service.app, 'RealEstateList', { SerialNumber: BOT, PageNumber: 0 }, 400, SESSION)).toBe('PageNumber: must be 1 or more');
  });

  it('filters by city (any case), sale type and MLS number, and counts the matches', async () => {
    const austin = seeded.filter((listing) => listing.City === 'Austin');
    const byCity = await list({ CityName: 'aUsTiN', PageSize: 100 });
    expect(byCity.VirtualCount).toBe(austin.length);
    expect(byCity.List.every((row) => row.City === 'Austin')).toBe(true);

    const austinRentals = austin.filter((listing) => listing.SaleType === 'for_rent');
    const both = await list({ CityName: 'Austin', SaleType: 'for_rent', PageSize: 2 });
    expect(both.VirtualCount).toBe(austinRentals.length);
    expect(both.List).toHaveLength(2);
    expect(both.List.every((row) => row.SaleType === 'for_rent' && row.City === 'Austin')).toBe(true);

    const forSale = await list({ SaleType: 'for_sale' });
    expect(forSale.VirtualCount).toBe(seeded.filter((listing) => listing.SaleType === 'for_sale').length);

    const one = await list({ MLSNumber: seeded[5]!.MLSNumber });
    expect(one.VirtualCount).toBe(1);
    expect(one.List[0]!.MLSNumber).toBe(seeded[5]!.MLSNumber);

    expect(await list({ CityName: 'Atlantis' })).toEqual({ List: [], VirtualCount: 0 });
    // Empty filters filter nothing.
    expect((await list({ CityName: '', MLSNumber: ' ' })).VirtualCount).toBe(60);
  });

  it('treats filter text as data, never as SQL', async () => {
    expect((await list({ CityName: "Austin' OR '1'='1" })).VirtualCount).toBe(0);
    expect((await list({ MLSNumber: '%' })).VirtualCount).toBe(0);
  });

  it('is scoped to the chatbot', async () => {
    await create(createListing({ SerialNumber: OTHER, City: 'Only There' }));
    expect((await list({ CityName: 'Only There' })).VirtualCount).toBe(0);
    expect((await ok(service.app, 'RealEstateList', { SerialNumber: OTHER, CityName: 'only there' }, SESSION)).VirtualCount).toBe(1);
  });

  it('answers every seeded listing in the contract shape', async () => {
    const { List } = await list({ PageSize: 100 });
    for (const row of List) expect(() => z.strictObject(listingRowSchema.shape).parse(row)).not.toThrow();
    // The seeded rows are the generator's listings, oldest first by id.
    const byId = [...List].sort((x, y) => x.ID - y.ID);
    expect(byId.map((row) => row.MLSNumber)).toEqual(seeded.map((listing) => listing.MLSNumber));
    expect(byId[0]).toEqual(listingRowOf(seeded[0]!, byId[0]!.ID));
  });

  it('answers 404 for an unknown chatbot', async () => {
    expect(await failing(service.app, 'RealEstateList', { SerialNumber: 'nobody' }, 404, SESSION)).toBe('SerialNumber: no chatbot with this id');
  });
});

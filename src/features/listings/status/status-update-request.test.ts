import { updateListingRequestSchema } from '../../../api/contract';
import { createListing, createListingRow } from '../../../demo-data';
import { parseListingRow } from '../parse-listing-row';
import { statusUpdateRequestOf } from './status-update-request';

describe('the update that changes only a status', () => {
  it('sends every field the list gives, by PlatformId, with the new status', () => {
    const fields = createListing({
      SaleType: 'for_sale',
      Status: 'Active',
      SalePrice: 450_000,
      HOAMonth: 120,
      Tours: '3D',
      Latitude: 39.7,
      Longitude: -104.9,
      Images: ['https://img.example.com/a.jpg'],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
    });
    const listing = parseListingRow(createListingRow(fields, 42));
    const built = statusUpdateRequestOf('demo-bot', listing, 'Sold');
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const { SerialNumber: _bot, RentPrice: _rent, DepositFee: _deposit, SpaceType: _space, ...kept } = fields;
    expect(built.request).toEqual({ ...kept, SerialNumber: 'demo-bot', Status: 'Sold', Key: '42', KeyType: 'PlatformId' });
    expect(updateListingRequestSchema.safeParse(built.request).success).toBe(true);
  });

  it('leaves Location out when the service’s list does not give it, so the service keeps it', () => {
    const { Location: _location, ...row } = createListingRow(createListing({ Location: 'Capitol Hill' }), 43);
    const built = statusUpdateRequestOf('demo-bot', parseListingRow(row), 'Sold');
    expect(built.ok && built.request).not.toHaveProperty('Location');
  });

  it('takes a rental’s rent from Price when RentPrice is blank, and leaves out half a map pin', () => {
    const row = createListingRow({ SaleType: 'for_rent', RentPrice: 2400, Latitude: 30.2 }, 7);
    const listing = parseListingRow({ ...row, RentPrice: '', LONGITUDE: null });
    const built = statusUpdateRequestOf('demo-bot', listing, 'PreOnMarket');
    expect(built.ok && built.request.RentPrice).toBe(2400);
    expect(built.ok && 'Latitude' in built.request).toBe(false);
  });

  it('sends nothing for a listing whose required fields the list does not give, and says which', () => {
    const row = createListingRow({}, 8);
    const built = statusUpdateRequestOf('demo-bot', parseListingRow({ ...row, Area: '1200', Bedrooms: '' }), 'Sold');
    expect(built).toEqual({ ok: false, reason: expect.stringContaining('Bedrooms, AreaUnit') as string });
  });

  it('sends nothing for a listing the contract would refuse, with the contract’s reason', () => {
    const row = createListingRow({}, 9);
    const built = statusUpdateRequestOf('demo-bot', parseListingRow({ ...row, Url: 'not a url' }), 'Sold');
    expect(built).toEqual({ ok: false, reason: 'Url: must be a full http:// or https:// address' });
  });
});

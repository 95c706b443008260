import { listListingsRequestSchema } from '../../../api/contract';
import { DEFAULT_VIEW, hasFilters, listRequestOf, pageCount, readListingView, writeListingView } from './listing-view';

describe('listing view in the URL', () => {
  it('reads the defaults from an empty query', () => {
    expect(readListingView(new URLSearchParams())).toEqual(DEFAULT_VIEW);
  });

  it('round-trips a view through the search params', () => {
    const view = { page: 3, size: 50 as const, city: 'Denver', saleType: 'for_rent' as const, mls: 'DEN-7' };
    const params = writeListingView(view);
    expect(params.toString()).toBe('city=Denver&saleType=for_rent&mls=DEN-7&size=50&page=3');
    expect(readListingView(params)).toEqual(view);
  });

  it('carries the shown columns only when the URL names them', () => {
    expect(readListingView(new URLSearchParams('city=Austin')).columns).toBeUndefined();
    expect(readListingView(new URLSearchParams('columns=address, city,,address,price')).columns).toEqual(['address', 'city', 'price']);
    // Present but empty: every optional column hidden, not "the device's choice".
    expect(readListingView(new URLSearchParams('columns=')).columns).toEqual([]);
    const params = writeListingView({ ...DEFAULT_VIEW, page: 2, columns: ['address', 'zip'] });
    expect(params.toString()).toBe('columns=address%2Czip&page=2');
  });

  it('writes nothing for the default view', () => {
    expect(writeListingView(DEFAULT_VIEW).toString()).toBe('');
  });

  it('falls back to defaults for values a person could have typed into the address bar', () => {
    const view = readListingView(new URLSearchParams('page=-2&size=7&saleType=for_lease&city=Austin'));
    expect(view).toEqual({ ...DEFAULT_VIEW, city: 'Austin' });
    expect(readListingView(new URLSearchParams('page=2.5&size=abc')).page).toBe(1);
  });

  it('builds a list request the contract accepts, without blank filters', () => {
    const request = listRequestOf('demo-bot', { page: 2, size: 10, city: '  Austin ', saleType: '', mls: ' ' });
    expect(request).toEqual({ SerialNumber: 'demo-bot', PageNumber: 2, PageSize: 10, CityName: 'Austin' });
    expect(listListingsRequestSchema.safeParse(request).success).toBe(true);
  });

  it('knows when a filter is set', () => {
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, city: '  ' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, saleType: 'for_sale' })).toBe(true);
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(60, 20)).toBe(3);
    expect(pageCount(61, 20)).toBe(4);
  });
});

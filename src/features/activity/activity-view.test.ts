import { describe, expect, it } from 'vitest';
import { activitySearch } from '../../api/activity';
import {
  activityFiltersOf,
  activityQueryOf,
  ACTIVITY_PAGE_SIZE,
  isBackwards,
  localMidnight,
  readActivityView,
  writeActivityView,
  type ActivityView,
} from './activity-view';

const read = (search: string) => readActivityView(new URLSearchParams(search));

describe('the Activity view in the URL', () => {
  it('reads back what it wrote', () => {
    const view: ActivityView = { member: 'm-dana', chatbot: 'demo-bot', action: 'listing.delete', from: '2026-06-01', to: '2026-06-30', page: 3 };
    const params = writeActivityView(view);
    expect(params.toString()).toBe('member=m-dana&chatbot=demo-bot&action=listing.delete&from=2026-06-01&to=2026-06-30&page=3');
    expect(readActivityView(params)).toEqual(view);
  });

  it('leaves the plain page plain', () => {
    expect(writeActivityView(read('')).toString()).toBe('');
    expect(read('')).toEqual({ member: '', chatbot: '', action: '', from: '', to: '', page: 1 });
  });

  it('falls back to the defaults for what a hand-edited URL gets wrong, keeping the rest', () => {
    expect(read('action=listing.burn&from=2026-02-30&to=yesterday&page=-2&chatbot=demo-bot')).toEqual({
      member: '',
      chatbot: 'demo-bot',
      action: '',
      from: '',
      to: '',
      page: 1,
    });
    expect(read('page=2.5').page).toBe(1);
    expect(read(`member=${'x'.repeat(101)}`).member).toBe('');
  });

  it('keeps the member filter of API clients', () => {
    expect(read('member=api-client').member).toBe('api-client');
  });
});

describe('days and the instants sent', () => {
  it('starts a day at its local midnight', () => {
    expect(localMidnight('2026-06-01')).toBe(new Date(2026, 5, 1).getTime());
    expect(localMidnight('2026-12-31', 1)).toBe(new Date(2027, 0, 1).getTime());
  });

  it('counts a day across a daylight-saving change from midnight to midnight', () => {
    // Spring forward in Europe and North America: whatever zone the test runs in, the next day starts at 00:00.
    for (const day of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const next = new Date(localMidnight(day, 1)!);
      expect([next.getHours(), next.getMinutes()], day).toEqual([0, 0]);
      expect(next.getTime() - localMidnight(day)!, day).toBeGreaterThanOrEqual(23 * 3600_000);
      expect(next.getTime() - localMidnight(day)!, day).toBeLessThanOrEqual(25 * 3600_000);
    }
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', '2026-02-29', '2026-13-01', '2026-6-1', '01/06/2026', '2026-06-01T00:00']) expect(localMidnight(text), text).toBeNull();
    expect(localMidnight('2028-02-29')).not.toBeNull();
  });

  it('sends From as its midnight and To as the next midnight, so To includes its whole day', () => {
    const filters = activityFiltersOf({ member: 'm-dana', chatbot: '', action: '', from: '2026-06-01', to: '2026-06-01' });
    expect(filters).toEqual({ member: 'm-dana', from: new Date(2026, 5, 1).getTime(), to: new Date(2026, 5, 2).getTime() });
  });

  it('asks for the page shown, with the page size', () => {
    const query = activityQueryOf(read('action=settings.save&page=4'));
    expect(query).toEqual({ action: 'settings.save', page: 4, pageSize: ACTIVITY_PAGE_SIZE });
    expect(activitySearch(query)).toBe(`action=settings.save&page=4&pageSize=${ACTIVITY_PAGE_SIZE}`);
  });

  it('says when To comes before From', () => {
    expect(isBackwards({ from: '2026-06-02', to: '2026-06-01' })).toBe(true);
    expect(isBackwards({ from: '2026-06-01', to: '2026-06-01' })).toBe(false);
    expect(isBackwards({ from: '', to: '2026-06-01' })).toBe(false);
  });
});

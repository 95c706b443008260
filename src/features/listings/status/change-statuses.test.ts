import type { UpdateListingRequest } from '../../../api/contract';
import { ApiError } from '../../../api/client';
import { createListingRow } from '../../../demo-data';
import { parseListingRow } from '../parse-listing-row';
import { changeStatuses, describeStatusChange } from './change-statuses';
import { runLimited } from './run-limited';

const listingWith = (id: number, status: 'Active' | 'PreOnMarket' | 'Sold' = 'Active') =>
  parseListingRow(createListingRow({ Status: status, Address: `${id} Main St` }, id));

describe('runLimited', () => {
  it('keeps at most the given number under way, and stopping starts nothing more', async () => {
    let running = 0;
    let most = 0;
    const controller = new AbortController();
    const items = Array.from({ length: 10 }, (_, index) => index);
    const { results, notStarted } = await runLimited(
      items,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        if (item === 6) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return item * 2;
      },
      { concurrency: 3, signal: controller.signal },
    );
    expect(most).toBe(3);
    // Item 6 stopped the run as it started; what was under way finished.
    expect([...results.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.get(6)).toBe(12);
    expect(notStarted).toEqual([7, 8, 9]);
  });
});

describe('changeStatuses', () => {
  it('updates each listing by its PlatformId, skips those already there, and reports failures with the reason', async () => {
    const listings = [listingWith(1), listingWith(2, 'Sold'), listingWith(3), listingWith(4)];
    const sent: UpdateListingRequest[] = [];
    const progress: number[] = [];
    const outcome = await changeStatuses({
      chatbotId: 'demo-bot',
      listings,
      status: 'Sold',
      concurrency: 2,
      update: (request) => {
        sent.push(request);
        if (request.Key === '3') return Promise.reject(new ApiError('RealEstateUpdate', 400, 400, 'ZIP: must be at most 20 characters'));
        if (request.Key === '4') return Promise.resolve(0);
        return Promise.resolve(1);
      },
      onProgress: ({ done, total }) => progress.push(done / total),
    });

    expect(sent.map((request) => [request.Key, request.KeyType, request.Status])).toEqual([
      ['1', 'PlatformId', 'Sold'],
      ['3', 'PlatformId', 'Sold'],
      ['4', 'PlatformId', 'Sold'],
    ]);
    expect(outcome.changed.map((listing) => [listing.ID, listing.Status])).toEqual([[1, 'Sold']]);
    expect(outcome.unchanged.map((listing) => listing.ID)).toEqual([2]);
    expect(outcome.failed.map(({ listing, reason }) => [listing.ID, reason])).toEqual([
      [3, 'ZIP: must be at most 20 characters'],
      [4, 'No listing has the ID 4 any more; it may have been deleted.'],
    ]);
    expect(outcome.notSent).toEqual([]);
    expect(progress.at(0)).toBe(0.25);
    expect(progress.at(-1)).toBe(1);

    const summary = describeStatusChange(outcome, 'Sold');
    expect(summary.color).toBe('yellow');
    expect(summary.message).toBe(
      'Set 1 listing to Sold. 1 listing was already Sold. 2 listings failed (3 Main St: ZIP: must be at most 20 characters …).',
    );
  });

  it('stops sending when told, and lists what was not sent', async () => {
    const controller = new AbortController();
    const listings = [listingWith(11), listingWith(12), listingWith(13)];
    const outcome = await changeStatuses({
      chatbotId: 'demo-bot',
      listings,
      status: 'PreOnMarket',
      concurrency: 1,
      signal: controller.signal,
      update: () => {
        controller.abort();
        return Promise.resolve(1);
      },
    });
    expect(outcome.changed.map((listing) => listing.ID)).toEqual([11]);
    expect(outcome.notSent.map((listing) => listing.ID)).toEqual([12, 13]);
    expect(describeStatusChange(outcome, 'Pre-market').message).toBe('Set 1 listing to Pre-market. Stopped before 2 listings.');
  });
});

describe('describeStatusChange', () => {
  it('says there was nothing to change when every listing already had the status', async () => {
    const outcome = await changeStatuses({
      chatbotId: 'demo-bot',
      listings: [listingWith(21, 'Sold'), listingWith(22, 'Sold')],
      status: 'Sold',
      update: () => Promise.reject(new Error('nothing should be sent')),
    });
    expect(describeStatusChange(outcome, 'Sold')).toEqual({
      title: 'Nothing to change',
      message: '2 listings were already Sold.',
      color: 'blue',
    });
  });
});

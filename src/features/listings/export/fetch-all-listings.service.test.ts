import { connectToLocalService } from '../../../test-support/local-service';
import { addListings, UNFILTERED_VIEW as everything } from '../../../test-support/more-listings';
import { fetchAllListings } from './fetch-all-listings';

/** Against the real local service (vitest.service-setup.ts), with more listings than one page holds. */
const BOT = 'fetch-all-bot';

beforeEach(() => connectToLocalService(BOT));

beforeAll(async () => {
  await connectToLocalService(BOT);
  // The seed gives the chatbot 60 listings; 190 more make three pages of 100 (250 in all).
  await addListings(BOT, 190, 'PAGE', (index) => ({ City: index % 2 === 0 ? 'Pagetown' : 'Elsewhere' }));
});

describe('fetchAllListings', () => {
  it('reads every page, each listing once, and reports progress page by page', async () => {
    const progress: Array<{ done: number; total: number }> = [];
    const listings = await fetchAllListings({ chatbotId: BOT, view: everything, onProgress: (step) => progress.push(step) });
    expect(listings).toHaveLength(250);
    expect(new Set(listings.map((listing) => listing.ID)).size).toBe(250);
    expect(progress).toEqual([
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('keeps to the filters of the view', async () => {
    const listings = await fetchAllListings({ chatbotId: BOT, view: { ...everything, city: 'Pagetown' } });
    expect(listings.length).toBeGreaterThanOrEqual(95);
    expect(listings.every((listing) => listing.City === 'Pagetown')).toBe(true);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const reading = fetchAllListings({
      chatbotId: BOT,
      view: everything,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(reading).rejects.toThrow();
  });
});

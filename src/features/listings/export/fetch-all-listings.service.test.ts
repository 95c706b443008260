import { apiFetch } from '../../../api/client';
import { createListing } from '../../../demo-data';
import { connectToLocalService } from '../../../test-support/local-service';
import { fetchAllListings } from './fetch-all-listings';

/** Against the real local service (vitest.service-setup.ts), with more listings than one page holds. */
const BOT = 'fetch-all-bot';

beforeEach(() => connectToLocalService(BOT));

beforeAll(async () => {
  await connectToLocalService(BOT);
  // The seed gives the chatbot 60 listings; 190 more make three pages of 100 (250 in all).
  for (let index = 0; index < 190; index += 1) {
    await apiFetch('RealEstateCreate', { ...createListing({ City: index % 2 === 0 ? 'Pagetown' : 'Elsewhere' }), SerialNumber: BOT, MLSNumber: `PAGE-${index}` });
  }
});

const everything = { page: 1, size: 20, city: '', saleType: '', mls: '' } as const;

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

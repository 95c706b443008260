import { connectToLocalService } from '../../../test-support/local-service';
import { addListings, UNFILTERED_VIEW as everything } from '../../../test-support/more-listings';
import { exportListingsCsv, PROGRESS_INTERVAL_MS, type ExportProgress } from './export-listings';
import { fetchAllListings } from './fetch-all-listings';
import { CSV_FIELDS, listingsCsv, withoutUnknownFields } from './listing-csv';

/** Against the real local service (vitest.service-setup.ts), with more listings than one page holds. */
const BOT = 'export-listings-bot';

beforeEach(() => connectToLocalService(BOT));

beforeAll(async () => {
  await connectToLocalService(BOT);
  // The seed gives the chatbot 60 listings; 190 more make three pages of 100 (250 in all).
  await addListings(BOT, 190, 'EXP', (index) => ({ Description: index % 3 === 0 ? '=SUM(A1), "quoted"\nline' : ' spaced ' }));
});

/** A clock that does not move unless told: every page comes "at once". */
function stoppedClock(): { now: () => number; advance(ms: number): void } {
  let time = 1000;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function textOf(parts: BlobPart[]): Promise<string> {
  return new Blob(parts).text();
}

describe('exportListingsCsv', () => {
  it('writes the same bytes as the whole file written at once', async () => {
    const { parts, count } = await exportListingsCsv({ chatbotId: BOT, view: everything, fields: CSV_FIELDS });
    const listings = await fetchAllListings({ chatbotId: BOT, view: everything });
    expect(count).toBe(250);
    expect(await textOf(parts)).toBe(listingsCsv(listings, withoutUnknownFields(CSV_FIELDS, listings)));
  });

  // Each step shown has Chromium restyle, lay out and paint a frame: at a page a step, that
  // was half the page's time in an export of 1,000 pages (docs/performance.md).
  it('shows progress at most once every PROGRESS_INTERVAL_MS, and always the last step', async () => {
    const clock = stoppedClock();
    const shown: ExportProgress[] = [];
    await exportListingsCsv({ chatbotId: BOT, view: everything, fields: CSV_FIELDS, now: clock.now, onProgress: (step) => shown.push(step) });
    // The clock stood still while the three pages were read: the first step, then the last.
    expect(shown).toEqual([
      { done: 100, total: 250 },
      { done: 250, total: 250 },
    ]);

    const paced: ExportProgress[] = [];
    await exportListingsCsv({
      chatbotId: BOT,
      view: everything,
      fields: CSV_FIELDS,
      now: clock.now,
      onProgress: (step) => {
        paced.push(step);
        clock.advance(PROGRESS_INTERVAL_MS);
      },
    });
    // Time enough between pages: every step.
    expect(paced.map((step) => step.done)).toEqual([100, 200, 250]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const shown: ExportProgress[] = [];
    const exporting = exportListingsCsv({
      chatbotId: BOT,
      view: everything,
      fields: CSV_FIELDS,
      signal: controller.signal,
      onProgress: (step) => {
        shown.push(step);
        controller.abort();
      },
    });
    await expect(exporting).rejects.toThrow();
    expect(shown).toEqual([{ done: 100, total: 250 }]);
  });
});

import { apiFetch } from '../../../api/client';
import { createListing } from '../../../demo-data';
import type { FrameScheduler } from '../../../lib/create-frame-batcher';
import { connectToLocalService } from '../../../test-support/local-service';
import { exportListingsCsv, type ExportProgress } from './export-listings';
import { fetchAllListings } from './fetch-all-listings';
import { CSV_FIELDS, listingsCsv, withoutUnknownFields } from './listing-csv';

/** Against the real local service (vitest.service-setup.ts), with more listings than one page holds. */
const BOT = 'export-listings-bot';

beforeEach(() => connectToLocalService(BOT));

beforeAll(async () => {
  await connectToLocalService(BOT);
  // The seed gives the chatbot 60 listings; 190 more make three pages of 100 (250 in all).
  for (let index = 0; index < 190; index += 1) {
    await apiFetch('RealEstateCreate', { ...createListing({ Description: index % 3 === 0 ? '=SUM(A1), "quoted"\nline' : ' spaced ' }), SerialNumber: BOT, MLSNumber: `EXP-${index}` });
  }
});

const everything = { page: 1, size: 20, city: '', saleType: '', mls: '' } as const;

/** Frames stepped by hand: none comes until `step` is called. */
function manualFrames(): FrameScheduler & { step(): void } {
  let waiting = new Map<number, () => void>();
  let next = 1;
  return {
    request(callback) {
      waiting.set(next, callback);
      return next++;
    },
    cancel(handle) {
      waiting.delete(handle);
    },
    step() {
      const due = waiting;
      waiting = new Map();
      for (const callback of due.values()) callback();
    },
  };
}

async function textOf(parts: BlobPart[]): Promise<string> {
  return new Blob(parts).text();
}

describe('exportListingsCsv', () => {
  it('writes the same bytes as the whole file written at once', async () => {
    const { parts, count } = await exportListingsCsv({ chatbotId: BOT, view: everything, fields: CSV_FIELDS, frames: manualFrames() });
    const listings = await fetchAllListings({ chatbotId: BOT, view: everything });
    expect(count).toBe(250);
    expect(await textOf(parts)).toBe(listingsCsv(listings, withoutUnknownFields(CSV_FIELDS, listings)));
  });

  // Each step shown re-renders the dialog: pages come faster than frames, and showing every
  // one of an export's 1,000 cost the page more than reading them (docs/performance.md).
  it('shows progress at most once between two frames, and always the last step', async () => {
    const frames = manualFrames();
    const shown: ExportProgress[] = [];
    await exportListingsCsv({ chatbotId: BOT, view: everything, fields: CSV_FIELDS, frames, onProgress: (step) => shown.push(step) });
    // No frame came while the three pages were read: the first step at once, then the last.
    expect(shown).toEqual([
      { done: 100, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('stops when its signal is aborted, and shows nothing after', async () => {
    const controller = new AbortController();
    const frames = manualFrames();
    const shown: ExportProgress[] = [];
    const exporting = exportListingsCsv({
      chatbotId: BOT,
      view: everything,
      fields: CSV_FIELDS,
      signal: controller.signal,
      frames,
      onProgress: (step) => {
        shown.push(step);
        controller.abort();
      },
    });
    await expect(exporting).rejects.toThrow();
    frames.step();
    expect(shown).toEqual([{ done: 100, total: 250 }]);
  });
});

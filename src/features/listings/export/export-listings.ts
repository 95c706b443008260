import type { ListingView } from "../filters/listing-view";
import { readAllListings } from "./fetch-all-listings";
import {
  listingsCsvHeader,
  listingsCsvRows,
  withoutUnknownFields,
  type CsvField,
} from "./listing-csv";

/** Text of this many pages (of 100 listings) becomes one Blob: about half a megabyte. */
const PAGES_PER_BLOB = 10;

/** Progress is shown at most this often: five times a second reads as moving. */
export const PROGRESS_INTERVAL_MS = 200;

export interface ExportProgress {
  done: number;
  total: number;
}

interface ExportOptions {
  chatbotId: string;
  view: ListingView;
  /** The fields chosen; Location is dropped when the service's list does not give it. */
  fields: readonly CsvField[];
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** The clock progress is paced by; tests stop it. */
  now?: () => number;
}

/**
 * The CSV file of every listing matching the view, as parts to download, and how many
 * listings it holds. Written page by page as the pages come, and turned into bytes every few
 * pages: neither 100,000 listings nor one 50 MB string is held at once. The header waits for
 * the first page, which tells whether the service's list gives Location.
 *
 * Progress goes out at most once every PROGRESS_INTERVAL_MS, and the last step always: the
 * pages come faster than frames, and every step shown had Chromium restyle, lay out and paint
 * a frame; at a page a step, that was half the page's main-thread time of an export, more than
 * reading the listings (docs/performance.md). Once per frame was not enough: a frame per page.
 */
export async function exportListingsCsv({
  chatbotId,
  view,
  fields: chosen,
  signal,
  onProgress,
  now = () => performance.now(),
}: ExportOptions): Promise<{ parts: BlobPart[]; count: number }> {
  const written: Blob[] = [];
  let fields: readonly CsvField[] | null = null;
  let parts: string[] = [];
  let shownAt = -Infinity;
  let unshown: ExportProgress | null = null;
  const show = (step: ExportProgress) => {
    shownAt = now();
    unshown = null;
    onProgress?.(step);
  };
  const count = await readAllListings({
    chatbotId,
    view,
    signal,
    onPage: (page) => {
      if (!fields) {
        fields = withoutUnknownFields(chosen, page);
        parts.push(listingsCsvHeader(fields));
      }
      parts.push(listingsCsvRows(page, fields));
      if (parts.length >= PAGES_PER_BLOB) {
        written.push(new Blob(parts));
        parts = [];
      }
    },
    onProgress: (step) => {
      if (now() - shownAt >= PROGRESS_INTERVAL_MS) show(step);
      else unshown = step;
    },
  });
  // The last step is shown, however soon after the one before.
  if (unshown) show(unshown);
  if (!fields) parts.push(listingsCsvHeader(withoutUnknownFields(chosen, [])));
  return { parts: [...written, ...parts], count };
}

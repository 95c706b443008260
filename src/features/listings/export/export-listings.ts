import { animationFrameScheduler, createFrameBatcher, type FrameScheduler } from '../../../lib/create-frame-batcher';
import type { ListingView } from '../filters/listing-view';
import { readAllListings } from './fetch-all-listings';
import { listingsCsvHeader, listingsCsvRows, withoutUnknownFields, type CsvField } from './listing-csv';

/** Text of this many pages (of 100 listings) becomes one Blob: about half a megabyte. */
const PAGES_PER_BLOB = 10;

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
  /** When progress may be shown; tests step frames by hand. */
  frames?: FrameScheduler;
}

/**
 * The CSV file of every listing matching the view, as parts to download, and how many
 * listings it holds. Written page by page as the pages come, and turned into bytes every few
 * pages: neither 100,000 listings nor one 50 MB string is held at once. The header waits for
 * the first page, which tells whether the service's list gives Location.
 *
 * Progress goes out at most once between two frames (createFrameBatcher), the last step
 * then: the pages of 100 come faster than frames, and each step shown re-rendered and
 * restyled the dialog, which cost more of the page's time than reading the page did
 * (docs/performance.md).
 */
export async function exportListingsCsv({ chatbotId, view, fields: chosen, signal, onProgress, frames = animationFrameScheduler }: ExportOptions): Promise<{ parts: BlobPart[]; count: number }> {
  const written: Blob[] = [];
  let fields: readonly CsvField[] | null = null;
  let parts: string[] = [];
  const progress = createFrameBatcher<ExportProgress>((steps) => onProgress?.(steps[steps.length - 1]!), frames);
  try {
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
      onProgress: (step) => progress.push(step),
    });
    // The last step is shown, even if its frame has not come.
    progress.flush();
    if (!fields) parts.push(listingsCsvHeader(withoutUnknownFields(chosen, [])));
    return { parts: [...written, ...parts], count };
  } finally {
    progress.dispose();
  }
}

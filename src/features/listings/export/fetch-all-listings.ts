import { apiFetch } from '../../../api/client';
import { nextTask } from '../../../lib/next-task';
import { listRequestOf, type ListingView } from '../filters/listing-view';
import { parseListingRow, type Listing } from '../parse-listing-row';

/** The largest page the list operation serves. */
const PAGE_SIZE = 100 satisfies ListingView['size'];

interface ReadOptions {
  chatbotId: string;
  view: ListingView;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** Pages asked for ahead of the one being handled: the service works while the page parses. */
const PAGES_AHEAD = 4;

/**
 * Every listing matching the view's filters, page by page at the largest page size, a few
 * pages requested at a time, each page handed to `onPage` in order as it arrives (only the
 * listings not seen on an earlier page: one that moved between pages while they were read
 * comes once). A caller that writes each page out (the export) never holds them all.
 */
export async function readAllListings({ chatbotId, view, signal, onProgress, onPage }: ReadOptions & { onPage: (listings: Listing[]) => void }): Promise<number> {
  const seen = new Set<number>();
  const request = (page: number) => {
    const answer = apiFetch('RealEstateList', listRequestOf(chatbotId, { ...view, page, size: PAGE_SIZE }), { signal });
    // Awaited in turn below; a page failing while an earlier one is handled is not "unhandled".
    answer.catch(() => undefined);
    return answer;
  };
  const handle = (answer: Awaited<ReturnType<typeof request>>) => {
    const fresh: Listing[] = [];
    for (const row of answer.List) {
      if (seen.has(row.ID)) continue;
      seen.add(row.ID);
      fresh.push(parseListingRow(row));
    }
    onPage(fresh);
    onProgress?.({ done: Math.min(seen.size, answer.VirtualCount), total: answer.VirtualCount });
  };

  signal?.throwIfAborted();
  const first = await request(1);
  handle(first);
  const pages = Math.ceil(first.VirtualCount / PAGE_SIZE);
  let next = 2;
  const ahead: Array<ReturnType<typeof request>> = [];
  while (next <= pages && ahead.length < PAGES_AHEAD) ahead.push(request(next++));
  while (ahead.length > 0) {
    signal?.throwIfAborted();
    const answer = await ahead.shift()!;
    // Pages that arrived while one was handled would otherwise all be handled in its task.
    await nextTask();
    signal?.throwIfAborted();
    handle(answer);
    if (answer.List.length === 0) break;
    if (next <= pages) ahead.push(request(next++));
  }
  return seen.size;
}

/** Every listing matching the view's filters (see readAllListings). */
export async function fetchAllListings(options: ReadOptions): Promise<Listing[]> {
  const listings: Listing[] = [];
  await readAllListings({ ...options, onPage: (page) => listings.push(...page) });
  return listings;
}

/** `listings-demo-bot-2026-11-25.csv`. */
export function exportFileName(chatbotId: string, now: Date = new Date()): string {
  const safe = chatbotId.replace(/[^\w.-]+/g, '_');
  return `listings-${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

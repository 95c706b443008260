import { apiFetch } from '../../../api/client';
import { listRequestOf, type ListingView } from '../filters/listing-view';
import { parseListingRow, type Listing } from '../parse-listing-row';

/** The largest page the list operation serves. */
const PAGE_SIZE = 100 satisfies ListingView['size'];

/**
 * Every listing matching the view's filters, page by page at the largest page size, one page
 * at a time. A listing that moved between pages while they were read is kept once.
 */
export async function fetchAllListings({
  chatbotId,
  view,
  signal,
  onProgress,
}: {
  chatbotId: string;
  view: ListingView;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
}): Promise<Listing[]> {
  const byId = new Map<number, Listing>();
  let total = Infinity;
  for (let page = 1; (page - 1) * PAGE_SIZE < total; page += 1) {
    signal?.throwIfAborted();
    const answer = await apiFetch('RealEstateList', listRequestOf(chatbotId, { ...view, page, size: PAGE_SIZE }), { signal });
    total = answer.VirtualCount;
    for (const row of answer.List) byId.set(row.ID, parseListingRow(row));
    onProgress?.({ done: Math.min(byId.size, total), total });
    if (answer.List.length === 0) break;
  }
  return [...byId.values()];
}

/** `listings-demo-bot-2026-11-25.csv`. */
export function exportFileName(chatbotId: string, now: Date = new Date()): string {
  const safe = chatbotId.replace(/[^\w.-]+/g, '_');
  return `listings-${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

import type { UpdateListingRequest } from '../../../api/contract';
import { listingLabel, type Listing } from '../parse-listing-row';
import { runLimited } from './run-limited';
import { statusUpdateRequestOf, type ListingStatus } from './status-update-request';

/** A few at a time: quick for a page of listings, and no flood of a service that limits rates. */
export const STATUS_CONCURRENCY = 4;

export interface StatusFailure {
  listing: Listing;
  reason: string;
}

export interface StatusChangeOutcome {
  status: ListingStatus;
  changed: Listing[];
  /** Already had the status: nothing was sent for them. */
  unchanged: Listing[];
  failed: StatusFailure[];
  /** Stopped before they were sent. */
  notSent: Listing[];
}

export interface StatusProgress {
  done: number;
  total: number;
}

interface ChangeStatusesOptions {
  chatbotId: string;
  listings: readonly Listing[];
  status: ListingStatus;
  /** Sends one update; the number of listings it changed. */
  update: (request: UpdateListingRequest) => Promise<number>;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: StatusProgress) => void;
}

type ItemResult = { kind: 'changed' } | { kind: 'failed'; reason: string };

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The service did not answer.';
}

/** Sets the status of each listing by its PlatformId, a few requests at a time, and says how each went. */
export async function changeStatuses({
  chatbotId,
  listings,
  status,
  update,
  concurrency = STATUS_CONCURRENCY,
  signal,
  onProgress,
}: ChangeStatusesOptions): Promise<StatusChangeOutcome> {
  const unchanged = listings.filter((listing) => listing.Status === status);
  const toSend = listings.filter((listing) => listing.Status !== status);
  const total = listings.length;
  let done = unchanged.length;
  onProgress?.({ done, total });

  const { results, notStarted } = await runLimited(
    toSend,
    async (listing): Promise<ItemResult> => {
      const built = statusUpdateRequestOf(chatbotId, listing, status);
      if (!built.ok) return { kind: 'failed', reason: built.reason };
      try {
        const count = await update(built.request);
        if (count === 0) return { kind: 'failed', reason: `No listing has the ID ${listing.ID} any more; it may have been deleted.` };
        return { kind: 'changed' };
      } catch (error) {
        return { kind: 'failed', reason: reasonOf(error) };
      }
    },
    {
      concurrency,
      signal,
      onSettled: () => {
        done += 1;
        onProgress?.({ done, total });
      },
    },
  );

  const outcome: StatusChangeOutcome = { status, changed: [], unchanged, failed: [], notSent: notStarted };
  for (const listing of toSend) {
    const result = results.get(listing);
    if (!result) continue;
    if (result.kind === 'changed') outcome.changed.push({ ...listing, Status: status });
    else outcome.failed.push({ listing, reason: result.reason });
  }
  return outcome;
}

const plural = (count: number) => `${count} ${count === 1 ? 'listing' : 'listings'}`;

/** One line for a notification: what changed, and what did not. */
export function describeStatusChange(outcome: StatusChangeOutcome, statusLabel: string): { title: string; message: string; color: string } {
  const parts = [`Set ${plural(outcome.changed.length)} to ${statusLabel}.`];
  if (outcome.unchanged.length > 0) {
    parts.push(`${plural(outcome.unchanged.length)} ${outcome.unchanged.length === 1 ? 'was' : 'were'} already ${statusLabel}.`);
  }
  if (outcome.failed.length > 0) {
    const first = outcome.failed[0]!;
    parts.push(`${plural(outcome.failed.length)} failed (${listingLabel(first.listing)}: ${first.reason}${outcome.failed.length > 1 ? ' …' : ''}).`);
  }
  if (outcome.notSent.length > 0) parts.push(`Stopped before ${plural(outcome.notSent.length)}.`);
  const clean = outcome.failed.length === 0 && outcome.notSent.length === 0;
  if (clean && outcome.changed.length === 0) {
    return { title: 'Nothing to change', message: parts.slice(1).join(' '), color: 'blue' };
  }
  return {
    title: clean ? 'Status changed' : outcome.changed.length === 0 ? 'No status was changed' : 'Some statuses were not changed',
    message: parts.join(' '),
    color: clean ? 'green' : outcome.changed.length === 0 ? 'red' : 'yellow',
  };
}

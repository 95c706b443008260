import type { QueryClient } from '@tanstack/react-query';
import { loadAnswerSchema, loadEnvelope } from '../api/answer-checks';
import { bootstrapQueryOptions } from '../api/console';
import { getConnection } from '../api/credentials';
import { listingListQueryOptions } from '../api/listings';
import { adoptBootstrap } from '../features/connection/adopt-bootstrap';

/*
 * Route loaders start the requests a page needs as soon as the URL is known, beside the
 * download of the page's code, instead of after the code has loaded and rendered. They
 * only warm the query cache with the pages' own query options and never wait for it, so
 * a navigation is not held up and a failure is left for the page to show.
 */

let connecting: Promise<void> | undefined;

/** Takes the signed-in member's chatbots from the bootstrap; resolves once they are known. */
function ensureConnection(queryClient: QueryClient): Promise<void> {
  const known = queryClient.getQueryData(bootstrapQueryOptions().queryKey);
  if (known !== undefined) {
    // Set by a sign-in a moment ago, perhaps before the shell's effect adopted it.
    adoptBootstrap(known);
    return Promise.resolve();
  }
  connecting ??= queryClient
    .ensureQueryData(bootstrapQueryOptions())
    .then(adoptBootstrap, () => undefined)
    .finally(() => {
      connecting = undefined;
    });
  return connecting;
}

/** Every page: the connection, and the envelope its answers come in. */
export function prefetchShell(queryClient: QueryClient): void {
  loadEnvelope().catch(() => undefined);
  void ensureConnection(queryClient);
}

/** The listings page: the page of listings its URL shows. */
export function prefetchListings(queryClient: QueryClient, chatbotId: string | undefined, url: string): void {
  if (!chatbotId) return;
  loadAnswerSchema('RealEstateList').catch(() => undefined);
  const view = import('../features/listings/filters/listing-view');
  Promise.all([view, ensureConnection(queryClient)])
    .then(([{ listRequestOf, readListingView }]) => {
      const request = listRequestOf(chatbotId, readListingView(new URL(url).searchParams));
      return queryClient.prefetchQuery(listingListQueryOptions(request));
    })
    .catch(() => undefined);
}

/**
 * The chat page: the chatbot's settings, whose welcome message is the largest text of an empty
 * chat's first paint. The request no longer waits for the page's code and first render.
 * (The settings page, whose form needs the same answer, measured no better with it: its LCP
 * came later in Lighthouse, see docs/performance.md.)
 */
export function prefetchChatDetail(queryClient: QueryClient, chatbotId: string | undefined): void {
  if (!chatbotId) return;
  const chatbotQueries = import('../api/chatbot');
  loadAnswerSchema('Detail').catch(() => undefined);
  Promise.all([chatbotQueries, ensureConnection(queryClient)])
    .then(([{ chatbotDetailQueryOptions }]) => queryClient.prefetchQuery(chatbotDetailQueryOptions(chatbotId)))
    .catch(() => undefined);
}

/** The start page: the first connected chatbot's listings, or Connection when there is none. */
export async function startPage(queryClient: QueryClient): Promise<string> {
  // Signed out: straight to the sign-in page, which comes back to `/` (this start page) afterwards.
  const bootstrap = await queryClient.ensureQueryData(bootstrapQueryOptions()).catch(() => null);
  if (bootstrap?.access === 'sign-in' || bootstrap?.access === 'setup') return '/sign-in';
  await ensureConnection(queryClient);
  const first = getConnection().chatbotIds[0];
  return first ? `/bots/${encodeURIComponent(first)}/listings` : '/connection';
}

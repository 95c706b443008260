import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { retryUnlessRefused } from './access';
import { consoleFetch } from './console-fetch';
import {
  ACTIVITY_FILTERS,
  activityPageSchema,
  latestListingChangeSchema,
  LISTING_KEY_PARAMS,
  type ActivityQuery,
  type LatestListingChangeQuery,
} from './contract/activity';

/*
 * The activity record (`/console/activity`): one page of entries, the same filters as a CSV
 * download, and one listing's last change. Its schemas are imported here directly, not through
 * access.ts's lazy contract: only lazy chunks import this module (the Activity page, the
 * listing form), so they never reach the first page load.
 */

/** The filters a CSV export takes: the page's, without paging. */
export type ActivityFilters = Omit<ActivityQuery, 'page' | 'pageSize'>;

export const activityKeys = {
  all: ['activity'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (query: ActivityQuery) => [...activityKeys.lists(), query] as const,
  latestListingChange: (query: LatestListingChangeQuery) => [...activityKeys.all, 'latest-listing-change', query] as const,
};

/** The query string both routes read; a filter left out (or blank) is not sent. */
export function activitySearch(query: ActivityQuery): string {
  const params = new URLSearchParams();
  for (const name of [...ACTIVITY_FILTERS, 'page', 'pageSize'] as const) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** Where Export CSV downloads every entry of these filters (the server sends it as an attachment). */
export function activityCsvHref(filters: ActivityFilters): string {
  const search = activitySearch(filters);
  return search ? `/console/activity.csv?${search}` : '/console/activity.csv';
}

/** One page, newest first. The previous page stays on screen while the next one comes. */
export function activityQueryOptions(query: ActivityQuery) {
  return queryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ signal }) =>
      consoleFetch({ method: 'GET', path: `/console/activity?${activitySearch(query)}`, answer: () => activityPageSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/**
 * The newest create, update or delete of one listing (null when the record has none the member
 * may see). Asked afresh at each opening of the listing's form, and not kept once it closes: the
 * form's own save is a newer change.
 */
export function latestListingChangeQueryOptions(query: LatestListingChangeQuery) {
  const params = new URLSearchParams({ chatbot: query.chatbot });
  for (const name of Object.keys(LISTING_KEY_PARAMS) as (keyof typeof LISTING_KEY_PARAMS)[]) {
    const key = query[name];
    if (key) params.set(name, key);
  }
  return queryOptions({
    queryKey: activityKeys.latestListingChange(query),
    queryFn: ({ signal }) =>
      consoleFetch({ method: 'GET', path: `/console/activity/latest?${params.toString()}`, answer: () => latestListingChangeSchema, signal }),
    gcTime: 0,
    retry: retryUnlessRefused,
  });
}

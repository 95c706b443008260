import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleFetch, retryUnlessRefused } from './access';
import { ACTIVITY_FILTERS, activityPageSchema, type ActivityQuery } from './contract/activity';

/*
 * The activity record (`/console/activity`): one page of entries, and the same filters as a
 * CSV download. Its schemas are imported here directly, not through access.ts's lazy contract:
 * only the Activity page (its own lazy chunk) imports this module, so they never reach the
 * first page load.
 */

/** The filters a CSV export takes: the page's, without paging. */
export type ActivityFilters = Omit<ActivityQuery, 'page' | 'pageSize'>;

export const activityKeys = {
  all: ['activity'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (query: ActivityQuery) => [...activityKeys.lists(), query] as const,
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

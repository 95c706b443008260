import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchVersionDetail, fetchVersions, versionKeys } from '../../../api/versions';

export const VERSIONS_PAGE_SIZE = 10;

/*
 * The settings history comes from the service in both modes: the local service keeps it, and
 * in proxy mode the console's own store keeps the team's (server/console/proxy-settings-history.ts).
 */

function historyPageQueryOptions(chatbotId: string, page: number) {
  return queryOptions({
    queryKey: versionKeys.list(chatbotId, page, VERSIONS_PAGE_SIZE),
    queryFn: ({ signal }) => fetchVersions(chatbotId, page, VERSIONS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the chatbot's versions, newest first. */
export function useVersionsPage(chatbotId: string, page: number) {
  return useQuery(historyPageQueryOptions(chatbotId, page));
}

/** One version with all its settings. */
export function useVersionDetail(chatbotId: string, version: number | null) {
  return useQuery({
    queryKey: versionKeys.detail(chatbotId, version ?? 0),
    queryFn: ({ signal }) => fetchVersionDetail(chatbotId, version ?? 0, signal),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

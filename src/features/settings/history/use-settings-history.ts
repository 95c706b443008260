import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isMissingOperation } from '../../../api/client';
import { fetchVersionDetail, fetchVersions, versionKeys } from '../../../api/versions';
import type { VersionDetail, VersionsResponse } from '../../../api/contract';
import { openBrowserHistory, type BrowserHistory } from './browser-history';

export const VERSIONS_PAGE_SIZE = 10;

/** One history per page load: IndexedDB is opened on first use. */
let browserHistory: BrowserHistory | null = null;
export function getBrowserHistory(): BrowserHistory {
  return (browserHistory ??= openBrowserHistory());
}

export type HistoryOrigin = 'service' | 'browser';

interface HistoryPage extends VersionsResponse {
  origin: HistoryOrigin;
}

function historyPageQueryOptions(chatbotId: string, page: number) {
  return queryOptions({
    queryKey: versionKeys.list(chatbotId, page, VERSIONS_PAGE_SIZE),
    queryFn: async ({ signal }): Promise<HistoryPage> => {
      try {
        return { origin: 'service', ...(await fetchVersions(chatbotId, page, VERSIONS_PAGE_SIZE, signal)) };
      } catch (error) {
        // A service without Versions (the hosted one): this browser's history instead.
        if (!isMissingOperation(error)) throw error;
        return { origin: 'browser', ...(await getBrowserHistory().list(chatbotId, page, VERSIONS_PAGE_SIZE)) };
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** A page of the chatbot's versions, newest first, from the service or, without one there, from this browser. */
export function useVersionsPage(chatbotId: string, page: number) {
  return useQuery(historyPageQueryOptions(chatbotId, page));
}

/** One version with all its settings, from wherever its list came. */
export function useVersionDetail(chatbotId: string, version: number | null, origin: HistoryOrigin) {
  return useQuery({
    queryKey: [...versionKeys.detail(chatbotId, version ?? 0), origin] as const,
    queryFn: async ({ signal }): Promise<VersionDetail> => {
      if (origin === 'service') return fetchVersionDetail(chatbotId, version ?? 0, signal);
      const found = await getBrowserHistory().get(chatbotId, version ?? 0);
      if (!found) throw new Error(`Version ${version} is no longer kept in this browser.`);
      return found;
    },
    enabled: version !== null,
    staleTime: Infinity,
  });
}

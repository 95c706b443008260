import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

/** Settings history of the local service (Versions, VersionDetail; design.md). A service without them answers 404. */
export const versionKeys = {
  all: ['settings-versions'] as const,
  lists: (chatbotId: string) => [...versionKeys.all, chatbotId, 'list'] as const,
  list: (chatbotId: string, page: number, pageSize: number) => [...versionKeys.lists(chatbotId), { page, pageSize }] as const,
  detail: (chatbotId: string, version: number) => [...versionKeys.all, chatbotId, 'detail', version] as const,
};

export function versionsQueryOptions(chatbotId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: versionKeys.list(chatbotId, page, pageSize),
    queryFn: ({ signal }) => apiFetch('Versions', { serialNumber: chatbotId, PageNumber: page, PageSize: pageSize }, { signal }),
  });
}

/** A version never changes once written: it is kept for as long as the page lives. */
export function versionDetailQueryOptions(chatbotId: string, version: number) {
  return queryOptions({
    queryKey: versionKeys.detail(chatbotId, version),
    queryFn: ({ signal }) => apiFetch('VersionDetail', { serialNumber: chatbotId, Version: version }, { signal }),
    staleTime: Infinity,
  });
}

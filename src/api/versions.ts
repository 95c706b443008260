import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

/** Settings history of the local service (Versions, VersionDetail; design.md). A service without them answers 404. */
export const versionKeys = {
  all: ['settings-versions'] as const,
  lists: (chatbotId: string) => [...versionKeys.all, chatbotId, 'list'] as const,
  list: (chatbotId: string, page: number, pageSize: number) => [...versionKeys.lists(chatbotId), { page, pageSize }] as const,
  /** The newest version's number alone; under lists, so whatever refreshes the lists refreshes it. */
  current: (chatbotId: string) => [...versionKeys.lists(chatbotId), 'current'] as const,
  /** The newest version's summary (who saved it, when); under lists too. */
  latest: (chatbotId: string) => [...versionKeys.lists(chatbotId), 'latest'] as const,
  detail: (chatbotId: string, version: number) => [...versionKeys.all, chatbotId, 'detail', version] as const,
};

/** A page of versions, newest first. */
export function fetchVersions(chatbotId: string, page: number, pageSize: number, signal?: AbortSignal) {
  return apiFetch('Versions', { serialNumber: chatbotId, PageNumber: page, PageSize: pageSize }, { signal });
}

/** One version with every setting as it was saved. */
export function fetchVersionDetail(chatbotId: string, version: number, signal?: AbortSignal) {
  return apiFetch('VersionDetail', { serialNumber: chatbotId, Version: version }, { signal });
}

/** The newest version (null before the first), for the settings page's "Edited by Dana Ruiz, 3 minutes ago"; a save refreshes it. */
export function latestVersionQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: versionKeys.latest(chatbotId),
    queryFn: async ({ signal }) => (await fetchVersions(chatbotId, 1, 1, signal)).List[0] ?? null,
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from './client';
import type { EditRequest } from './contract';
import { VERSION_SOURCE_HEADER, versionSourceHeaderValue } from './contract/version-source';
import { versionKeys } from './versions';

export const chatbotKeys = {
  all: ['chatbot'] as const,
  details: () => [...chatbotKeys.all, 'detail'] as const,
  detail: (chatbotId: string) => [...chatbotKeys.details(), chatbotId] as const,
};

/**
 * A 404 that names serialNumber is an unknown chatbot; any other 404 means the service cannot
 * report the settings (proxy mode before any save passed through this console, or a service
 * without Detail), which the pages can live without.
 */
export function isDetailMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.field !== 'serialNumber';
}

/**
 * The chatbot's current settings (Detail, our addition), or null when the service cannot report
 * them. Null is an answer, not an error: a refetch (every save invalidates it) keeps it while it
 * runs, where an error would send the query back to pending and unmount the settings form
 * mid-save.
 */
export function chatbotDetailQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: chatbotKeys.detail(chatbotId),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch('Detail', { serialNumber: chatbotId }, { signal });
      } catch (error) {
        if (isDetailMissing(error)) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });
}

export interface EditVariables {
  request: EditRequest;
  /** The settings version this save brings back, when it is a restore. */
  restoredFrom?: number | null;
}

export function useEditChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    // Says the save is this console's (and which version it restores), so the service's
    // settings history can tell it from other clients'.
    mutationFn: ({ request, restoredFrom = null }: EditVariables) =>
      apiFetch('Edit', request, { headers: { [VERSION_SOURCE_HEADER]: versionSourceHeaderValue(restoredFrom ?? undefined) } }),
    onSuccess: (_data, { request }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatbotDetailQueryOptions(request.serialNumber).queryKey }),
        queryClient.invalidateQueries({ queryKey: versionKeys.lists(request.serialNumber) }),
      ]),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { EditRequest } from './contract';
import { VERSION_SOURCE_HEADER, versionSourceHeaderValue } from './contract/version-source';
import { versionKeys } from './versions';

export const chatbotKeys = {
  all: ['chatbot'] as const,
  details: () => [...chatbotKeys.all, 'detail'] as const,
  detail: (chatbotId: string) => [...chatbotKeys.details(), chatbotId] as const,
};

/** The chatbot's current settings (Detail, our addition; a hosted service may answer 404). */
export function chatbotDetailQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: chatbotKeys.detail(chatbotId),
    queryFn: ({ signal }) => apiFetch('Detail', { serialNumber: chatbotId }, { signal }),
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

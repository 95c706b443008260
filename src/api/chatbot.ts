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

export function useEditChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    // Says the save is this console's, so the service's settings history can tell it from other clients'.
    mutationFn: (body: EditRequest) => apiFetch('Edit', body, { headers: { [VERSION_SOURCE_HEADER]: versionSourceHeaderValue() } }),
    onSuccess: (_data, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatbotDetailQueryOptions(body.serialNumber).queryKey }),
        queryClient.invalidateQueries({ queryKey: versionKeys.lists(body.serialNumber) }),
      ]),
  });
}

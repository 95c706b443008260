import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { EditRequest } from './contract';

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
    mutationFn: (body: EditRequest) => apiFetch('Edit', body),
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: chatbotDetailQueryOptions(body.serialNumber).queryKey }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiRequest } from './client';
import type { ClientAskRequest } from './contract';
import { readAnswerStream, type StreamEvent } from './stream';

/** Opens a new chat session with a chatbot (GetSession). */
export function useCreateSession() {
  return useMutation({
    mutationFn: (chatbotId: string) => apiFetch('GetSession', { serialNumber: chatbotId }),
  });
}

/** A single, non-streamed answer. */
export function askChatbot(body: Omit<ClientAskRequest, 'stream'>, signal?: AbortSignal) {
  return apiFetch('ClientAsk', { ...body, stream: false }, { signal });
}

/** A streamed answer as typed events; aborting the signal stops reading and the request. */
export async function* askChatbotStream(
  body: Omit<ClientAskRequest, 'stream'>,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent> {
  const response = await apiRequest('ClientAsk', { ...body, stream: true }, { signal });
  if (!response.body) throw new Error('The answer stream has no body');
  yield* readAnswerStream(response.body, signal);
}

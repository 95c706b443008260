import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SettingsVersionLookup } from './chat-store';
import { currentSettingsVersionQueryOptions, settingsVersionLookup } from './settings-version';

/**
 * The chatbot's settings version now, read afresh whenever a view using it appears: an
 * answer's details compare it with the version the answer ran with.
 */
export function useCurrentSettingsVersion(chatbotId: string) {
  return useQuery({ ...currentSettingsVersionQueryOptions(chatbotId), staleTime: 0 });
}

/** What a send hands the chat store, so the answer records the settings version of its moment. */
export function useSettingsVersionLookup(chatbotId: string): SettingsVersionLookup {
  const queryClient = useQueryClient();
  return useMemo(() => settingsVersionLookup(queryClient, chatbotId), [queryClient, chatbotId]);
}

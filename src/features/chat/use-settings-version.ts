import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import type { SettingsVersionLookup } from './chat-store';
import { currentSettingsVersionQueryOptions, settingsVersionLookup, type BrowserSettingsVersion } from './settings-version';

/** The reader of this browser's own settings history, for a service without Versions (see BrowserSettingsVersion). */
export const BrowserSettingsVersionContext = createContext<BrowserSettingsVersion | undefined>(undefined);

/**
 * The chatbot's settings version now, read afresh whenever a view using it appears: an
 * answer's details compare it with the version the answer ran with.
 */
export function useCurrentSettingsVersion(chatbotId: string) {
  const browserVersion = useContext(BrowserSettingsVersionContext);
  return useQuery({ ...currentSettingsVersionQueryOptions(chatbotId, browserVersion), staleTime: 0 });
}

/** What a send hands the chat store, so the answer records the settings version of its moment. */
export function useSettingsVersionLookup(chatbotId: string): SettingsVersionLookup {
  const queryClient = useQueryClient();
  const browserVersion = useContext(BrowserSettingsVersionContext);
  return useMemo(() => settingsVersionLookup(queryClient, chatbotId, browserVersion), [queryClient, chatbotId, browserVersion]);
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isMissingOperation } from '../../api/client';
import { fetchVersions, versionKeys } from '../../api/versions';

/**
 * How long a known settings version is reused before Versions is asked again: a burst of
 * questions asks once. Saves from this tab refresh it at once (useEditChatbot invalidates
 * the version lists, this included).
 */
export const SETTINGS_VERSION_FRESH_MS = 5_000;

/** The chatbot's newest settings version: null when there is none to know of (a service without Versions). */
export function currentSettingsVersionQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: versionKeys.current(chatbotId),
    queryFn: async ({ signal }): Promise<number | null> => {
      try {
        const page = await fetchVersions(chatbotId, 1, 1, signal);
        return page.List[0]?.Version ?? null;
      } catch (error) {
        if (isMissingOperation(error)) return null;
        throw error;
      }
    },
    staleTime: SETTINGS_VERSION_FRESH_MS,
  });
}

/**
 * The version to record on an answer whose question goes out now: from the short-lived cache
 * or a fresh request, and null (record nothing) when it cannot be known, rather than a guess.
 */
export function settingsVersionLookup(queryClient: QueryClient, chatbotId: string): () => Promise<number | null> {
  return () => queryClient.fetchQuery(currentSettingsVersionQueryOptions(chatbotId)).catch(() => null);
}

/**
 * The newer version the chatbot has now, when its settings changed after the answer's
 * question was sent; null when they did not, or when either version is unknown.
 */
export function settingsChangedSince(recorded: number | undefined, current: number | null | undefined): number | null {
  if (recorded === undefined || current === null || current === undefined) return null;
  return current > recorded ? current : null;
}

/** Where the settings page opens its History on that version. */
export function settingsVersionHref(chatbotId: string, version: number): string {
  return `/bots/${encodeURIComponent(chatbotId)}/settings?history=${version}`;
}

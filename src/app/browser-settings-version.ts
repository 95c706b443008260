import { isMissingOperation } from '../api/client';
import { getBrowserHistory } from '../features/settings/history/use-settings-history';

/**
 * The chat's settings version against a service without Versions: the newest version of the
 * settings history this browser keeps of its own saves, which the settings feature owns. The
 * app hands it to the chat (features do not import each other), from the chat's own area module
 * (chat-route.tsx): imported from the router instead, the history's module became an entry of its
 * own and the bundler moved shared code into the first load (+2 KB gzipped).
 */
export async function browserSettingsVersion(chatbotId: string, serviceError: unknown): Promise<number | null> {
  if (!isMissingOperation(serviceError)) throw serviceError;
  const newest = await getBrowserHistory().list(chatbotId, 1, 1);
  return newest.List[0]?.Version ?? null;
}

/**
 * The chat's settings version against a service without Versions: the newest version of the
 * settings history this browser keeps of its own saves, which the settings feature owns. The
 * app hands it to the chat (features do not import each other); its code loads only then.
 */
export async function browserSettingsVersion(chatbotId: string, serviceError: unknown): Promise<number | null> {
  const history = await import('../features/settings/history/use-settings-history');
  if (!history.lacksVersions(serviceError)) throw serviceError;
  const newest = await history.getBrowserHistory().list(chatbotId, 1, 1);
  return newest.List[0]?.Version ?? null;
}

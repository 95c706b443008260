import 'fake-indexeddb/auto';
import { ApiError } from '../api/client';
import { getBrowserHistory } from '../features/settings/history/use-settings-history';
import { createChatbotSettings } from '../demo-data';
import { browserSettingsVersion } from './browser-settings-version';

const missingOperation = new ApiError('Versions', 404, 404, 'No operation Versions on this service');

describe("the chat's settings version from this browser's history", () => {
  it('is the newest version this browser saved, when the service has no Versions', async () => {
    const bot = 'browser-version-bot';
    expect(await browserSettingsVersion(bot, missingOperation)).toBeNull();
    await getBrowserHistory().record(bot, {
      before: createChatbotSettings(),
      after: createChatbotSettings({ Name: 'Renamed' }),
      changedFields: ['Name'],
      restoredFrom: null,
    });
    // Version 1 is what the browser saw before its first save, version 2 that save.
    expect(await browserSettingsVersion(bot, missingOperation)).toBe(2);
  });

  it('is not a stand-in for any other failure: that error comes back', async () => {
    const unknownChatbot = new ApiError('Versions', 404, 404, 'serialNumber: no chatbot with this id');
    const offline = new ApiError('Versions', 0, 0, 'The service could not be reached');
    await expect(browserSettingsVersion('bot', unknownChatbot)).rejects.toBe(unknownChatbot);
    await expect(browserSettingsVersion('bot', offline)).rejects.toBe(offline);
  });
});

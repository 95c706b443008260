import { QueryClient } from '@tanstack/react-query';
import { saveConnection } from '../../api/credentials';
import { versionKeys } from '../../api/versions';
import {
  currentSettingsVersionQueryOptions,
  settingsChangedSince,
  settingsVersionHref,
  settingsVersionLookup,
  SETTINGS_VERSION_FRESH_MS,
} from './settings-version';

/**
 * fetch is stubbed here only for what the local service cannot do on request: be a service
 * without Versions, or fail. The real Versions is exercised end to end (e2e/chat-compare.spec.ts).
 */
function envelope(data: unknown, code = 200, message = '') {
  return new Response(JSON.stringify({ Data: data, Version: '1.0', Success: code === 200, Code: code, Message: message }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
}

const versionsPage = (newest: number) => ({
  List: [{ Version: newest, CreatedAt: 1_000, ChangedFields: ['Name'], Source: 'console', RestoredFrom: null }],
  VirtualCount: newest,
});

function stubFetch(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  saveConnection({ baseUrl: '', chatbotIds: ['bot'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the settings version an answer ran with', () => {
  it('is the newest version on Versions page 1, asked for one item', async () => {
    const fetchMock = stubFetch(() => envelope(versionsPage(7)));
    expect(await settingsVersionLookup(newClient(), 'bot')()).toBe(7);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ serialNumber: 'bot', PageNumber: 1, PageSize: 1 });
  });

  it('is null, not a guess, for a chatbot with no versions, or when Versions fails and nothing else knows', async () => {
    stubFetch(() => envelope({ List: [], VirtualCount: 0 }));
    expect(await settingsVersionLookup(newClient(), 'bot')()).toBeNull();
    stubFetch(() => envelope(null, 500, 'database unavailable'));
    expect(await settingsVersionLookup(newClient(), 'bot')()).toBeNull();
  });

  it('is null for a service without Versions', async () => {
    stubFetch(() => envelope(null, 404, 'No operation Versions'));
    expect(await settingsVersionLookup(newClient(), 'bot')()).toBeNull();
  });

  it('a burst of questions asks Versions once; after the fresh time, or once versions change, it asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let newest = 4;
    const fetchMock = stubFetch(() => envelope(versionsPage(newest)));
    const queryClient = newClient();
    const lookup = settingsVersionLookup(queryClient, 'bot');
    expect(await Promise.all([lookup(), lookup(), lookup()])).toEqual([4, 4, 4]);
    expect(await lookup()).toBe(4);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    newest = 5;
    // A save from this tab invalidates the version lists (useEditChatbot): the next question sees it.
    await queryClient.invalidateQueries({ queryKey: versionKeys.lists('bot') });
    expect(await lookup()).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    newest = 6;
    vi.setSystemTime(Date.now() + SETTINGS_VERSION_FRESH_MS + 1);
    expect(await lookup()).toBe(6);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is cached per chatbot', async () => {
    const fetchMock = stubFetch(() => envelope(versionsPage(2)));
    const queryClient = newClient();
    await settingsVersionLookup(queryClient, 'bot')();
    await settingsVersionLookup(queryClient, 'other-bot')();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(currentSettingsVersionQueryOptions('bot').queryKey).not.toEqual(currentSettingsVersionQueryOptions('other-bot').queryKey);
  });
});

describe('settingsChangedSince', () => {
  it('names the newer version when the settings were saved after the answer', () => {
    expect(settingsChangedSince(3, 5)).toBe(5);
  });

  it('says nothing when they were not, or when either version is unknown', () => {
    expect(settingsChangedSince(5, 5)).toBeNull();
    // The current version read before a save this answer already saw (a stale read): not "changed".
    expect(settingsChangedSince(5, 4)).toBeNull();
    expect(settingsChangedSince(undefined, 5)).toBeNull();
    expect(settingsChangedSince(3, null)).toBeNull();
    expect(settingsChangedSince(3, undefined)).toBeNull();
  });
});

it('links a version to the settings page, which opens its History on it', () => {
  expect(settingsVersionHref('demo bot/2', 4)).toBe('/bots/demo%20bot%2F2/settings?history=4');
});

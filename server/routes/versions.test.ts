// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_SOURCE_HEADER, versionSourceHeaderValue } from '../../src/api/contract';
import { DEMO_CHATBOT_SETTINGS, DEMO_STAGING_OVERRIDES } from '../../src/demo-data';
import { BOT, failing, ok, SECRET, startTestApp, type TestApp } from '../test-support';

let service: TestApp;
let clock = Date.UTC(2026, 10, 24, 12);
beforeEach(async () => {
  clock = Date.UTC(2026, 10, 24, 12);
  service = await startTestApp({ now: () => clock });
});
afterEach(() => service.close());

const FROM_CONSOLE = { ...SECRET, [VERSION_SOURCE_HEADER]: versionSourceHeaderValue() };

async function edit(changes: Record<string, unknown>, headers: Record<string, string> = FROM_CONSOLE) {
  clock += 60_000;
  return ok(service.app, 'Edit', { serialNumber: BOT, ...changes }, headers);
}

describe('settings versions', () => {
  it('starts every chatbot with version 1, its first settings', async () => {
    const { List, VirtualCount } = await ok(service.app, 'Versions', { serialNumber: BOT });
    expect(VirtualCount).toBe(1);
    expect(List).toEqual([{ Version: 1, CreatedAt: clock, ChangedFields: [], Source: 'created', RestoredFrom: null, EditedBy: null }]);
    const first = await ok(service.app, 'VersionDetail', { serialNumber: BOT, Version: 1 });
    expect(first.Settings).toEqual(DEMO_CHATBOT_SETTINGS);
  });

  it('stores a version per save that changed something, newest first, with the fields it changed in Edit order', async () => {
    await edit({ WelcomeMessage: 'Hello', Name: 'Front desk' });
    await edit({ ChatBubbleColor: 'rgb(1,2,3)', Name: 'Front desk' }, SECRET);
    // Sending the values it already has changes nothing, and leaves no version.
    await edit({ ChatBubbleColor: 'rgb(1,2,3)' });
    await edit({ MessageLimit: 50 }, { ...SECRET, [VERSION_SOURCE_HEADER]: versionSourceHeaderValue(1) });

    const { List, VirtualCount } = await ok(service.app, 'Versions', { serialNumber: BOT });
    expect(VirtualCount).toBe(4);
    expect(List.map(({ Version, ChangedFields, Source, RestoredFrom }) => ({ Version, ChangedFields, Source, RestoredFrom }))).toEqual([
      { Version: 4, ChangedFields: ['MessageLimit'], Source: 'console', RestoredFrom: 1 },
      { Version: 3, ChangedFields: ['ChatBubbleColor'], Source: 'other', RestoredFrom: null },
      { Version: 2, ChangedFields: ['Name', 'WelcomeMessage'], Source: 'console', RestoredFrom: null },
      { Version: 1, ChangedFields: [], Source: 'created', RestoredFrom: null },
    ]);
    expect(List[0]!.CreatedAt).toBeGreaterThan(List[1]!.CreatedAt);

    const second = await ok(service.app, 'VersionDetail', { serialNumber: BOT, Version: 2 });
    expect(second.Settings).toEqual({ ...DEMO_CHATBOT_SETTINGS, WelcomeMessage: 'Hello', Name: 'Front desk' });
    const latest = await ok(service.app, 'VersionDetail', { serialNumber: BOT, Version: 4 });
    const { serialNumber: _id, ...current } = await ok(service.app, 'Detail', { serialNumber: BOT });
    expect(latest.Settings).toEqual(current);
  });

  it('pages newest first', async () => {
    for (let index = 0; index < 5; index += 1) await edit({ Temperature: index + 10 });
    const page = await ok(service.app, 'Versions', { serialNumber: BOT, PageNumber: 2, PageSize: 2 });
    expect(page.VirtualCount).toBe(6);
    expect(page.List.map((version) => version.Version)).toEqual([4, 3]);
    expect((await ok(service.app, 'Versions', { serialNumber: BOT, PageNumber: 9, PageSize: 2 })).List).toEqual([]);
  });

  it('creates no version for a refused Edit', async () => {
    await failing(service.app, 'Edit', { serialNumber: BOT, Model: 'no-such-model' }, 400, FROM_CONSOLE);
    await failing(service.app, 'Edit', { serialNumber: BOT, ChatBubbleColor: 'blue' }, 400, FROM_CONSOLE);
    expect(
      await failing(service.app, 'Edit', { serialNumber: BOT, Name: 'x' }, 400, { ...SECRET, [VERSION_SOURCE_HEADER]: versionSourceHeaderValue(99) }),
    ).toBe(`${VERSION_SOURCE_HEADER}: version 99 of this chatbot does not exist`);
    expect((await ok(service.app, 'Versions', { serialNumber: BOT })).VirtualCount).toBe(1);
    expect((await ok(service.app, 'Detail', { serialNumber: BOT })).Name).toBe(DEMO_CHATBOT_SETTINGS.Name);
  });

  it('names the field of bad input', async () => {
    expect(await failing(service.app, 'Versions', { serialNumber: 'no-such-bot' }, 404)).toBe('serialNumber: no chatbot with this id');
    expect(await failing(service.app, 'Versions', { serialNumber: BOT, PageSize: 0 }, 400)).toBe('PageSize: must be between 1 and 100');
    expect(await failing(service.app, 'Versions', { serialNumber: BOT, PageSize: 101 }, 400)).toBe('PageSize: must be between 1 and 100');
    expect(await failing(service.app, 'Versions', { serialNumber: BOT, PageNumber: 0 }, 400)).toBe('PageNumber: must be 1 or more');
    expect(await failing(service.app, 'VersionDetail', { serialNumber: 'no-such-bot', Version: 1 }, 404)).toBe('serialNumber: no chatbot with this id');
    expect(await failing(service.app, 'VersionDetail', { serialNumber: BOT, Version: 7 }, 404)).toBe('Version: this chatbot has no version 7');
    expect(await failing(service.app, 'VersionDetail', { serialNumber: BOT, Version: 0 }, 400)).toBe('Version: must be 1 or more');
    expect(await failing(service.app, 'VersionDetail', { serialNumber: BOT }, 400)).toBe('Version: is required');
    expect(await failing(service.app, 'Versions', { serialNumber: BOT }, 401, {})).toMatch(/^Authorization: /);
  });

  it('seeds the staging twin of the demo chatbot with its own settings', async () => {
    const staging = await ok(service.app, 'Detail', { serialNumber: `${BOT}-staging` });
    expect(staging).toMatchObject({ ...DEMO_STAGING_OVERRIDES, serialNumber: `${BOT}-staging` });
    expect(staging.Name).not.toBe(DEMO_CHATBOT_SETTINGS.Name);
  });
});

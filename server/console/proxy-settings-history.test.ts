// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHATBOT_SETTING_KEYS, NEUTRAL_SETTINGS, NOTHING_SAVED_YET, versionSourceHeaderValue, VERSION_SOURCE_HEADER, type OperationName } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import type { ActivityEntry } from '../../src/api/contract/activity';
import { ownerSession, startTestApp } from '../test-support';
import { QUOTING_BOTS, standInPerTest } from '../test-upstream';
import { invitedMember, withCookie } from './console-test-client';

const stand = standInPerTest();
const BOT = 'hosted-bot';

async function startProxy() {
  const started = await startTestApp({
    upstream: { url: stand.fake.url, secretKey: 'server-secret', sessionKey: 'server-session', chatbotIds: [BOT, 'other-bot', QUOTING_BOTS.json] },
  });
  stand.track(started);
  const owner = await ownerSession(started);
  const ownerCookie = owner.cookie!.split('=')[1]!;
  const editor = await invitedMember(started.app, ownerCookie, 'Editor', [BOT]);
  return { app: started.app, owner, editor: withCookie(editor.cookie), editorName: editor.name };
}

type Headers = Record<string, string>;

async function call(app: Awaited<ReturnType<typeof startProxy>>['app'], name: OperationName, body: object, headers: Headers) {
  return app.inject({ method: 'POST', url: operations[name].path, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
}

const forwarded = (name: OperationName) => stand.fake.seen.filter((seen) => seen.url === operations[name].path).length;

describe('proxy mode: the team\'s settings history', () => {
  it('two members\' Edits accepted by the hosted service make versions with their names, answered by the console', async () => {
    const { app, owner, editor, editorName } = await startProxy();
    expect((await call(app, 'Edit', { serialNumber: BOT, Name: 'Harbor Homes', WelcomeMessage: 'Hi' }, owner)).statusCode).toBe(200);
    expect((await call(app, 'Edit', { serialNumber: BOT, WelcomeMessage: 'Hello there' }, editor)).statusCode).toBe(200);
    // The same value again changes nothing: acknowledged, no version.
    expect((await call(app, 'Edit', { serialNumber: BOT, Name: 'Harbor Homes' }, editor)).statusCode).toBe(200);
    expect(forwarded('Edit')).toBe(3);

    const versions = (await call(app, 'Versions', { serialNumber: BOT }, editor)).json<{ Data: { List: unknown[]; VirtualCount: number } }>().Data;
    expect(versions.VirtualCount).toBe(2);
    expect(versions.List).toMatchObject([
      { Version: 2, EditedBy: editorName, ChangedFields: ['WelcomeMessage'], Source: 'other' },
      { Version: 1, EditedBy: 'Test Owner', ChangedFields: ['Name', 'WelcomeMessage'] },
    ]);

    const first = (await call(app, 'VersionDetail', { serialNumber: BOT, Version: 1 }, owner)).json<{ Data: { Settings: Record<string, unknown>; UnknownFields: string[] } }>().Data;
    expect(first.Settings).toMatchObject({ Name: 'Harbor Homes', WelcomeMessage: 'Hi', SystemMessage: NEUTRAL_SETTINGS.SystemMessage });
    // The first version holds only what was sent, and says so.
    expect(first.UnknownFields).toEqual(CHATBOT_SETTING_KEYS.filter((key) => key !== 'Name' && key !== 'WelcomeMessage'));

    // None of the three reads reached the hosted service, which has none of them.
    expect(forwarded('Versions') + forwarded('VersionDetail')).toBe(0);
  });

  it('the form starts from the store: Detail says when nothing was saved yet, then answers the team\'s last values', async () => {
    const { app, owner, editor } = await startProxy();
    const before = await call(app, 'Detail', { serialNumber: BOT }, editor);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ Success: false, Message: NOTHING_SAVED_YET });

    await call(app, 'Edit', { serialNumber: BOT, Temperature: 0 }, owner);
    const detail = (await call(app, 'Detail', { serialNumber: BOT }, editor)).json<{ Data: Record<string, unknown> & { UnknownFields: string[] } }>().Data;
    expect(detail).toMatchObject({ serialNumber: BOT, Temperature: 0, Name: NEUTRAL_SETTINGS.Name });
    expect(detail.UnknownFields).not.toContain('Temperature');
    expect(detail.UnknownFields).toContain('Name');
    expect(forwarded('Detail')).toBe(0);
  });

  it('an Edit the hosted service refuses makes no version', async () => {
    const { app, owner } = await startProxy();
    const refused = await call(app, 'Edit', { serialNumber: QUOTING_BOTS.json, Name: 'Refused' }, owner);
    expect(refused.statusCode).toBe(401);
    const versions = (await call(app, 'Versions', { serialNumber: QUOTING_BOTS.json }, owner)).json<{ Data: { VirtualCount: number } }>().Data;
    expect(versions.VirtualCount).toBe(0);
  });

  it('a restore names the version it brought back, and the activity entry names the version the save made', async () => {
    const { app, owner } = await startProxy();
    await call(app, 'Edit', { serialNumber: BOT, Name: 'One' }, owner);
    await call(app, 'Edit', { serialNumber: BOT, Name: 'Two' }, owner);
    await call(app, 'Edit', { serialNumber: BOT, Name: 'One' }, { ...owner, [VERSION_SOURCE_HEADER]: versionSourceHeaderValue(1) });
    // A version this history never held is not named.
    await call(app, 'Edit', { serialNumber: BOT, Name: 'Three' }, { ...owner, [VERSION_SOURCE_HEADER]: versionSourceHeaderValue(99) });
    const { List } = (await call(app, 'Versions', { serialNumber: BOT }, owner)).json<{ Data: { List: { Version: number; RestoredFrom: number | null; Source: string }[] } }>().Data;
    expect(List.map(({ Version, RestoredFrom, Source }) => ({ Version, RestoredFrom, Source }))).toEqual([
      { Version: 4, RestoredFrom: null, Source: 'console' },
      { Version: 3, RestoredFrom: 1, Source: 'console' },
      { Version: 2, RestoredFrom: null, Source: 'other' },
      { Version: 1, RestoredFrom: null, Source: 'other' },
    ]);

    const activity = await app.inject({ method: 'GET', url: `/console/activity?chatbot=${BOT}`, headers: owner });
    const entries = activity.json<{ Data: { List: ActivityEntry[] } }>().Data.List;
    expect(entries.find((entry) => entry.Action === 'settings.restore')?.Target).toMatchObject({ Version: 3, RestoredFrom: 1, Fields: ['Name'] });
  });

  it('an API client\'s reads go to the hosted service, never to the team\'s history; its accepted Edits are kept as an API client\'s', async () => {
    const { app, owner } = await startProxy();
    await call(app, 'Edit', { serialNumber: BOT, Name: 'Kept' }, owner);
    const client = { authorization: 'client-secret' };
    const answer = await call(app, 'Versions', { serialNumber: BOT }, client);
    expect(answer.json()).toMatchObject({ Data: { echoed: true } });
    expect(answer.body).not.toContain('Kept');
    expect(forwarded('Versions')).toBe(1);

    await call(app, 'Edit', { serialNumber: BOT, Name: 'From a script' }, client);
    const { List } = (await call(app, 'Versions', { serialNumber: BOT }, owner)).json<{ Data: { List: { EditedBy: string | null }[] } }>().Data;
    expect(List[0]).toMatchObject({ EditedBy: null });
  });

  it('a member sees only the history of a chatbot they are granted', async () => {
    const { app, owner, editor } = await startProxy();
    await call(app, 'Edit', { serialNumber: 'other-bot', Name: 'Secret plans' }, owner);
    const refused = await call(app, 'Versions', { serialNumber: 'other-bot' }, editor);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Secret plans');
  });
});

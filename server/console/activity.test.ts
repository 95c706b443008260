import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '../../src/api/contract/activity';
import { createListing } from '../../src/demo-data';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY } from '../config';
import { BOT, call, ownerSession, SECRET, startTestApp, type TestApp } from '../test-support';
import { standInPerTest } from '../test-upstream';
import { PASSWORD, cookieOf, dataOf, demoOwner, invitedMember, post, tokenOfLink, withCookie } from './console-test-client';

/*
 * The activity record against the real server: every recorded action writes one entry with
 * who, what and the result; refusals are written too; nothing secret is ever in it; no route
 * can change or delete an entry; retention removes only the old ones; an Agent reads only its
 * chatbots' entries.
 */

const STAGING = `${BOT}-staging`;
const DAY = 24 * 3_600_000;
let clock = Date.UTC(2026, 10, 27, 9);
const now = () => clock;

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<FastifyInstance> {
  test = await startTestApp({ now, ...options });
  return test.app;
}

async function protectedOwner(app: FastifyInstance): Promise<string> {
  const response = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(app));
  return cookieOf(response);
}

async function activity(app: FastifyInstance, cookie: string, query = ''): Promise<ActivityPage> {
  const response = await app.inject({ method: 'GET', url: `/console/activity?pageSize=200${query}`, headers: withCookie(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ActivityPage>(response);
}

/** Oldest first, as the actions were done. */
async function entries(app: FastifyInstance, cookie: string, query = ''): Promise<ActivityEntry[]> {
  return (await activity(app, cookie, query)).List.reverse();
}

const asMember = (app: FastifyInstance, name: Parameters<typeof call>[1], body: unknown, cookie: string) => call(app, name, body, withCookie(cookie));

describe('the activity record', () => {
  it('writes one entry per action, with who, what it touched and the result; refusals too', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    const before = (await entries(app, owner)).length;

    expect((await asMember(app, 'Edit', { serialNumber: BOT, Name: 'Sunny Homes', WelcomeMessage: 'Hello there' }, owner)).status).toBe(200);
    const created = await asMember(app, 'RealEstateCreate', createListing({ SerialNumber: BOT }), agent.cookie);
    const platformId = created.envelope.Data as string;
    await asMember(app, 'RealEstateUpdate', { ...createListing({ SerialNumber: BOT }), Key: platformId, KeyType: 'PlatformId', SalePrice: 123_000 }, agent.cookie);
    await asMember(app, 'RealEstateDelete', { SerialNumber: BOT, Keys: [platformId, '999999'], KeyType: 'PlatformId' }, agent.cookie);
    await asMember(app, 'RealEstateBatch', { SerialNumber: BOT, ImportId: 'imp-7', Items: [0, 1].map((RowKey) => ({ RowKey, Operation: 'Create', Listing: createListing({ SerialNumber: BOT }) })) }, agent.cookie);
    const refused = await asMember(app, 'Edit', { serialNumber: BOT, Name: 'Not an Agent’s to change' }, agent.cookie);
    expect(refused.status).toBe(403);
    // An API client: a key and no session.
    expect((await call(app, 'Edit', { serialNumber: STAGING, Name: 'From a script' })).status).toBe(200);

    const written = (await entries(app, owner)).slice(before);
    expect(written.filter((entry) => entry.Code === 400).map((entry) => entry.Message)).toEqual([]);
    expect(written.map((entry) => [entry.MemberName, entry.Action, entry.ChatbotId, entry.Code])).toEqual([
      ['Olive Owner', 'settings.save', BOT, 200],
      [agent.name, 'listing.create', BOT, 200],
      [agent.name, 'listing.update', BOT, 200],
      [agent.name, 'listing.delete', BOT, 200],
      [agent.name, 'listings.batch', BOT, 200],
      [agent.name, 'settings.save', BOT, 403],
      ['API client', 'settings.save', STAGING, 200],
    ]);
    const [save, create, update, remove, batch, refusal, script] = written;
    expect(save!.Target).toEqual({ Fields: ['Name', 'WelcomeMessage'], Version: 2 });
    expect(create!.Target).toEqual({ Keys: [platformId], KeyType: 'PlatformId', Count: 1 });
    expect(update!.Target).toEqual({ Keys: [platformId], KeyType: 'PlatformId', Count: 1 });
    expect(remove!.Target).toEqual({ Keys: [platformId, '999999'], KeyType: 'PlatformId', Count: 1 });
    expect(batch!.Target).toEqual({ ImportId: 'imp-7', Count: 2, Succeeded: 2, Failed: 0 });
    expect(refusal!.Message).toBe(`Role Agent may not edit settings of ${BOT}`);
    expect(script).toMatchObject({ MemberId: null, MemberName: 'API client' });

    // A restore says from which version, and the version it made.
    const restored = await app.inject({
      method: 'POST',
      url: '/chat/Chatbot/Edit',
      payload: { serialNumber: BOT, Name: 'Demo bot' },
      headers: { ...withCookie(owner), 'x-settings-source': 'console; restored-from=1' },
    });
    expect(restored.statusCode).toBe(200);
    expect((await entries(app, owner)).at(-1)).toMatchObject({ Action: 'settings.restore', Target: { RestoredFrom: 1, Version: 3 } });
  });

  it('names the member in the settings history, and API clients stay unnamed', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    await asMember(app, 'Edit', { serialNumber: BOT, Name: 'By the owner' }, owner);
    await call(app, 'Edit', { serialNumber: BOT, Name: 'By a script' });
    const { List } = (await call(app, 'Versions', { serialNumber: BOT })).envelope.Data as { List: { EditedBy: string | null }[] };
    expect(List.map((version) => version.EditedBy)).toEqual([null, 'Olive Owner', null]);
  });

  it('records the console’s own actions: invitations, members, sign-ins, failed sign-ins and sign-outs', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const editor = await invitedMember(app, owner, 'Editor', [BOT]);
    await app.inject({ method: 'PATCH', url: `/console/members/${editor.id}`, payload: { role: 'Agent' }, headers: withCookie(owner) });
    await post(app, '/console/sign-in', { email: editor.email, password: 'not the password at all' });
    await post(app, '/console/sign-in', { email: 'nobody@example.com', password: 'this is my password' });
    await post(app, '/console/sign-out', {}, editor.cookie);
    await app.inject({ method: 'DELETE', url: `/console/members/${editor.id}`, headers: withCookie(owner) });

    const written = await entries(app, owner);
    expect(written.map((entry) => [entry.MemberName, entry.Action])).toEqual([
      ['Demo owner', 'sign-in'],
      ['Olive Owner', 'console.protect'],
      ['Olive Owner', 'sign-in'],
      ['Olive Owner', 'member.invite'],
      [editor.name, 'invitation.accept'],
      [editor.name, 'sign-in'],
      ['Olive Owner', 'member.change'],
      ['Not signed in', 'sign-in.fail'],
      ['Not signed in', 'sign-in.fail'],
      [editor.name, 'sign-out'],
      ['Olive Owner', 'member.remove'],
    ]);
    expect(written[6]!.Target).toMatchObject({ MemberId: editor.id, Role: 'Agent' });
    // A failed sign-in names the account it tried, and nothing typed for an unknown one.
    expect(written[7]!.Target).toEqual({ Method: 'password', MemberId: editor.id, Email: editor.email });
    expect(written[8]!.Target).toEqual({ Method: 'password' });
  });

  it('never holds a key, a password, a token or a link', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    const invitation = await post(app, '/console/invitations', { email: 'later@example.com', role: 'Viewer', chatbots: [BOT] }, owner);
    const link = dataOf<{ link: string }>(invitation).link;
    await post(app, '/console/sign-in', { email: 'owner@example.com', password: 'my-typo-password-1' });
    await post(app, '/console/sign-in', { email: 'my-secret-password-typed-here', password: 'x' });
    await call(app, 'Edit', { serialNumber: BOT, WelcomeMessage: 'A long welcome that is the setting’s text' });
    await asMember(app, 'RealEstateCreate', { ...createListing({ SerialNumber: BOT }), Description: 'The listing’s own words' }, agent.cookie);

    const record = JSON.stringify(await entries(app, owner));
    for (const secret of [DEMO_SECRET_KEY, DEMO_SESSION_KEY, PASSWORD, 'my-typo-password-1', 'my-secret-password-typed-here', agent.token, link, owner, agent.cookie]) {
      expect(record, `the record holds ${secret}`).not.toContain(secret);
    }
    expect(record).not.toContain('A long welcome');
    expect(record).not.toContain('own words');
  });

  it('has no route that changes or deletes an entry', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const [first] = (await activity(app, owner)).List;
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      for (const url of ['/console/activity', `/console/activity/${first!.Id}`]) {
        const response = await app.inject({ method, url, payload: method === 'DELETE' ? undefined : {}, headers: withCookie(owner) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await activity(app, owner)).List.find((entry) => entry.Id === first!.Id)).toEqual(first);
  });

  it('removes only entries older than ACTIVITY_RETENTION_DAYS, by the server alone', async () => {
    clock = Date.UTC(2026, 0, 1);
    const app = await start({ activityRetentionDays: 30 });
    const owner = await protectedOwner(app);
    const old = (await activity(app, owner)).VirtualCount;
    clock += 20 * DAY;
    await call(app, 'Edit', { serialNumber: BOT, Name: 'Twenty days later' });
    clock += 15 * DAY;
    // A restart sweeps at once (then every ten minutes).
    await test!.close({ keepData: true });
    test = await startTestApp({ now, activityRetentionDays: 30, dataDir: test!.dataDir });
    const cookie = cookieOf(await post(test.app, '/console/sign-in', { email: 'owner@example.com', password: PASSWORD }));
    const left = await entries(test.app, cookie);
    expect(old).toBeGreaterThan(0);
    expect(left.map((entry) => entry.Action)).toEqual(['settings.save', 'sign-in']);
    clock = Date.UTC(2026, 10, 27, 9);
  });

  it('shows Owners and Admins everything, Editors and Agents their chatbots’ entries, Viewers nothing', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    const viewer = await invitedMember(app, owner, 'Viewer', [BOT]);
    await asMember(app, 'Edit', { serialNumber: STAGING, Name: 'Staging only' }, owner);
    await asMember(app, 'RealEstateCreate', createListing({ SerialNumber: BOT }), agent.cookie);

    const seenByAgent = await entries(app, agent.cookie);
    expect(seenByAgent.length).toBeGreaterThan(0);
    expect(seenByAgent.every((entry) => entry.ChatbotId === BOT)).toBe(true);
    // Filtering on a chatbot outside the grant finds nothing, as if it had no entries.
    expect((await activity(app, agent.cookie, `&chatbot=${STAGING}`)).VirtualCount).toBe(0);
    expect((await entries(app, owner)).some((entry) => entry.ChatbotId === STAGING)).toBe(true);
    expect((await entries(app, owner)).some((entry) => entry.ChatbotId === null)).toBe(true);

    const refused = await app.inject({ method: 'GET', url: '/console/activity', headers: withCookie(viewer.cookie) });
    expect({ status: refused.statusCode, message: refused.json<{ Message: string }>().Message }).toEqual({ status: 403, message: 'Role Viewer may not see activity' });
    expect((await app.inject({ method: 'GET', url: '/console/activity.csv', headers: withCookie(viewer.cookie) })).statusCode).toBe(403);
  });

  it('filters by member, chatbot, action and time, and exports the filtered entries as CSV', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    clock += 60_000;
    const from = clock;
    await asMember(app, 'RealEstateCreate', createListing({ SerialNumber: BOT }), agent.cookie);
    await asMember(app, 'RealEstateCreate', createListing({ SerialNumber: BOT }), agent.cookie);
    await asMember(app, 'Edit', { serialNumber: BOT, Name: 'Owner again' }, owner);

    const byAgent = await activity(app, owner, `&member=${agent.id}&action=listing.create&from=${from}`);
    expect(byAgent.List.map((entry) => entry.MemberName)).toEqual([agent.name, agent.name]);
    // Each member once, by the name they had last (the Demo owner became Olive Owner).
    expect(byAgent.Members.map((each) => each.Name).sort()).toEqual([agent.name, 'Olive Owner'].sort());
    expect((await activity(app, owner, `&to=${from}&action=listing.create`)).VirtualCount).toBe(0);
    expect((await activity(app, owner, '&member=api-client')).VirtualCount).toBe(0);
    const bad = await app.inject({ method: 'GET', url: '/console/activity?action=delete-everything', headers: withCookie(owner) });
    expect(bad.json<{ Message: string }>().Message).toBe('action: is not an activity action');

    const csv = await app.inject({ method: 'GET', url: `/console/activity.csv?member=${agent.id}&from=${from}`, headers: withCookie(owner) });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('When,Member,Member id,Chatbot,Action,Details,Code,Message');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(agent.name) && line.includes('Created a listing'))).toBe(true);
  });

  it('writes a cell a spreadsheet would run as a formula as text', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const invitation = await post(app, '/console/invitations', { email: 'formula@example.com', role: 'Agent', chatbots: [BOT] }, owner);
    await post(app, '/console/invitations/accept', { token: tokenOfLink(dataOf<{ link: string }>(invitation).link), name: '=HYPERLINK("http://evil.example")', password: PASSWORD });
    const csv = await app.inject({ method: 'GET', url: '/console/activity.csv?action=invitation.accept', headers: withCookie(owner) });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});

describe('the activity record in proxy mode', () => {
  const stand = standInPerTest();

  it('writes a member’s write from the hosted service’s answer, and an API client’s too', async () => {
    const proxy = await startTestApp({ now, upstream: { url: stand.fake.url, secretKey: 'up-secret', sessionKey: 'up-session', chatbotIds: ['hosted-bot'] } });
    stand.track(proxy);
    const owner = (await ownerSession(proxy)).cookie!.split('=')[1]!;
    const edited = await proxy.app.inject({ method: 'POST', url: '/chat/Chatbot/Edit', payload: { serialNumber: 'hosted-bot', Name: 'Hosted' }, headers: withCookie(owner) });
    expect(edited.statusCode).toBe(200);
    await proxy.app.inject({ method: 'POST', url: '/chat/Chatbot/RealEstateDelete', payload: { SerialNumber: 'hosted-bot', Keys: ['7'], KeyType: 'PlatformId' }, headers: { ...SECRET, 'content-type': 'application/json' } });
    // Reads are not recorded.
    await proxy.app.inject({ method: 'POST', url: '/chat/Chatbot/Detail', payload: { serialNumber: 'hosted-bot' }, headers: withCookie(owner) });

    const written = (await entries(proxy.app, owner)).filter((entry) => entry.ChatbotId === 'hosted-bot');
    expect(written.map((entry) => [entry.MemberName, entry.Action, entry.Code])).toEqual([
      ['Test Owner', 'settings.save', 200],
      ['API client', 'listing.delete', 200],
    ]);
    expect(written[0]!.Target).toEqual({ Fields: ['Name'], Version: 1 });
    expect(JSON.stringify(written)).not.toContain('up-secret');
  });
});

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/api/contract/activity';
import { createListing } from '../../src/demo-data';
import { openDatabase } from '../db';
import { BOT, call, startTestApp, temporaryDir, type TestApp } from '../test-support';
import { activityStatements, latestListingChangeQuery, type NewActivity } from './activity-store';
import { PASSWORD, cookieOf, dataOf, demoOwner, invitedMember, post, withCookie } from './console-test-client';
import { CONSOLE_DATABASE_FILE, CONSOLE_MIGRATIONS, openConsoleStore } from './store';

/*
 * A listing's last change (GET /console/activity/latest), which its edit form shows: the newest
 * create, update or delete of that listing the service accepted, under whichever key the request
 * named it, within the reader's scope of the record.
 */

const STAGING = `${BOT}-staging`;

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

async function start(): Promise<FastifyInstance> {
  test = await startTestApp();
  return test.app;
}

async function protectedOwner(app: FastifyInstance): Promise<string> {
  const response = await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(app));
  return cookieOf(response);
}

const asMember = (app: FastifyInstance, name: Parameters<typeof call>[1], body: unknown, cookie: string) => call(app, name, body, withCookie(cookie));

async function latest(app: FastifyInstance, cookie: string, query: Record<string, string>): Promise<ActivityEntry | null> {
  const response = await app.inject({ method: 'GET', url: `/console/activity/latest?${new URLSearchParams(query)}`, headers: withCookie(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return dataOf<ActivityEntry | null>(response);
}

async function createdListing(app: FastifyInstance, cookie: string, chatbot: string, mls: string): Promise<string> {
  const created = await asMember(app, 'RealEstateCreate', createListing({ SerialNumber: chatbot, MLSNumber: mls }), cookie);
  expect(created.status).toBe(200);
  return created.envelope.Data as string;
}

describe('a listing’s last change', () => {
  it('is the newest accepted create, update or delete that named the listing, by any of its keys', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    const viewer = await invitedMember(app, owner, 'Viewer', [BOT]);
    const id = await createdListing(app, agent.cookie, BOT, 'MLS-LATEST-1');
    const other = await createdListing(app, owner, BOT, 'MLS-LATEST-2');
    const keys = { chatbot: BOT, platformId: id, mlsNumber: 'MLS-LATEST-1' };

    expect(await latest(app, owner, keys)).toMatchObject({ MemberName: agent.name, Action: 'listing.create', Target: { Keys: [id], KeyType: 'PlatformId' } });

    // The owner updates it by MLS number; changes to another listing and refusals do not count.
    const byMls = await asMember(app, 'RealEstateUpdate', { ...createListing({ SerialNumber: BOT, MLSNumber: 'MLS-LATEST-1' }), Key: 'MLS-LATEST-1', KeyType: 'MLSNumber' }, owner);
    expect(byMls.envelope.Data).toBe(1);
    await asMember(app, 'RealEstateUpdate', { ...createListing({ SerialNumber: BOT }), Key: other, KeyType: 'PlatformId' }, agent.cookie);
    const refused = await asMember(app, 'RealEstateUpdate', { ...createListing({ SerialNumber: BOT }), Key: id, KeyType: 'PlatformId' }, viewer.cookie);
    expect(refused.status).toBe(403);

    const found = await latest(app, agent.cookie, keys);
    expect(found).toMatchObject({ MemberName: 'Olive Owner', Action: 'listing.update', ChatbotId: BOT, Code: 200, Target: { Keys: ['MLS-LATEST-1'], KeyType: 'MLSNumber', Count: 1 } });
    // By its PlatformId alone, the update by MLS number is not this listing's as far as the record can tell.
    expect(await latest(app, agent.cookie, { chatbot: BOT, platformId: id })).toMatchObject({ Action: 'listing.create' });
    // The same key under another KeyType is another listing's.
    expect(await latest(app, agent.cookie, { chatbot: BOT, mlsNumber: id })).toBeNull();

    await asMember(app, 'RealEstateDelete', { SerialNumber: BOT, Keys: ['999999', id], KeyType: 'PlatformId' }, agent.cookie);
    expect(await latest(app, owner, keys)).toMatchObject({ MemberName: agent.name, Action: 'listing.delete', Target: { Keys: ['999999', id] } });
    // An update that matched no listing (it is gone) changed nothing.
    const missed = await asMember(app, 'RealEstateUpdate', { ...createListing({ SerialNumber: BOT }), Key: id, KeyType: 'PlatformId' }, owner);
    expect(missed.envelope.Data).toBe(0);
    expect(await latest(app, owner, keys)).toMatchObject({ Action: 'listing.delete' });
  });

  it('is null for a listing the record never saw, and asks for a chatbot and a key', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    expect(await latest(app, owner, { chatbot: BOT, platformId: '424242', mlsNumber: 'NEVER-SEEN', url: 'https://example.com/never' })).toBeNull();
    expect(await latest(app, owner, { chatbot: 'no-such-bot', platformId: '1' })).toBeNull();

    for (const [query, message] of [
      ['platformId=1', 'chatbot: is required'],
      [`chatbot=${BOT}`, 'platformId: is required: a PlatformId, an MLS number or a URL'],
      [`chatbot=${BOT}&platformId=`, 'platformId: is required: a PlatformId, an MLS number or a URL'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/console/activity/latest?${query}`, headers: withCookie(owner) });
      expect({ status: response.statusCode, message: response.json<{ Message: string }>().Message }, query).toEqual({ status: 400, message });
    }
  });

  it('keeps to the reader’s scope: an Agent sees only their chatbots’ listings, a Viewer none', async () => {
    const app = await start();
    const owner = await protectedOwner(app);
    const agent = await invitedMember(app, owner, 'Agent', [BOT]);
    const viewer = await invitedMember(app, owner, 'Viewer', [BOT]);
    const staging = await createdListing(app, owner, STAGING, 'MLS-STAGING');
    const mine = await createdListing(app, owner, BOT, 'MLS-MINE');

    expect(await latest(app, owner, { chatbot: STAGING, platformId: staging })).toMatchObject({ ChatbotId: STAGING, Action: 'listing.create' });
    // Outside the grant, as if the chatbot had no record.
    expect(await latest(app, agent.cookie, { chatbot: STAGING, platformId: staging })).toBeNull();
    expect(await latest(app, agent.cookie, { chatbot: BOT, platformId: mine })).toMatchObject({ ChatbotId: BOT, MemberName: 'Olive Owner' });

    const refused = await app.inject({ method: 'GET', url: `/console/activity/latest?chatbot=${BOT}&platformId=${mine}`, headers: withCookie(viewer.cookie) });
    expect({ status: refused.statusCode, message: refused.json<{ Message: string }>().Message }).toEqual({ status: 403, message: 'Role Viewer may not see activity' });
    const anonymous = await app.inject({ method: 'GET', url: `/console/activity/latest?chatbot=${BOT}&platformId=${mine}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the index of listings’ entries', () => {
  const entry = (id: number, fields: Partial<NewActivity> = {}): NewActivity => ({
    at: id,
    memberId: 'm1',
    memberName: 'Dana Ruiz',
    chatbotId: 'bot',
    action: 'listing.update',
    target: { Keys: [String(id)], KeyType: 'PlatformId', Count: 1 },
    code: 200,
    message: '',
    ...fields,
  });

  it('is filled from the entries a data directory already held, and goes with the entries retention removes', () => {
    const dataDir = temporaryDir();
    const before = CONSOLE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE activity_listing_keys'));
    expect(before).toBeGreaterThan(0);
    const old = openDatabase(join(dataDir, CONSOLE_DATABASE_FILE), CONSOLE_MIGRATIONS.slice(0, before));
    const written = activityStatements(old);
    written.add(entry(1, { action: 'listing.create', target: { Keys: ['7'], KeyType: 'PlatformId', Count: 1 } }));
    written.add(entry(2, { target: { Keys: ['A-1'], KeyType: 'MLSNumber', Count: 1 } }));
    written.add(entry(3, { action: 'settings.save', target: { Fields: ['Name'], Version: 2 } }));
    old.close();

    const store = openConsoleStore(dataDir);
    const all = { all: true } as const;
    expect(store.activity.latestListingChange(all, 'bot', [{ keyType: 'PlatformId', key: '7' }])).toMatchObject({ Id: 1, Action: 'listing.create' });
    expect(store.activity.latestListingChange(all, 'bot', [{ keyType: 'PlatformId', key: '7' }, { keyType: 'MLSNumber', key: 'A-1' }])).toMatchObject({ Id: 2 });

    // Malformed targets are written all the same (the trigger skips what it cannot index).
    store.activity.add(entry(4, { target: { Keys: ['7', '7'], KeyType: 'PlatformId', Count: 1 } }));
    store.activity.add(entry(5, { target: { Keys: ['7'] } }));
    store.activity.add(entry(6, { chatbotId: null }));
    expect(store.activity.latestListingChange(all, 'bot', [{ keyType: 'PlatformId', key: '7' }])).toMatchObject({ Id: 4 });

    expect(store.activity.removeBefore(5)).toBe(4);
    expect(store.activity.latestListingChange(all, 'bot', [{ keyType: 'PlatformId', key: '7' }])).toBeNull();
    store.close();
  });

  it('finds a listing’s last change by a lookup, never by reading its chatbot’s whole record (the speed is in npm run bench)', () => {
    const dir = temporaryDir();
    const store = openConsoleStore(dir);
    store.transaction(() => {
      for (let id = 1; id <= 200; id++) {
        store.activity.add(id % 10 === 5 ? entry(id) : entry(id, { action: 'settings.save', target: { Fields: ['Name'], Version: id } }));
      }
    });
    expect(store.activity.latestListingChange({ all: true }, 'bot', [{ keyType: 'PlatformId', key: '5' }])).toMatchObject({ Id: 5, Action: 'listing.update' });
    const db = openDatabase(join(dir, CONSOLE_DATABASE_FILE));
    for (const scope of [{ all: true } as const, { all: false, chatbots: ['bot'] } as const]) {
      const { sql, parameters } = latestListingChangeQuery(scope, 'bot', [{ keyType: 'PlatformId', key: 'never' }, { keyType: 'MLSNumber', key: 'never' }]);
      const plan = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters).map((step) => step.detail);
      // The keys by their primary key, the entries by rowid: no step walks the activity table or one of its indexes.
      expect(plan.some((step) => /^SEARCH activity_listing_keys USING PRIMARY KEY/.test(step)), plan.join('\n')).toBe(true);
      expect(plan.some((step) => /^SEARCH activity USING INTEGER PRIMARY KEY/.test(step)), plan.join('\n')).toBe(true);
      expect(plan.filter((step) => /^SCAN activity\b|activity USING (COVERING )?INDEX/.test(step)), plan.join('\n')).toEqual([]);
    }
    db.close();
    store.close();
  });
});

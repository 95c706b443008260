import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/api/contract/activity';
import { openDatabase } from '../db';
import { temporaryDir } from '../test-support';
import { activityStatements, type NewActivity } from './activity-store';
import { CONSOLE_DATABASE_FILE, CONSOLE_MIGRATIONS, openConsoleStore, type ConsoleStore } from './store';

/*
 * The activity table's reads: newest first by time (a clock set back does not reorder the
 * record), the export's batches each starting after the last (entries written meanwhile are
 * neither repeated nor skipped), and the Member filter's list from activity_members.
 */

const entry = (at: number, fields: Partial<NewActivity> = {}): NewActivity => ({
  at,
  memberId: 'm-dana',
  memberName: 'Dana Ruiz',
  chatbotId: 'bot-a',
  action: 'settings.save',
  target: { Fields: ['Name'] },
  code: 200,
  message: '',
  ...fields,
});

const all = { all: true } as const;

let store: ConsoleStore | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
});

function freshStore(): ConsoleStore {
  store = openConsoleStore(temporaryDir());
  return store;
}

describe('the activity record, read', () => {
  it('lists newest first by time, then by the order written', () => {
    const activity = freshStore().activity;
    // The third entry was written after the clock was set back an hour.
    for (const at of [1_000, 5_000, 5_000 - 3_600, 5_000]) activity.add(entry(at));
    const { List, VirtualCount } = activity.page(all, {}, 1, 10);
    expect(List.map((each) => [each.At, each.Id])).toEqual([
      [5_000, 4],
      [5_000, 2],
      [1_400, 3],
      [1_000, 1],
    ]);
    expect(VirtualCount).toBe(4);
    expect(activity.page(all, {}, 2, 3).List.map((each) => each.Id)).toEqual([1]);
  });

  it('exports in batches that each start after the last, so entries written between them are neither repeated nor skipped', () => {
    const activity = freshStore().activity;
    // Equal times across a batch boundary: the id decides.
    for (const at of [1, 2, 2, 2, 3]) activity.add(entry(at));
    const batches = activity.batches(all, {}, 2);
    const read: ActivityEntry[][] = [batches.next().value!];
    activity.add(entry(4));
    for (const batch of batches) read.push(batch);
    expect(read.map((batch) => batch.map((each) => each.Id))).toEqual([[5, 4], [3, 2], [1]]);
  });

  it('keeps to the scope and filters in every batch', () => {
    const activity = freshStore().activity;
    for (let index = 0; index < 7; index += 1) activity.add(entry(index, { chatbotId: index % 2 === 0 ? 'bot-a' : 'bot-b' }));
    activity.add(entry(9, { chatbotId: null, action: 'sign-in', target: {} }));
    const ids = (batches: Iterable<{ Id: number }[]>) => [...batches].flat().map((each) => each.Id);
    expect(ids(activity.batches({ all: false, chatbots: ['bot-b'] }, {}, 2))).toEqual([6, 4, 2]);
    expect(ids(activity.batches({ all: false, chatbots: null }, { from: 2 }, 2))).toEqual([7, 6, 5, 4, 3]);
    expect(ids(activity.batches(all, { action: 'sign-in' }, 2))).toEqual([8]);
  });

  it('lists each member the reader may see once, by the name of their latest entry the reader may see', () => {
    const activity = freshStore().activity;
    activity.add(entry(1, { memberName: 'Dana R.' }));
    activity.add(entry(2, { chatbotId: 'bot-b', memberName: 'Dana Ruiz' }));
    activity.add(entry(3, { memberId: 'm-omar', memberName: 'Omar Haddad', chatbotId: null, action: 'sign-in', target: {} }));
    activity.add(entry(4, { memberId: null, memberName: 'API client' }));
    const names = (scope: Parameters<typeof activity.members>[0]) => activity.members(scope).map((member) => `${member.Id} ${member.Name}`);

    expect(names(all)).toEqual(['m-dana Dana Ruiz', 'm-omar Omar Haddad']);
    expect(names({ all: false, chatbots: ['bot-a'] })).toEqual(['m-dana Dana R.']);
    expect(names({ all: false, chatbots: null })).toEqual(['m-dana Dana Ruiz']);
    expect(names({ all: false, chatbots: [] })).toEqual([]);
  });

  it('drops a member from the list once retention removed all their entries', () => {
    const activity = freshStore().activity;
    activity.add(entry(1, { memberId: 'm-gone', memberName: 'Gone Member' }));
    activity.add(entry(2));
    activity.add(entry(3, { memberId: 'm-omar', memberName: 'Omar Haddad' }));
    activity.add(entry(4));
    expect(activity.removeBefore(3)).toBe(2);
    expect(activity.members(all).map((member) => member.Id)).toEqual(['m-dana', 'm-omar']);
    expect(activity.removeBefore(10)).toBe(2);
    expect(activity.members(all)).toEqual([]);
  });

  it('fills the Member filter’s list from the entries a data directory already held', () => {
    const dataDir = temporaryDir();
    const before = CONSOLE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE activity_members'));
    expect(before).toBeGreaterThan(0);
    const old = openDatabase(join(dataDir, CONSOLE_DATABASE_FILE), CONSOLE_MIGRATIONS.slice(0, before));
    const written = activityStatements(old);
    written.add(entry(1, { memberName: 'Dana R.' }));
    written.add(entry(2, { memberName: 'Dana Ruiz' }));
    written.add(entry(3, { memberId: 'm-omar', memberName: 'Omar Haddad', chatbotId: null }));
    old.close();

    store = openConsoleStore(dataDir);
    expect(store.activity.members(all)).toEqual([
      { Id: 'm-dana', Name: 'Dana Ruiz' },
      { Id: 'm-omar', Name: 'Omar Haddad' },
    ]);
    expect(store.activity.members({ all: false, chatbots: ['bot-a'] })).toEqual([{ Id: 'm-dana', Name: 'Dana Ruiz' }]);
  });
});

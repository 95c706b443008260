import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createChatbotSettings } from '../../../demo-data';
import { MAX_VERSIONS_PER_CHATBOT, openBrowserHistory } from './browser-history';

let databases = 0;
/** A history on a database of its own, so tests never see each other's versions. */
function freshHistory() {
  const name = `history-test-${(databases += 1)}`;
  return { name, history: openBrowserHistory(name) };
}

const base = createChatbotSettings();
const save = (name: string, now: number, restoredFrom: number | null = null) => ({
  before: base,
  after: createChatbotSettings({ Name: name }),
  changedFields: ['Name' as const],
  restoredFrom,
  now,
});

describe('the browser-side settings history', () => {
  it('keeps what this browser saw before its first save as version 1, then each save, newest first', async () => {
    const { history } = freshHistory();
    expect(await history.record('bot', save('First', 1000))).toEqual({ Version: 2, CreatedAt: 1000, ChangedFields: ['Name'], Source: 'console', RestoredFrom: null });
    await history.record('bot', save('Second', 2000, 1));
    const { List, VirtualCount } = await history.list('bot', 1, 10);
    expect(VirtualCount).toBe(3);
    expect(List.map((version) => [version.Version, version.Source, version.RestoredFrom])).toEqual([
      [3, 'console', 1],
      [2, 'console', null],
      [1, 'other', null],
    ]);
    expect((await history.get('bot', 1))!.Settings).toEqual(base);
    expect((await history.get('bot', 3))!.Settings.Name).toBe('Second');
    expect(await history.get('bot', 9)).toBeNull();
  });

  it('keeps each chatbot apart, and records nothing for a save that changed nothing', async () => {
    const { history } = freshHistory();
    await history.record('a', save('A', 1));
    expect(await history.record('b', { ...save('B', 2), changedFields: [] })).toBeNull();
    expect((await history.list('b', 1, 10)).VirtualCount).toBe(0);
    expect((await history.list('a', 1, 10)).VirtualCount).toBe(2);
  });

  it(`keeps the newest ${MAX_VERSIONS_PER_CHATBOT} versions, and never reuses a number`, async () => {
    const { history } = freshHistory();
    for (let index = 0; index < MAX_VERSIONS_PER_CHATBOT + 5; index += 1) await history.record('bot', save(`Save ${index}`, index));
    const all = await history.list('bot', 1, 100);
    expect(all.VirtualCount).toBe(MAX_VERSIONS_PER_CHATBOT);
    const numbers = all.List.map((version) => version.Version);
    expect(numbers[0]).toBe(MAX_VERSIONS_PER_CHATBOT + 6);
    expect(numbers.at(-1)).toBe(7);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const page2 = await history.list('bot', 2, 20);
    expect(page2.List.map((version) => version.Version)).toEqual(numbers.slice(20, 40));
  });

  it('skips records it cannot read instead of failing', async () => {
    const { name, history } = freshHistory();
    await history.record('bot', save('Fine', 1));
    const raw = await openDB(name, 1);
    await raw.put('versions', { chatbotId: 'bot', Version: 9, Settings: 'garbage' });
    await raw.put('versions', { chatbotId: 'bot', Version: 10, CreatedAt: 5, ChangedFields: ['Nope'], Source: 'console', RestoredFrom: null, Settings: base });
    raw.close();
    const { List } = await history.list('bot', 1, 10);
    expect(List.map((version) => version.Version)).toEqual([2, 1]);
    expect(await history.get('bot', 9)).toBeNull();
  });
});

import { act, renderHook } from '@testing-library/react';
import { writeListingView, readListingView } from '../filters/listing-view';
import {
  deleteView,
  isShowing,
  listingViewOf,
  MAX_SAVED_VIEWS,
  readSavedViews,
  renameView,
  savedViewsKey,
  saveView,
  type ViewContent,
} from './saved-views';
import { useSavedViews } from './use-saved-views';

const BOT = 'demo-bot';
const DENVER: ViewContent = { city: 'Denver', saleType: 'for_rent', mls: '', size: 50, columns: ['address', 'city', 'price'] };

let counter = 0;
const nextId = () => `view-${++counter}`;

describe('saved views', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves, lists, renames and deletes, per chatbot', () => {
    const saved = saveView(BOT, '  Denver rentals ', DENVER, localStorage, nextId);
    expect(saved.ok).toBe(true);
    const [view] = readSavedViews(BOT);
    expect(view).toMatchObject({ ...DENVER, name: 'Denver rentals' });
    expect(readSavedViews('other-bot')).toEqual([]);

    expect(renameView(BOT, view!.id, 'Rentals in Denver').ok).toBe(true);
    expect(readSavedViews(BOT).map((item) => item.name)).toEqual(['Rentals in Denver']);

    expect(deleteView(BOT, view!.id).ok).toBe(true);
    expect(readSavedViews(BOT)).toEqual([]);
  });

  it('replaces the view of the same name, whatever its case, keeping its id', () => {
    saveView(BOT, 'Denver', DENVER, localStorage, nextId);
    const [before] = readSavedViews(BOT);
    saveView(BOT, 'DENVER', { ...DENVER, size: 10 }, localStorage, nextId);
    const after = readSavedViews(BOT);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, name: 'DENVER', size: 10 });
  });

  it('refuses a blank or too long name, a taken name on rename, and a view past the bound', () => {
    expect(saveView(BOT, '   ', DENVER, localStorage, nextId)).toEqual({ ok: false, error: 'The name is required.' });
    expect(saveView(BOT, 'x'.repeat(61), DENVER, localStorage, nextId).ok).toBe(false);

    saveView(BOT, 'One', DENVER, localStorage, nextId);
    saveView(BOT, 'Two', DENVER, localStorage, nextId);
    const two = readSavedViews(BOT)[1]!;
    expect(renameView(BOT, two.id, 'one')).toEqual({ ok: false, error: 'Another view is already named “One”.' });

    for (let index = 2; index < MAX_SAVED_VIEWS; index += 1) saveView(BOT, `View ${index}`, DENVER, localStorage, nextId);
    expect(readSavedViews(BOT)).toHaveLength(MAX_SAVED_VIEWS);
    const full = saveView(BOT, 'One too many', DENVER, localStorage, nextId);
    expect(full.ok).toBe(false);
    // Replacing an existing one is still allowed when full.
    expect(saveView(BOT, 'Two', { ...DENVER, city: 'Austin' }, localStorage, nextId).ok).toBe(true);
  });

  it('ignores damaged storage and drops only the damaged or repeated entries', () => {
    localStorage.setItem(savedViewsKey(BOT), '{not json');
    expect(readSavedViews(BOT)).toEqual([]);
    localStorage.setItem(savedViewsKey(BOT), JSON.stringify({ views: [] }));
    expect(readSavedViews(BOT)).toEqual([]);

    const good = { ...DENVER, id: 'a', name: 'Good' };
    localStorage.setItem(
      savedViewsKey(BOT),
      JSON.stringify([
        good,
        { ...DENVER, id: 'b', name: 'Bad size', size: 7 },
        { ...DENVER, id: 'c', name: 'Bad sale type', saleType: 'for_lease' },
        { ...DENVER, id: 'd', name: '' },
        { ...DENVER, id: 'e', name: 'good' },
        'a string',
        null,
        { ...DENVER, id: 'f', name: 'Also good', columns: [] },
      ]),
    );
    expect(readSavedViews(BOT).map((view) => view.name)).toEqual(['Good', 'Also good']);
    // A save rewrites the list without the damaged entries.
    saveView(BOT, 'Third', DENVER, localStorage, nextId);
    expect(JSON.parse(localStorage.getItem(savedViewsKey(BOT))!)).toHaveLength(3);
  });

  it('reports a browser that refuses to store, and keeps the list as it was', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const result = saveView(BOT, 'Denver', DENVER, refusing, nextId);
    expect(result.ok).toBe(false);
  });

  it('opens as a URL that gives back the view, columns included', () => {
    saveView(BOT, 'Denver', DENVER, localStorage, nextId);
    const [view] = readSavedViews(BOT);
    const params = writeListingView(listingViewOf(view!));
    expect(params.toString()).toBe('city=Denver&saleType=for_rent&size=50&columns=address%2Ccity%2Cprice');
    const read = readListingView(new URLSearchParams(params.toString()));
    expect(isShowing(view!, read, read.columns!)).toBe(true);
    expect(isShowing(view!, { ...read, city: 'Austin' }, read.columns!)).toBe(false);
    expect(isShowing(view!, read, ['address', 'city'])).toBe(false);
  });

  it('keeps the hook current after a change in this tab and another', () => {
    const { result } = renderHook(() => useSavedViews(BOT));
    expect(result.current).toEqual([]);
    act(() => void saveView(BOT, 'Denver', DENVER, localStorage, nextId));
    expect(result.current.map((view) => view.name)).toEqual(['Denver']);
    const first = result.current;

    // Another tab wrote the list: the storage event tells this one.
    act(() => {
      localStorage.setItem(savedViewsKey(BOT), JSON.stringify([{ ...DENVER, id: 'x', name: 'From another tab' }]));
      window.dispatchEvent(new StorageEvent('storage', { key: savedViewsKey(BOT) }));
    });
    expect(result.current.map((view) => view.name)).toEqual(['From another tab']);
    expect(result.current).not.toBe(first);
  });
});

import * as z from 'zod/mini';
import { SALE_TYPES } from '../../../api/contract';
import { readStoredJson, writeStoredJson } from '../../../lib/stored-json';
import { PAGE_SIZES, type ListingView } from '../filters/listing-view';

/**
 * Views of the listings table saved under a name: filters, page size and shown columns.
 * The list API has no sort, so neither does a view. They are kept per chatbot in this
 * browser's localStorage; what is read back is checked entry by entry, so one damaged or
 * outdated entry is dropped and the others stay. Bounded in count and name length: the
 * whole list is rewritten on every change and must stay small.
 */
export const MAX_SAVED_VIEWS = 30;
export const MAX_VIEW_NAME_LENGTH = 60;
/** Free text (a city, an MLS number) longer than this is not a filter anyone typed. */
const MAX_FILTER_LENGTH = 200;
const MAX_COLUMNS = 50;

const STORAGE_PREFIX = 'realty-bot-console.listings.saved-views.v1:';

export function savedViewsKey(chatbotId: string): string {
  return `${STORAGE_PREFIX}${chatbotId}`;
}

export const viewName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'is required' }),
    z.maxLength(MAX_VIEW_NAME_LENGTH, { error: `must be at most ${MAX_VIEW_NAME_LENGTH} characters` }),
  );

const savedViewSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: viewName,
  city: z.string().check(z.maxLength(MAX_FILTER_LENGTH)),
  saleType: z.union([z.enum(SALE_TYPES), z.literal('')]),
  mls: z.string().check(z.maxLength(MAX_FILTER_LENGTH)),
  size: z.literal(PAGE_SIZES),
  /** The shown columns' ids, in the table's order. */
  columns: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(MAX_COLUMNS)),
});
export type SavedView = z.infer<typeof savedViewSchema>;
/** What the page hands over to be saved: everything but the id. */
export type ViewContent = Omit<SavedView, 'id' | 'name'>;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The saved views of a chatbot, without entries that are damaged, repeated or over the bound. */
export function readSavedViews(chatbotId: string, storage: Storage = window.localStorage): SavedView[] {
  const stored = readStoredJson(storage, savedViewsKey(chatbotId));
  if (!Array.isArray(stored)) return [];
  const views: SavedView[] = [];
  for (const entry of stored) {
    const parsed = savedViewSchema.safeParse(entry);
    if (!parsed.success) continue;
    if (views.some((view) => view.id === parsed.data.id || sameName(view.name, parsed.data.name))) continue;
    views.push(parsed.data);
    if (views.length === MAX_SAVED_VIEWS) break;
  }
  return views;
}

export type ViewChange = { ok: true; views: SavedView[]; view?: SavedView } | { ok: false; error: string };

const REFUSED = 'This browser refused to store it (storage full or disabled).';

function write(chatbotId: string, views: SavedView[], storage: Storage, view?: SavedView): ViewChange {
  if (!writeStoredJson(storage, savedViewsKey(chatbotId), views)) return { ok: false, error: REFUSED };
  notify(chatbotId);
  return { ok: true, views, view };
}

/** The saved view of that name, whatever its case, if any. */
export function viewNamed(views: readonly SavedView[], name: string): SavedView | undefined {
  return views.find((view) => sameName(view.name, name));
}

function checkedName(name: string): { ok: true; name: string } | { ok: false; error: string } {
  const parsed = viewName.safeParse(name);
  return parsed.success ? { ok: true, name: parsed.data } : { ok: false, error: `The name ${parsed.error.issues[0]?.message}.` };
}

/** Saves under a new name, or replaces the content of the view that already has the name. */
export function saveView(
  chatbotId: string,
  name: string,
  content: ViewContent,
  storage: Storage = window.localStorage,
  newId: () => string = () => crypto.randomUUID(),
): ViewChange {
  const checked = checkedName(name);
  if (!checked.ok) return checked;
  const views = readSavedViews(chatbotId, storage);
  const existing = viewNamed(views, checked.name);
  if (existing) {
    const view = { ...existing, ...content, name: checked.name };
    return write(chatbotId, views.map((other) => (other.id === existing.id ? view : other)), storage, view);
  }
  if (views.length >= MAX_SAVED_VIEWS) {
    return { ok: false, error: `A chatbot keeps at most ${MAX_SAVED_VIEWS} views. Delete one to save another.` };
  }
  const view = savedViewSchema.parse({ ...content, id: newId(), name: checked.name });
  return write(chatbotId, [...views, view], storage, view);
}

export function renameView(chatbotId: string, id: string, name: string, storage: Storage = window.localStorage): ViewChange {
  const checked = checkedName(name);
  if (!checked.ok) return checked;
  const views = readSavedViews(chatbotId, storage);
  const taken = viewNamed(views, checked.name);
  if (taken && taken.id !== id) return { ok: false, error: `Another view is already named “${taken.name}”.` };
  const view = views.find((candidate) => candidate.id === id);
  if (!view) return { ok: false, error: 'This view no longer exists.' };
  const renamed = { ...view, name: checked.name };
  return write(chatbotId, views.map((other) => (other.id === id ? renamed : other)), storage, renamed);
}

export function deleteView(chatbotId: string, id: string, storage: Storage = window.localStorage): ViewChange {
  const views = readSavedViews(chatbotId, storage);
  return write(chatbotId, views.filter((view) => view.id !== id), storage);
}

/** The URL view a saved view opens: its first page. */
export function listingViewOf(view: SavedView): ListingView {
  return { page: 1, size: view.size, city: view.city, saleType: view.saleType, mls: view.mls, columns: view.columns };
}

/** Whether the table shows what the view holds (any page of it). */
export function isShowing(view: SavedView, current: ListingView, shownColumns: readonly string[]): boolean {
  return (
    view.city.trim() === current.city.trim() &&
    view.saleType === current.saleType &&
    view.mls.trim() === current.mls.trim() &&
    view.size === current.size &&
    view.columns.length === shownColumns.length &&
    view.columns.every((id, index) => shownColumns[index] === id)
  );
}

/* Changes are announced to the hooks of this tab at once, and to other tabs by the storage event. */
const listeners = new Set<(chatbotId: string) => void>();

function notify(chatbotId: string): void {
  for (const listener of listeners) listener(chatbotId);
}

export function subscribeToSavedViews(chatbotId: string, onChange: () => void): () => void {
  const listener = (changed: string) => {
    if (changed === chatbotId) onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === savedViewsKey(chatbotId)) onChange();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

import { useCallback, useSyncExternalStore } from 'react';
import { readSavedViews, savedViewsKey, subscribeToSavedViews, type SavedView } from './saved-views';

const NONE: SavedView[] = [];
/** The last list read per chatbot and the text it came from: the same text gives the same array. */
const snapshots = new Map<string, { raw: string | null; views: SavedView[] }>();

function snapshotOf(chatbotId: string): SavedView[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(savedViewsKey(chatbotId));
  } catch {
    return NONE;
  }
  const cached = snapshots.get(chatbotId);
  if (cached && cached.raw === raw) return cached.views;
  const views = raw === null ? NONE : readSavedViews(chatbotId);
  snapshots.set(chatbotId, { raw, views });
  return views;
}

/** The chatbot's saved views, kept current when they change in this tab or another. */
export function useSavedViews(chatbotId: string): SavedView[] {
  const subscribe = useCallback((onChange: () => void) => subscribeToSavedViews(chatbotId, onChange), [chatbotId]);
  const getSnapshot = useCallback(() => snapshotOf(chatbotId), [chatbotId]);
  return useSyncExternalStore(subscribe, getSnapshot, () => NONE);
}

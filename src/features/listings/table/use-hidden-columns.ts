import { useCallback, useState } from 'react';
import * as z from 'zod/mini';

/** Which table columns the user hid, remembered on this device across visits and chatbots. */
export const HIDDEN_COLUMNS_KEY = 'realty-bot-console.listings.hidden-columns.v1';

const storedSchema = z.array(z.string());

export function loadHiddenColumns(knownIds: readonly string[], storage: Storage = window.localStorage): Set<string> {
  let raw: string | null;
  try {
    raw = storage.getItem(HIDDEN_COLUMNS_KEY);
  } catch {
    return new Set();
  }
  if (!raw) return new Set();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return new Set();
  }
  const parsed = storedSchema.safeParse(json);
  // Ids of columns that no longer exist are forgotten rather than carried along.
  return new Set(parsed.success ? parsed.data.filter((id) => knownIds.includes(id)) : []);
}

export function saveHiddenColumns(hidden: ReadonlySet<string>, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify([...hidden]));
  } catch {
    // Storage full or blocked: the choice still applies until the page is closed.
  }
}

export function useHiddenColumns(knownIds: readonly string[]) {
  const [hidden, setHidden] = useState(() => loadHiddenColumns(knownIds));
  const setColumnVisible = useCallback(
    (id: string, visible: boolean) => {
      const next = new Set(hidden);
      if (visible) next.delete(id);
      else next.add(id);
      saveHiddenColumns(next);
      setHidden(next);
    },
    [hidden],
  );
  /** Remembers a whole choice at once (what a saved view or a link showed, then changed). */
  const replaceHidden = useCallback((next: ReadonlySet<string>) => {
    const copy = new Set(next);
    saveHiddenColumns(copy);
    setHidden(copy);
  }, []);
  return { hidden, setColumnVisible, replaceHidden };
}

/**
 * JSON kept in Web Storage, for drafts and transcripts that must outlive a reload. Storage
 * may be full, disabled (private modes, policies) or hold text an older version wrote, so
 * nothing here throws: a read gives `undefined`, a write reports false, and the caller
 * carries on with what it has in memory.
 */
export function readStoredJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Returns false when the browser refused to store (quota full, storage disabled). */
export function writeStoredJson(storage: Storage, key: string, value: unknown): boolean {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

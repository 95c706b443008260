import { readStoredJson, removeStored, writeStoredJson } from './stored-json';

/** A Storage whose every call fails, as in a browser with storage disabled or full. */
function refusingStorage(): Storage {
  const refuse = () => {
    throw new DOMException('refused', 'QuotaExceededError');
  };
  return { length: 0, key: refuse, getItem: refuse, setItem: refuse, removeItem: refuse, clear: refuse };
}

describe('stored JSON', () => {
  it('round-trips a value and removes it', () => {
    expect(writeStoredJson(window.sessionStorage, 'k', { a: [1, 'two'], b: null })).toBe(true);
    expect(readStoredJson(window.sessionStorage, 'k')).toEqual({ a: [1, 'two'], b: null });
    removeStored(window.sessionStorage, 'k');
    expect(readStoredJson(window.sessionStorage, 'k')).toBeUndefined();
  });

  it('reads broken text as nothing instead of throwing', () => {
    window.localStorage.setItem('k', '{not json');
    expect(readStoredJson(window.localStorage, 'k')).toBeUndefined();
  });

  it('does without a storage that refuses every call', () => {
    const storage = refusingStorage();
    expect(writeStoredJson(storage, 'k', 1)).toBe(false);
    expect(readStoredJson(storage, 'k')).toBeUndefined();
    expect(() => removeStored(storage, 'k')).not.toThrow();
  });
});

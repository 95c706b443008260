import { act, renderHook } from '@testing-library/react';
import { HIDDEN_COLUMNS_KEY, loadHiddenColumns, saveHiddenColumns, useHiddenColumns } from './use-hidden-columns';

const COLUMNS = ['photo', 'address', 'zip', 'price'];

describe('hidden columns', () => {
  it('starts with every column shown', () => {
    expect(loadHiddenColumns(COLUMNS)).toEqual(new Set());
  });

  it('remembers the hidden columns across loads', () => {
    saveHiddenColumns(new Set(['zip', 'photo']));
    expect(loadHiddenColumns(COLUMNS)).toEqual(new Set(['zip', 'photo']));
  });

  it('forgets unknown columns and ignores damaged storage', () => {
    window.localStorage.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(['zip', 'retired-column']));
    expect(loadHiddenColumns(COLUMNS)).toEqual(new Set(['zip']));
    window.localStorage.setItem(HIDDEN_COLUMNS_KEY, '{broken');
    expect(loadHiddenColumns(COLUMNS)).toEqual(new Set());
    window.localStorage.setItem(HIDDEN_COLUMNS_KEY, '{"zip":false}');
    expect(loadHiddenColumns(COLUMNS)).toEqual(new Set());
  });

  it('hides and shows through the hook, and a new mount sees the choice', () => {
    const first = renderHook(() => useHiddenColumns(COLUMNS));
    act(() => first.result.current.setColumnVisible('price', false));
    act(() => first.result.current.setColumnVisible('zip', false));
    act(() => first.result.current.setColumnVisible('price', true));
    expect(first.result.current.hidden).toEqual(new Set(['zip']));
    first.unmount();

    const second = renderHook(() => useHiddenColumns(COLUMNS));
    expect(second.result.current.hidden).toEqual(new Set(['zip']));
  });
});

import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadAtIdle } from './load-at-idle';

// Unmounted before the stubs go: an unmount cancels the idle callback it booked.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function holdIdleCallbacks() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', vi.fn((callback: () => void) => callbacks.push(callback)));
  const cancel = vi.fn();
  vi.stubGlobal('cancelIdleCallback', cancel);
  return { callbacks, cancel };
}

describe('useLoadAtIdle', () => {
  it('fetches at the first idle moment after the page has drawn, not before', () => {
    const { callbacks } = holdIdleCallbacks();
    const load = vi.fn(() => Promise.resolve());
    renderHook(() => useLoadAtIdle(load));
    expect(load).not.toHaveBeenCalled();
    callbacks.forEach((run) => run());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing once the page has gone before its idle moment', () => {
    const { cancel } = holdIdleCallbacks();
    const { unmount } = renderHook(() => useLoadAtIdle(vi.fn(() => Promise.resolve())));
    unmount();
    expect(cancel).toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWhenIdle } from './run-when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('runWhenIdle', () => {
  it('runs the work in an idle callback, with the deadline given', () => {
    const callbacks: (() => void)[] = [];
    const requestIdle = vi.fn((callback: () => void) => callbacks.push(callback));
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const work = vi.fn();
    runWhenIdle(work, 500);
    expect(requestIdle).toHaveBeenCalledWith(expect.any(Function), { timeout: 500 });
    expect(work).not.toHaveBeenCalled();
    callbacks[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancels the idle callback it booked', () => {
    vi.stubGlobal('requestIdleCallback', vi.fn(() => 7));
    const cancelIdle = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    runWhenIdle(vi.fn())();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where requestIdleCallback is missing, and that can be cancelled too', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    runWhenIdle(work);
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);

    const dropped = vi.fn();
    const cancel = runWhenIdle(dropped);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(dropped).not.toHaveBeenCalled();
  });
});

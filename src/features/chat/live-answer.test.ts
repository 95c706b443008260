import { act, renderHook } from '@testing-library/react';
import type { FrameScheduler } from './create-frame-batcher';
import { createLiveAnswer, useLiveText } from './live-answer';

function manualFrames() {
  const booked = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request(callback) {
      booked.set(next, callback);
      return next++;
    },
    cancel(handle) {
      booked.delete(handle);
    },
  };
  return {
    scheduler,
    runFrame() {
      const callbacks = [...booked.values()];
      booked.clear();
      callbacks.forEach((callback) => callback());
    },
  };
}

describe('createLiveAnswer', () => {
  it('shows the first text at once and what follows within the frame with the next frame; received has it all', () => {
    const frames = manualFrames();
    const live = createLiveAnswer(frames.scheduler);
    const { result } = renderHook(() => useLiveText(live));
    act(() => live.append('The house '));
    expect(result.current).toBe('The house ');
    act(() => {
      live.append('has ');
      live.append('three rooms.');
    });
    expect(result.current).toBe('The house ');
    expect(live.received).toBe('The house has three rooms.');
    act(() => frames.runFrame());
    expect(result.current).toBe('The house has three rooms.');
  });

  it('settle hands over what waits and stops', () => {
    const frames = manualFrames();
    const live = createLiveAnswer(frames.scheduler);
    const { result } = renderHook(() => useLiveText(live));
    act(() => {
      live.append('a');
      live.append('b');
      live.settle();
    });
    expect(result.current).toBe('ab');
    expect(live.settled).toBe(true);
    act(() => live.append('c'));
    expect(result.current).toBe('ab');
  });

  it('without a live answer the text is empty', () => {
    const { result } = renderHook(() => useLiveText(undefined));
    expect(result.current).toBe('');
  });
});

import { createFrameBatcher, type FrameScheduler } from './create-frame-batcher';

/** A scheduler whose frames run only when the test says so. */
function manualScheduler() {
  let next = 1;
  const booked = new Map<number, () => void>();
  const scheduler: FrameScheduler = {
    request(callback) {
      const handle = next++;
      booked.set(handle, callback);
      return handle;
    },
    cancel(handle) {
      booked.delete(handle);
    },
  };
  return {
    scheduler,
    get booked() {
      return booked.size;
    },
    runFrame() {
      const callbacks = [...booked.values()];
      booked.clear();
      callbacks.forEach((callback) => callback());
    },
  };
}

describe('createFrameBatcher', () => {
  it('hands over the first item at once, and what follows within that frame in one call with the frame', () => {
    const frames = manualScheduler();
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items), frames.scheduler);

    batcher.push('The ');
    expect(flushed).toEqual([['The ']]);
    batcher.push('house ');
    batcher.push('has ');
    expect(flushed).toEqual([['The ']]);
    expect(frames.booked).toBe(1);

    frames.runFrame();
    expect(flushed).toEqual([['The '], ['house ', 'has ']]);
    expect(frames.booked).toBe(0);

    // After that frame a new round starts: the first item at once, the next with the frame.
    batcher.push('three ');
    batcher.push('rooms.');
    expect(flushed).toEqual([['The '], ['house ', 'has '], ['three ']]);
    frames.runFrame();
    expect(flushed).toEqual([['The '], ['house ', 'has '], ['three '], ['rooms.']]);
  });

  it('after a quiet frame hands over at once again', () => {
    const frames = manualScheduler();
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items), frames.scheduler);
    batcher.push('a');
    frames.runFrame();
    expect(frames.booked).toBe(0);
    batcher.push('b');
    expect(flushed).toEqual([['a'], ['b']]);
  });

  it('books at most one frame and hands over at most twice per frame however many items arrive', () => {
    const frames = manualScheduler();
    const onFlush = vi.fn();
    const batcher = createFrameBatcher<number>(onFlush, frames.scheduler);
    for (let i = 0; i < 1000; i += 1) batcher.push(i);
    expect(frames.booked).toBe(1);
    expect(onFlush).toHaveBeenCalledTimes(1);
    frames.runFrame();
    expect(onFlush).toHaveBeenCalledTimes(2);
    expect(onFlush.mock.calls[1]![0]).toHaveLength(999);
  });

  it('does not call back on a frame with nothing queued', () => {
    const frames = manualScheduler();
    const onFlush = vi.fn();
    createFrameBatcher<string>(onFlush, frames.scheduler);
    frames.runFrame();
    expect(onFlush).not.toHaveBeenCalled();
    expect(frames.booked).toBe(0);
  });

  it('flush hands over the queue at once', () => {
    const frames = manualScheduler();
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items), frames.scheduler);
    batcher.push('first');
    batcher.push('partial');
    batcher.flush();
    expect(flushed).toEqual([['first'], ['partial']]);
    frames.runFrame();
    expect(flushed).toHaveLength(2);
  });

  it('after dispose nothing is handed over any more', () => {
    const frames = manualScheduler();
    const onFlush = vi.fn();
    const batcher = createFrameBatcher<string>(onFlush, frames.scheduler);
    batcher.push('shown');
    batcher.push('lost');
    batcher.dispose();
    expect(frames.booked).toBe(0);
    batcher.push('ignored');
    batcher.flush();
    frames.runFrame();
    expect(onFlush.mock.calls).toEqual([[['shown']]]);
  });

  it('uses requestAnimationFrame by default', async () => {
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items));
    batcher.push('a');
    batcher.push('b');
    batcher.push('c');
    expect(flushed).toEqual([['a']]);
    await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
    expect(flushed).toEqual([['a'], ['b', 'c']]);
  });
});

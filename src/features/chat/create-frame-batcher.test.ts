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
  it('hands over every fragment pushed during a frame in one call, in order', () => {
    const frames = manualScheduler();
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items), frames.scheduler);

    batcher.push('The ');
    batcher.push('house ');
    batcher.push('has ');
    expect(flushed).toEqual([]);
    expect(frames.booked).toBe(1);

    frames.runFrame();
    expect(flushed).toEqual([['The ', 'house ', 'has ']]);

    batcher.push('three ');
    batcher.push('rooms.');
    frames.runFrame();
    expect(flushed).toEqual([['The ', 'house ', 'has '], ['three ', 'rooms.']]);
  });

  it('books at most one frame however many fragments arrive', () => {
    const frames = manualScheduler();
    const batcher = createFrameBatcher<number>(() => {}, frames.scheduler);
    for (let i = 0; i < 1000; i += 1) batcher.push(i);
    expect(frames.booked).toBe(1);
  });

  it('does not call back on a frame with nothing queued', () => {
    const frames = manualScheduler();
    const onFlush = vi.fn();
    createFrameBatcher<string>(onFlush, frames.scheduler);
    frames.runFrame();
    expect(onFlush).not.toHaveBeenCalled();
    expect(frames.booked).toBe(0);
  });

  it('flush hands over the queue at once and cancels the booked frame', () => {
    const frames = manualScheduler();
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items), frames.scheduler);
    batcher.push('partial');
    batcher.flush();
    expect(flushed).toEqual([['partial']]);
    expect(frames.booked).toBe(0);
    frames.runFrame();
    expect(flushed).toHaveLength(1);
  });

  it('after dispose nothing is handed over any more', () => {
    const frames = manualScheduler();
    const onFlush = vi.fn();
    const batcher = createFrameBatcher<string>(onFlush, frames.scheduler);
    batcher.push('lost');
    batcher.dispose();
    expect(frames.booked).toBe(0);
    batcher.push('ignored');
    batcher.flush();
    frames.runFrame();
    expect(onFlush).not.toHaveBeenCalled();
  });

  it('uses requestAnimationFrame by default', async () => {
    const flushed: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => flushed.push(items));
    batcher.push('a');
    batcher.push('b');
    await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
    expect(flushed).toEqual([['a', 'b']]);
  });
});

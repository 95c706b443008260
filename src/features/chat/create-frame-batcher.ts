/** Schedules one callback for the next frame; injectable so tests can step frames by hand. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrameScheduler: FrameScheduler = {
  request: (callback) => window.requestAnimationFrame(callback),
  cancel: (handle) => window.cancelAnimationFrame(handle),
};

export interface FrameBatcher<T> {
  /** Queues an item; the first item of a frame books that frame's flush. */
  push(item: T): void;
  /** Hands over whatever is queued right now, e.g. before the final answer replaces it. */
  flush(): void;
  /** Drops the booked frame; queued items are discarded, so flush first to keep them. */
  dispose(): void;
}

/**
 * A fast stream can deliver hundreds of fragments a second; rendering each one would
 * keep React busy for every fragment and freeze the page. This collects them and hands
 * them over at most once per animation frame, which is as often as the eye can see.
 */
export function createFrameBatcher<T>(
  onFlush: (items: T[]) => void,
  scheduler: FrameScheduler = animationFrameScheduler,
): FrameBatcher<T> {
  let queue: T[] = [];
  let handle: number | null = null;
  let disposed = false;

  function flush() {
    if (handle !== null) {
      scheduler.cancel(handle);
      handle = null;
    }
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    onFlush(items);
  }

  return {
    push(item) {
      if (disposed) return;
      queue.push(item);
      if (handle === null) {
        handle = scheduler.request(() => {
          handle = null;
          flush();
        });
      }
    },
    flush,
    dispose() {
      disposed = true;
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      queue = [];
    },
  };
}

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
  /** Queues an item: handed over at once when nothing was since the last frame, else with the next frame. */
  push(item: T): void;
  /** Hands over whatever is queued right now, e.g. before the final answer replaces it. */
  flush(): void;
  /** Drops the booked frame; queued items are discarded, so flush first to keep them. */
  dispose(): void;
}

/**
 * A fast stream can deliver hundreds of fragments a second; rendering each one would
 * keep React busy for every fragment and freeze the page. This hands items over at most
 * once between two frames, plus once in a frame's callbacks for what arrived after that:
 * never more often than the eye can see. The first item after a frame goes at once, so it
 * renders while the page waits for the next frame instead of inside it; items that follow
 * before that frame wait for it and go in its callbacks, painted by the same frame.
 */
export function createFrameBatcher<T>(
  onFlush: (items: T[]) => void,
  scheduler: FrameScheduler = animationFrameScheduler,
): FrameBatcher<T> {
  let queue: T[] = [];
  /** The next frame, booked by a hand-over: until it comes, items wait for it. */
  let handle: number | null = null;
  let disposed = false;

  function handOver(): boolean {
    if (queue.length === 0) return false;
    const items = queue;
    queue = [];
    onFlush(items);
    return true;
  }

  function onFrame() {
    handle = null;
    // Painted by this very frame; what comes after it starts a new round.
    handOver();
  }

  return {
    push(item) {
      if (disposed) return;
      queue.push(item);
      if (handle === null) {
        handle = scheduler.request(onFrame);
        handOver();
      }
    },
    flush() {
      handOver();
    },
    dispose() {
      disposed = true;
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      queue = [];
    },
  };
}

/** A hidden page paints no frames; after this long the work goes ahead anyway. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Resolves once the next frame has been painted: for work that should not hold up showing
 * what has just changed. A task queued from a frame's callbacks runs after that frame.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() => {
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0);
    });
  });
}

/**
 * Runs `work` at the browser's next idle moment (within `timeoutMs` at the latest), or after a
 * short timeout where requestIdleCallback is missing (Safari). Returns a cancel function, so
 * an effect can drop work its component no longer needs.
 */
export function runWhenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}

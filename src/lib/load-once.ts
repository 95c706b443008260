/**
 * A loader for code or data fetched on demand (a lazy chunk): the first call starts
 * `load`, later calls share its promise, and after a failure (offline, or a new release
 * replaced the chunk) the next call tries again instead of repeating the old error.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** What the console says when a part of it fetched on demand could not be downloaded. */
export const DOWNLOAD_FAILED_MESSAGE = 'Part of the console could not be downloaded. Check the connection and try again.';

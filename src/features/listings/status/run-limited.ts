/**
 * Runs `work` over every item, at most `concurrency` at a time, in order of the items.
 * Stopping (the signal) starts nothing more; what is under way finishes. One item's
 * failure is its own result and does not stop the others.
 */
export async function runLimited<Item, Result>(
  items: readonly Item[],
  work: (item: Item) => Promise<Result>,
  options: { concurrency: number; signal?: AbortSignal; onSettled?: (item: Item, result: Result) => void },
): Promise<{ results: Map<Item, Result>; notStarted: Item[] }> {
  const results = new Map<Item, Result>();
  let next = 0;
  const worker = async () => {
    while (next < items.length && !options.signal?.aborted) {
      const item = items[next]!;
      next += 1;
      const result = await work(item);
      results.set(item, result);
      options.onSettled?.(item, result);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker);
  await Promise.all(workers);
  return { results, notStarted: items.slice(next) };
}

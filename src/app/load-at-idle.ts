import { useEffect } from 'react';
import { runWhenIdle } from '../lib/run-when-idle';

/**
 * Fetches `load` (code a page draws without, fetched once: `loadOnce`, a deferred component's
 * `load`) at the first idle moment after the page has drawn, so it is there before it is
 * needed. A failure is left to whoever needs it next, which fetches it again and says so.
 */
export function useLoadAtIdle(load: () => Promise<unknown>): void {
  useEffect(() => runWhenIdle(() => void load().catch(() => undefined)), [load]);
}

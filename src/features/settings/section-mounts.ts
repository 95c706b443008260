import { createContext, startTransition, use, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { runWhenIdle } from '../../lib/run-when-idle';

/**
 * Which of the form's sections have their fields drawn. A first visit draws the first
 * `initial` sections at once and each later one at an idle moment after the one before it has
 * drawn, in a transition (so React yields while rendering it): no single task draws the whole
 * form. Whatever needs a section's fields now (the section list's jump, a save that has to
 * focus an invalid field) draws them synchronously first.
 *
 * The values of fields not drawn yet are in the form all along (react-hook-form keeps its
 * default values, and validates them, with or without a control), so a section drawn late
 * shows exactly what the form holds.
 */
export interface SectionMounts {
  readonly count: number;
  isMounted(index: number): boolean;
  /** Calls `listener(urgent)` when section `index` is to be drawn; returns the unsubscribe. */
  listen(index: number, listener: (urgent: boolean) => void): () => void;
  /** Section `index` has drawn: the next one follows at an idle moment. */
  drawn(index: number): void;
  /** Draws every section up to `index` (all with no index) before returning. */
  mountThrough(index?: number): void;
  /** Starts drawing the rest at idle moments (the form has mounted). */
  start(): void;
  /** Stops drawing at idle moments (the form has gone). */
  stop(): void;
}

export function createSectionMounts(count: number, initial = 1, whenIdle: (work: () => void) => () => void = runWhenIdle): SectionMounts {
  let mounted = Math.min(initial, count);
  let cancelIdle: (() => void) | undefined;
  let stopped = true;
  const listeners = new Map<number, (urgent: boolean) => void>();

  const mountUpTo = (last: number, urgent: boolean) => {
    const from = mounted;
    mounted = Math.max(mounted, Math.min(last + 1, count));
    for (let index = from; index < mounted; index += 1) listeners.get(index)?.(urgent);
  };

  const schedule = () => {
    if (stopped || mounted >= count || cancelIdle) return;
    cancelIdle = whenIdle(() => {
      cancelIdle = undefined;
      if (!stopped) mountUpTo(mounted, false);
    });
  };

  return {
    count,
    isMounted: (index) => index < mounted,
    listen(index, listener) {
      listeners.set(index, listener);
      return () => {
        if (listeners.get(index) === listener) listeners.delete(index);
      };
    },
    drawn(index) {
      // Only the newest section schedules the next one.
      if (index === mounted - 1) schedule();
    },
    mountThrough(index = count - 1) {
      // Always flushed: a control that has just arrived (lazy-setting-controls.tsx) is drawn too.
      flushSync(() => {
        if (index < mounted) return;
        cancelIdle?.();
        cancelIdle = undefined;
        mountUpTo(index, true);
      });
    },
    start() {
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      cancelIdle?.();
      cancelIdle = undefined;
    },
  };
}

export const SectionMountsContext = createContext<SectionMounts | null>(null);

/** The form's section mounts; without a form around (a test of one section), every section is drawn. */
export function useSectionMounts(): SectionMounts | null {
  return use(SectionMountsContext);
}

/** Whether section `index` draws its fields: true once its turn has come, and from then on. */
export function useSectionMounted(index: number): boolean {
  const mounts = useSectionMounts();
  const [mounted, setMounted] = useState(() => mounts?.isMounted(index) ?? true);
  useEffect(() => {
    if (!mounts || mounted) return;
    const unlisten = mounts.listen(index, (urgent) => {
      if (urgent) setMounted(true);
      else startTransition(() => setMounted(true));
    });
    // Its turn came between this section's render and now.
    if (mounts.isMounted(index)) startTransition(() => setMounted(true));
    return unlisten;
  }, [mounts, index, mounted]);
  useEffect(() => {
    if (mounted) mounts?.drawn(index);
  }, [mounts, index, mounted]);
  return mounted;
}

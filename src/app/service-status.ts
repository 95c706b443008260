import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { onReachability } from '../api/client';
import { isServiceReachable } from '../api/service-health';

/**
 * Whether the service is offline, as the app sees it. A request that gets no answer at all
 * starts a health probe; while the probe fails the app is offline and probes again, less and
 * less often. Any answer (from the probe or from a request) makes it online again.
 *
 * TanStack Query's onlineManager follows this state: while offline, queries wait instead of
 * failing one after another, and going online refetches what is stale and carries on what
 * waited, so every area recovers without a reload. Mutations are not held back (see
 * query-client.ts): a save tried while offline fails at once, and its form says why.
 */
const PROBE_DELAYS_MS = [1_000, 2_000, 3_000, 5_000];

let offline = false;
let failedProbes = 0;
let timer: number | undefined;
let probing = false;
const listeners = new Set<() => void>();

function setOffline(next: boolean): void {
  if (offline === next) return;
  offline = next;
  onlineManager.setOnline(!next);
  listeners.forEach((listener) => listener());
}

function cancelProbe(): void {
  window.clearTimeout(timer);
  timer = undefined;
}

/** Probes now (unless a probe is already under way), then again later while it fails. */
export async function checkService(): Promise<void> {
  if (probing) return;
  probing = true;
  cancelProbe();
  const reachable = await isServiceReachable();
  probing = false;
  if (reachable) {
    failedProbes = 0;
    setOffline(false);
    return;
  }
  setOffline(true);
  const delay = PROBE_DELAYS_MS[Math.min(failedProbes, PROBE_DELAYS_MS.length - 1)];
  failedProbes += 1;
  timer = window.setTimeout(() => void checkService(), delay);
}

/** Starts following requests; returns the function that stops it. */
export function watchServiceStatus(): () => void {
  const stopListening = onReachability((reachable) => {
    if (reachable) {
      if (!offline) return;
      cancelProbe();
      failedProbes = 0;
      setOffline(false);
    } else if (!offline) {
      void checkService();
    }
  });
  // Coming back to the tab, or the network coming back, is a good moment to look again.
  const lookAgain = () => {
    if (offline) void checkService();
  };
  window.addEventListener('focus', lookAgain);
  window.addEventListener('online', lookAgain);
  return () => {
    stopListening();
    window.removeEventListener('focus', lookAgain);
    window.removeEventListener('online', lookAgain);
    cancelProbe();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOffline = () => offline;

export function useServiceOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, isOffline);
}

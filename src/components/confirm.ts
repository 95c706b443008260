import type { ReactNode } from 'react';

/*
 * Confirmations ("Delete 3 listings?", "Discard unsaved changes?") asked for from anywhere:
 * an event handler calls `confirm(...)`, and the app's one ConfirmHost (src/app/deferred-confirm.tsx)
 * shows them, one at a time, in the order asked. The request waits here while the dialog's
 * code (Mantine's Modal with its focus trap) downloads, so that code stays off the first page
 * and no confirmation asked for before it arrives is lost.
 */

export interface ConfirmRequest {
  /** The dialog's title, which also names it for screen readers. */
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** "Cancel" unless the action needs a clearer way back ("Keep editing"). */
  cancelLabel?: string;
  /** Red confirm button: the action removes or throws something away. */
  destructive?: boolean;
  onConfirm: () => void;
  /** Called when the dialog is closed any other way: Cancel, Escape, the close button, outside. */
  onCancel?: () => void;
}

/** A request waiting for its answer; `id` tells two requests with the same text apart. */
export interface QueuedConfirm {
  id: number;
  request: ConfirmRequest;
  /** What had focus when it was asked for (the button that asks), to return focus to. */
  opener: Element | null;
}

type Listener = () => void;

let queue: readonly QueuedConfirm[] = [];
let lastId = 0;
const listeners = new Set<Listener>();

function setQueue(next: readonly QueuedConfirm[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Asks the user to confirm an action; `onConfirm` runs only if they do. */
export function confirm(request: ConfirmRequest): void {
  lastId += 1;
  setQueue([...queue, { id: lastId, request, opener: document.activeElement }]);
}

/** The store the host reads: the requests not yet answered, oldest first. */
export const confirmQueue = {
  get: (): readonly QueuedConfirm[] => queue,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Removes an answered request (the host calls this once its dialog has closed). */
  remove(id: number): void {
    setQueue(queue.filter((queued) => queued.id !== id));
  },
};

import { notifications } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { confirmQueue, type QueuedConfirm } from '../components/confirm';
import type { ConfirmAnswer } from '../components/confirm-dialog';
import { DOWNLOAD_FAILED_MESSAGE } from '../lib/load-once';
import { deferComponent } from './deferred-component';

/*
 * Shows the confirmations asked for with `confirm(...)` (src/components/confirm.ts). The
 * dialog brings Mantine's Modal with its focus trap and scroll lock, nothing the first page
 * shows, so its code loads once that page has settled (see main.tsx), or at once when a
 * confirmation is asked for earlier.
 */

export const confirmDialog = deferComponent(() => import('../components/confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * Focus goes back to what asked for the confirmation (the Delete button, the Cancel of a form)
 * unless the action moved it elsewhere; it would otherwise fall to the page's start, or stay
 * on the closed dialog's button. `inDialog` had focus when the user answered.
 */
function returnFocus(opener: Element | null, inDialog: Element | null): void {
  // Once the closed dialog has left the page, taking its focused button with it.
  setTimeout(() => {
    const active = document.activeElement;
    const focusIsLost = active === null || active === document.body || active === inDialog || !active.isConnected;
    if (focusIsLost && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
  });
}

export function ConfirmHost() {
  const queue = useSyncExternalStore(confirmQueue.subscribe, confirmQueue.get, confirmQueue.get);
  const loaded = confirmDialog.useLoaded();
  // An answered confirmation leaves the queue at once and stays on screen while it closes.
  // With what had focus when it was answered, to tell a focus left on it from one moved on.
  const [closing, setClosing] = useState<(QueuedConfirm & { focusedAtAnswer: Element | null }) | null>(null);
  const shown = closing ?? queue[0] ?? null;

  useEffect(() => {
    if (loaded || queue.length === 0) return;
    let active = true;
    confirmDialog.load().catch(() => {
      if (!active) return;
      // Asked for, and its code could not be downloaded: say so rather than do nothing. The
      // action is not taken: it waited for a yes it never got.
      for (const { id } of confirmQueue.get()) confirmQueue.remove(id);
      notifications.show({
        color: 'red',
        title: 'The dialog could not be opened',
        message: DOWNLOAD_FAILED_MESSAGE,
      });
    });
    return () => {
      active = false;
    };
  }, [loaded, queue]);

  const onAnswer = (answer: ConfirmAnswer) => {
    // Escape or a click outside while it closes is not a second answer.
    if (!shown || closing) return;
    setClosing({ ...shown, focusedAtAnswer: document.activeElement });
    confirmQueue.remove(shown.id);
    if (answer === 'confirm') shown.request.onConfirm();
    else shown.request.onCancel?.();
  };

  const onClosed = () => {
    if (closing) returnFocus(closing.opener, closing.focusedAtAnswer);
    setClosing(null);
  };

  return confirmDialog.render({ request: shown?.request ?? null, opened: shown !== null && closing === null, onAnswer, onClosed });
}

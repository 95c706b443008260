import type { ModalsProviderProps } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useFullScreenDialog } from '../components/use-full-screen-dialog';
import { deferComponent } from './deferred-component';

/*
 * The app's dialogs are opened with `modals.openConfirmModal(...)`, which dispatches a window
 * event that Mantine's ModalsProvider listens to. The provider brings Modal with its focus
 * trap and scroll lock, nothing the first page shows, so it loads once that page has settled
 * (see main.tsx). An event sent before it has loaded is held, loads it at once, and is sent
 * again once the provider listens.
 */

/** Every event ModalsProvider listens to (@mantine/modals, events.ts). */
export const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

export const modalsProvider = deferComponent<Pick<ModalsProviderProps, 'modalProps'>>(() =>
  import('@mantine/modals').then((m) => m.ModalsProvider),
);

/** Mantine's ModalsProvider once it has loaded; before that, holds the dialogs asked for. */
export function DeferredModals() {
  const loaded = modalsProvider.useLoaded();
  // Every confirmation takes the whole screen on a phone, as the app's other dialogs do.
  const fullScreen = useFullScreenDialog();
  const held = useRef<CustomEvent[]>([]);

  useEffect(() => {
    if (loaded) return;
    let active = true;
    const hold = (event: Event) => {
      held.current.push(event as CustomEvent);
      modalsProvider.load().catch(() => {
        if (!active || held.current.length === 0) return;
        // A dialog was asked for and its code could not be downloaded: say so rather than do nothing.
        held.current = [];
        notifications.show({
          color: 'red',
          title: 'The dialog could not be opened',
          message: 'Part of the console could not be downloaded. Check the connection and try again.',
        });
      });
    };
    for (const name of MODAL_EVENTS) window.addEventListener(name, hold);
    return () => {
      active = false;
      for (const name of MODAL_EVENTS) window.removeEventListener(name, hold);
    };
  }, [loaded]);

  // The provider subscribes in a layout effect, before this runs: the held events now reach it.
  useEffect(() => {
    if (!loaded) return;
    for (const event of held.current.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [loaded]);

  return modalsProvider.render({ modalProps: { fullScreen } });
}

import { notificationsStore } from '@mantine/notifications';
import { useEffect } from 'react';
import { onReachability } from '../api/client';
import { deferComponent } from './deferred-component';

/*
 * `notifications.show(...)` only writes to Mantine's store; the container that draws the
 * store (with its transitions and scroll-bar handling) is not needed until there is
 * something to draw. It loads once the first page has settled (see main.tsx), so it is there
 * before the service could go away; a notification shown earlier loads it at once. Until it
 * arrives the notification waits in the store, and if the download fails it is tried again
 * with the next notification or when the service answers again, never taking the page down.
 */

export const notificationsContainer = deferComponent<{ position: 'top-right' }>(() =>
  import('@mantine/notifications').then((m) => m.Notifications),
);

const pending = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

export function DeferredNotifications() {
  const loaded = notificationsContainer.useLoaded();

  useEffect(() => {
    if (loaded) return;
    const loadIfPending = () => {
      if (pending()) notificationsContainer.load().catch(() => undefined);
    };
    loadIfPending();
    const stopStore = notificationsStore.subscribe(loadIfPending);
    const stopReachability = onReachability((reachable) => reachable && loadIfPending());
    return () => {
      stopStore();
      stopReachability();
    };
  }, [loaded]);

  return notificationsContainer.render({ position: 'top-right' });
}

import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() => import('./notifications-container').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notification container, with its transitions, loads with the first notification
 * rather than with the first page, which seldom shows one. A notification shown before it
 * has loaded waits in Mantine's store and appears once it has.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

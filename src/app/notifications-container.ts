// Its own module so that the container can be a chunk of its own (see lazy-notifications.tsx).
export { Notifications } from '@mantine/notifications';

import { Text, Title } from '@mantine/core';
import { AccessFrame } from './access-frame';

/** Every page while the console has no owner: only the one-time link in the server's log can make one. */
export function SetupPending() {
  return (
    <AccessFrame>
      <Title order={1} size="h3">
        Waiting for setup: open the link in the server&apos;s log
      </Title>
      <Text size="sm" c="dimmed">
        This console has no owner yet. Whoever started the server finds a one-time link beginning with /setup in its
        output; it is valid for 30 minutes. Once an owner has been created, reload this page to sign in.
      </Text>
    </AccessFrame>
  );
}

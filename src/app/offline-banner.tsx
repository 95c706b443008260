import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { checkService, useServiceOffline, watchServiceStatus } from './service-status';

/** Shown above every area while the service cannot be reached; it goes away by itself. */
export function OfflineBanner() {
  const offline = useServiceOffline();
  useEffect(watchServiceStatus, []);
  if (!offline) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      title="The service is offline"
      role="status"
      mb="md"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          Nothing you type is lost: it stays in the forms and can be saved once the service is back. This page checks
          again by itself and refreshes when it answers.
        </Text>
        <Button size="xs" variant="white" color="orange" onClick={() => void checkService()}>
          Check now
        </Button>
      </Group>
    </Alert>
  );
}

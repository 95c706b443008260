import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { isApiError } from '../api/client';

interface ErrorAlertProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

/** Says what went wrong in words a user can act on, with a Retry when one makes sense. */
export function ErrorAlert({ error, title, onRetry }: ErrorAlertProps) {
  const offline = isApiError(error) && error.isOffline;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert
      color={offline ? 'orange' : 'red'}
      variant="light"
      icon={offline ? <IconPlugConnectedX size={18} /> : <IconAlertTriangle size={18} />}
      title={title ?? (offline ? 'The service is offline' : 'Something went wrong')}
      role="alert"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color={offline ? 'orange' : 'red'} onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}

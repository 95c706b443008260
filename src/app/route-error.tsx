import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page throws while rendering or its code could not be loaded. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Stack align="center" py="xl" gap="sm" role="alert">
      <Title order={2}>This page failed to load</Title>
      <Text c="dimmed">{detail}</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}

import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './access-frame.module.css';

/**
 * The frame of the pages a signed-out visitor sees (sign-in, setup, an invitation, the wait for
 * setup): a card in the middle of the window, without the console's navigation, which would
 * only lead to pages they cannot open yet.
 */
export function AccessFrame({ children }: { children: ReactNode }) {
  return (
    <main className={classes.frame}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} className={classes.card}>
        <Stack gap="lg">
          <Text fw={700} c="dimmed" size="sm">
            Realty-bot console
          </Text>
          {children}
        </Stack>
      </Paper>
    </main>
  );
}

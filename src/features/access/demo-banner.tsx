import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The form (react-hook-form, the contract's schemas, Mantine's Modal) loads when it is opened:
// the banner itself is on every page of a demo start, the first one included.
const ProtectModal = lazy(() => import('./protect-modal').then((module) => ({ default: module.ProtectModal })));

/** Shown while the console runs as the seeded Demo owner, who has no password: anyone can use it. */
export function DemoBanner() {
  const [opened, setOpened] = useState(false);
  return (
    <Alert color="yellow" variant="light" icon={<IconLockOpen size={18} />} mb="md" role="region" aria-label="Demo owner">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ flex: '1 1 280px' }}>
          You are signed in as Demo owner: anyone who can open this console can use it.
        </Text>
        <Button size="xs" color="yellow" variant="filled" autoContrast onClick={() => setOpened(true)}>
          Protect this console
        </Button>
      </Group>
      {opened && (
        <Suspense fallback={null}>
          <ProtectModal onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </Alert>
  );
}

import { Group, Loader, Text } from '@mantine/core';

/**
 * "Showing 21–40 of 1,234" under a paged table, with a small loader while the next page is on
 * its way (the rows shown meanwhile are the previous page's). One wording for every paged list.
 */
export function ShownRange({ first, last, total, loading }: { first: number; last: number; total: number; loading: boolean }) {
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        {`Showing ${first}–${last} of ${total}`}
      </Text>
      {loading && <Loader size="xs" aria-label="Loading page" />}
    </Group>
  );
}

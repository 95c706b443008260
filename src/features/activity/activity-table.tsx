import { Anchor, Badge, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { ACTIVITY_ACTION_LABELS, type ActivityEntry } from '../../api/contract/activity';
import { formatTime, formatTimeAgo } from '../../lib/format-time';
import { describeActivity, resultText, succeeded } from './describe-activity';
import { entryHref } from './entry-link';

interface ActivityTableProps {
  entries: readonly ActivityEntry[];
  /** When the entries were read: "3 minutes ago" counts from it. */
  now: number;
  /** The previous page, shown while the one asked for arrives. */
  stale: boolean;
  canSeeMembers: boolean;
}

/**
 * The entries, newest first; wider than a phone, so it scrolls in its own box. The box takes
 * focus: rows of sign-ins have no link, and a keyboard must still reach the Result column.
 */
export const ActivityTable = memo(function ActivityTable({ entries, now, stale, canSeeMembers }: ActivityTableProps) {
  return (
    <Table.ScrollContainer minWidth={1000} type="native" tabIndex={0} role="region" aria-label="Activity entries">
      <Table verticalSpacing="sm" aria-label="Activity" aria-busy={stale || undefined} style={{ opacity: stale ? 0.6 : undefined }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Member</Table.Th>
            <Table.Th scope="col">Chatbot</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <ActivityRow key={entry.Id} entry={entry} now={now} canSeeMembers={canSeeMembers} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});

function ActivityRow({ entry, now, canSeeMembers }: { entry: ActivityEntry; now: number; canSeeMembers: boolean }) {
  const details = describeActivity(entry);
  const href = entryHref(entry, canSeeMembers);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" component="time" dateTime={new Date(entry.At).toISOString()} display="block">
          {formatTime(entry.At)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatTimeAgo(entry.At, now)}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.MemberName}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.ChatbotId ?? '—'}</Table.Td>
      <Table.Td>{ACTIVITY_ACTION_LABELS[entry.Action]}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Anchor component={Link} to={href} size="sm" underline="always">
            {details || 'Open'}
          </Anchor>
        ) : (
          details || '—'
        )}
      </Table.Td>
      <Table.Td>
        {succeeded(entry) ? (
          <Badge color="green" variant="light">
            OK
          </Badge>
        ) : (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {resultText(entry)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

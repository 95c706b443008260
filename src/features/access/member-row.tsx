import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useChangeMember, useEndMemberSessions, useRemoveMember } from '../../api/access';
import type { Member } from '../../api/contract/bootstrap';
import type { MemberChangeRequest, MemberListEntry } from '../../api/contract/console-access';
import { rolesAssignableBy } from '../../api/contract/permissions';
import { confirm } from '../../components/confirm';
import { formatTime } from '../../lib/format-time';
import { describeGrant, roleHasGrant } from './grant-labels';
import { LazyGrantSelect, LazyRoleSelect } from './lazy-member-controls';
import { mayManageMember } from './may-manage-member';

interface MemberRowProps {
  entry: MemberListEntry;
  me: Member;
  chatbotIds: readonly string[];
  /** The row's selects could not be downloaded (lazy-member-controls.tsx). */
  controlsFailed: boolean;
}

function notifyFailure(title: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', title, message: error instanceof Error ? error.message : 'Something went wrong.' });
}

export function MemberRow({ entry, me, chatbotIds, controlsFailed }: MemberRowProps) {
  const manageable = mayManageMember(me, entry);
  const change = useChangeMember();
  const remove = useRemoveMember();
  const endSessions = useEndMemberSessions();
  // A grant being edited: an emptied list is not sent (every member works on at least one chatbot).
  const [draftGrant, setDraftGrant] = useState<string[] | null>(null);

  const send = (request: MemberChangeRequest, onSettled?: () => void) =>
    change.mutate({ memberId: entry.id, change: request }, { onError: notifyFailure(`${entry.name} was not changed`), onSettled });

  const onGrant = (grant: string[]) => {
    setDraftGrant(grant);
    if (grant.length > 0) send({ chatbots: grant }, () => setDraftGrant(null));
  };

  const onRemove = () =>
    confirm({
      title: `Remove ${entry.name}?`,
      message: `${entry.email} can no longer sign in, and is signed out everywhere. An invitation can bring them back.`,
      confirmLabel: 'Remove member',
      destructive: true,
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: () => notifications.show({ color: 'green', title: 'Member removed', message: `${entry.name} was removed.` }),
          onError: notifyFailure(`${entry.name} was not removed`),
        }),
    });

  const onEndSessions = () =>
    endSessions.mutate(entry.id, {
      onSuccess: (ended) =>
        notifications.show({
          color: 'green',
          title: 'Sessions ended',
          message: `${entry.name} was signed out of ${ended} ${ended === 1 ? 'device' : 'devices'}.`,
        }),
      onError: notifyFailure(`${entry.name}'s sessions were not ended`),
    });

  const grant = draftGrant ?? entry.chatbots;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {entry.name}
        {entry.id === me.id && (
          <Badge ml="xs" size="sm" variant="light">
            You
          </Badge>
        )}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.email}</Table.Td>
      <Table.Td>
        {manageable ? (
          <LazyRoleSelect
            value={entry.role}
            roles={rolesAssignableBy(me.role)}
            onChange={(role) => send({ role })}
            disabled={change.isPending}
            failed={controlsFailed}
          />
        ) : (
          <Text size="sm">{entry.role}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {manageable && roleHasGrant(entry.role) ? (
          <LazyGrantSelect
            value={grant}
            onChange={onGrant}
            chatbotIds={chatbotIds}
            error={grant.length === 0 ? 'Choose at least one chatbot' : undefined}
            failed={controlsFailed}
          />
        ) : (
          <Text size="sm">{describeGrant(entry.role, entry.chatbots)}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatTime(entry.lastSignInAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={entry.disabled ? 'gray' : 'green'} variant="light">
          {entry.disabled ? 'Disabled' : 'Active'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {manageable && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => send({ disabled: !entry.disabled })} loading={change.isPending}>
              {entry.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button size="xs" variant="default" onClick={onEndSessions} loading={endSessions.isPending}>
              End sessions
            </Button>
            <Button size="xs" color="red" variant="light" onClick={onRemove} loading={remove.isPending}>
              Remove member
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

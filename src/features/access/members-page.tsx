import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { memberListQueryOptions, useRevokeInvitation } from '../../api/access';
import type { Member } from '../../api/contract/bootstrap';
import type { Invitation } from '../../api/contract/console-access';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { formatTime } from '../../lib/format-time';
import { describeGrant } from './grant-labels';
import { LazyInviteMemberModal, preloadInviteMemberModal } from './lazy-invite-member-modal';
import { useMemberControlsAtIdle } from './lazy-member-controls';
import { mayManageMember } from './may-manage-member';
import { MemberRow } from './member-row';

export function MembersPage() {
  const { bootstrap, member, may } = useAccess();
  if (!member || !may('manageMembers')) {
    return (
      <Stack maw={720} gap="lg">
        <Title order={2}>Members</Title>
        <Alert color="blue" variant="light">
          Only an Owner or an Admin can see and change the console&apos;s members.
        </Alert>
      </Stack>
    );
  }
  return <MemberList me={member} chatbotIds={bootstrap?.chatbotIds ?? []} />;
}

const preloadInvite = () => void preloadInviteMemberModal().catch(() => undefined);

function MemberList({ me, chatbotIds }: { me: Member; chatbotIds: readonly string[] }) {
  const list = useQuery(memberListQueryOptions());
  const [inviting, setInviting] = useState(false);
  // The rows' selects come after the table, and only when some row has them.
  const controls = useMemberControlsAtIdle(list.data?.members.some((entry) => mayManageMember(me, entry)) ?? false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>Members</Title>
          <Text c="dimmed" size="sm">
            Who may sign in to this console, with which role, on which chatbots.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={16} />} onPointerEnter={preloadInvite} onFocus={preloadInvite} onClick={() => setInviting(true)}>
          Invite member
        </Button>
      </Group>

      {list.isPending ? (
        <PageLoader label="Loading members" />
      ) : list.isError ? (
        <ErrorAlert error={list.error} title="The members could not be loaded" onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table verticalSpacing="sm" aria-label="Members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Chatbots</Table.Th>
                  <Table.Th scope="col">Last sign-in</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.members.map((entry) => (
                  <MemberRow key={entry.id} entry={entry} me={me} chatbotIds={chatbotIds} controlsFailed={controls.failed} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PendingInvitations invitations={list.data.invitations} />
        </>
      )}

      {inviting && <LazyInviteMemberModal onClose={() => setInviting(false)} myRole={me.role} chatbotIds={chatbotIds} />}
    </Stack>
  );
}

function PendingInvitations({ invitations }: { invitations: readonly Invitation[] }) {
  const revoke = useRevokeInvitation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations">
      <Title order={3} size="h4" id="pending-invitations">
        Pending invitations
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitation is waiting to be accepted.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="xs" aria-labelledby="pending-invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Chatbots</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Table.Th>
                  <Table.Td>{invitation.role}</Table.Td>
                  <Table.Td>{describeGrant(invitation.role, invitation.chatbots)}</Table.Td>
                  <Table.Td>{formatTime(invitation.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() =>
                        revoke.mutate(invitation.id, {
                          onError: (error) =>
                            notifications.show({ color: 'red', title: 'The invitation was not revoked', message: error.message }),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

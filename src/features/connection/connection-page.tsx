import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isServiceReachable } from '../../api/service-health';
import { useAccess } from '../../api/use-access';
import { useConnection } from '../../api/use-connection';
import { testConnection, type CredentialCheck } from './test-connection';

/**
 * What this console is connected to: the mode, whether its service answers, and who is
 * signed in on which chatbots. Nothing to type: the keys live on the server, which adds them
 * to each request a member is allowed to make.
 */
export function ConnectionPage() {
  const { bootstrap, member } = useAccess();
  const connection = useConnection();
  const { chatbotIds } = connection;
  const [checks, setChecks] = useState<CredentialCheck[] | null>(null);
  const [testing, setTesting] = useState(false);
  const onTest = async () => {
    setTesting(true);
    try {
      setChecks(await testConnection(connection));
      void reachable.refetch();
    } finally {
      setTesting(false);
    }
  };
  const reachable = useQuery({
    queryKey: ['console', 'service-reachable'],
    queryFn: ({ signal }) => isServiceReachable(undefined, signal),
    staleTime: 10_000,
  });

  const mode = bootstrap?.mode;
  return (
    <Stack maw={720} gap="lg">
      <div>
        <Title order={2}>Connection</Title>
        <Text c="dimmed" size="sm">
          Where the console sends its requests. The keys stay on the server: your browser never holds one.
        </Text>
        <Anchor href="/api-docs/" target="_blank" rel="noopener noreferrer" size="sm">
          API reference
        </Anchor>
      </div>

      {bootstrap === null && (
        <Alert color="red" variant="light" title="The server does not answer" role="alert">
          The console could not reach the server it was loaded from. Check that it is running.
        </Alert>
      )}

      <Paper withBorder p="lg" component="section" aria-labelledby="connection-facts">
        <Title order={3} size="h5" id="connection-facts" mb="sm">
          This console
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Mode</Table.Th>
              <Table.Td>
                {mode === 'local' && 'Local service: this server answers every operation from its own SQLite data.'}
                {mode === 'proxy' && 'Hosted service: this server forwards each operation to it, with the keys it holds.'}
                {mode === undefined && '…'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Td>
                {reachable.data === undefined ? (
                  'Checking…'
                ) : (
                  <Badge color={reachable.data ? 'green' : 'red'} variant="light">
                    {reachable.data ? 'Answering' : 'Not answering'}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Signed in as</Table.Th>
              <Table.Td>
                {member ? (
                  <Group gap="xs">
                    <Text span>{member.name}</Text>
                    {member.email && (
                      <Text span c="dimmed" size="sm">
                        {member.email}
                      </Text>
                    )}
                    <Badge variant="outline">{member.role}</Badge>
                  </Group>
                ) : (
                  'Nobody'
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Chatbots</Table.Th>
              <Table.Td>{chatbotIds.length > 0 ? chatbotIds.join(', ') : 'None granted yet: ask an Owner or Admin.'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group mt="md">
          <Button variant="default" onClick={() => void onTest()} loading={testing}>
            Test connection
          </Button>
        </Group>
      </Paper>

      {checks && <CheckResults checks={checks} />}
    </Stack>
  );
}

function CheckResults({ checks }: { checks: CredentialCheck[] }) {
  const allPassed = checks.every((check) => check.ok);
  return (
    <Paper withBorder p="lg" aria-label="Connection test results" component="section">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Test results
        </Title>
        <Badge color={allPassed ? 'green' : 'red'}>{allPassed ? 'All checks passed' : 'Some checks failed'}</Badge>
      </Group>
      <List spacing="xs" center>
        {checks.map((check) => (
          <List.Item
            key={check.subject}
            icon={
              <ThemeIcon color={check.ok ? 'green' : 'red'} size={22} radius="xl">
                {check.ok ? <IconCheck size={14} /> : <IconX size={14} />}
              </ThemeIcon>
            }
          >
            <Text span fw={600}>
              {check.subject}
            </Text>{' '}
            <Text span>{check.detail}</Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

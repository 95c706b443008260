import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { bootstrapQueryOptions } from '../../api/console';
import { saveConnection } from '../../api/credentials';
import { useConnection } from '../../api/use-connection';
import {
  connectionFormSchema,
  toConnection,
  toFormValues,
  type ConnectionFormValues,
} from './connection-form-schema';
import { testConnection, type CredentialCheck } from './test-connection';

interface RedirectState {
  reason?: string;
  from?: string;
}

export function ConnectionPage() {
  const connection = useConnection();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = (location.state ?? {}) as RedirectState;
  const bootstrap = useQuery(bootstrapQueryOptions());
  const [checks, setChecks] = useState<CredentialCheck[] | null>(null);
  const [testing, setTesting] = useState(false);

  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: toFormValues(connection),
  });
  const { control, register, handleSubmit, formState } = form;
  const baseMode = useWatch({ control, name: 'baseMode' });

  const onSave = handleSubmit((values) => {
    const next = toConnection(values);
    saveConnection(next);
    form.reset(values);
    notifications.show({ color: 'green', title: 'Connection saved', message: next.remember ? 'Remembered on this device.' : 'Kept for this browser tab only.' });
    const target = redirect.from && redirect.from !== '/connection' ? redirect.from : `/bots/${encodeURIComponent(next.chatbotIds[0]!)}/listings`;
    navigate(target);
  });

  const onTest = handleSubmit(async (values) => {
    setTesting(true);
    try {
      setChecks(await testConnection(toConnection(values)));
    } finally {
      setTesting(false);
    }
  });

  const keysHeldByServer = bootstrap.data?.keysHeldByServer ?? false;

  return (
    <Stack maw={720} gap="lg">
      <div>
        <Title order={2}>Connection</Title>
        <Text c="dimmed" size="sm">
          Where the console sends its requests, and the keys it uses.
        </Text>
        <Anchor href="/api-docs/" target="_blank" rel="noopener noreferrer" size="sm">
          API reference
        </Anchor>
      </div>

      {redirect.reason && (
        <Alert color="red" variant="light" title="The service refused the credentials" role="alert">
          {redirect.reason}
        </Alert>
      )}

      {bootstrap.data && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {bootstrap.data.mode === 'local'
            ? 'This server runs the local service with its own SQLite data.'
            : 'This server forwards requests to the hosted service.'}
          {keysHeldByServer && ' It adds the keys itself, so the key fields may stay empty.'}
        </Alert>
      )}

      <Paper withBorder p="lg" component="form" onSubmit={onSave} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={500} size="sm" id="service-base-label">
              Service base
            </Text>
            <Controller
              control={control}
              name="baseMode"
              render={({ field }) => (
                <SegmentedControl
                  aria-labelledby="service-base-label"
                  data={[
                    { value: 'this-server', label: 'This server' },
                    { value: 'other', label: 'Another address' },
                  ]}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
          {baseMode === 'other' && (
            <TextInput
              label="Service address"
              description="The hosted service's base address; it must allow this page's origin (CORS). Proxying through this server avoids that."
              placeholder="https://api.example.com"
              error={formState.errors.baseUrl?.message}
              {...register('baseUrl')}
            />
          )}
          <PasswordInput
            label="Secret key"
            description="Sent as Authorization for settings, chat and listing changes."
            autoComplete="off"
            error={formState.errors.secretKey?.message}
            {...register('secretKey')}
          />
          <PasswordInput
            label="Session key"
            description="Sent as chatrobot-sessionkey to list listings; found in the workspace's Webhooks API area."
            autoComplete="off"
            error={formState.errors.sessionKey?.message}
            {...register('sessionKey')}
          />
          <Controller
            control={control}
            name="chatbotIds"
            render={({ field, fieldState }) => (
              <TagsInput
                label="Chatbot ids"
                description="Press Enter after each id. The first one opens by default."
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                clearable
              />
            )}
          />
          <Checkbox
            label="Remember on this device"
            description="Without it the keys are forgotten when this tab closes."
            {...register('remember')}
          />
          <Group>
            <Button type="submit">Save connection</Button>
            <Button variant="default" onClick={onTest} loading={testing}>
              Test connection
            </Button>
          </Group>
        </Stack>
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

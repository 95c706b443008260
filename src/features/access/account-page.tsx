import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { deviceListQueryOptions, useChangePassword, useEndDevice } from '../../api/access';
import {
  changePasswordRequestSchema,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordRequest,
  type Device,
} from '../../api/contract/console-access';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { formatTime } from '../../lib/format-time';
import { describeGrant } from './grant-labels';
import { PasskeysSection } from './passkeys-section';
import { FormFailure } from './form-failure';
import { showServerError } from './server-error';
import { signInMethodsQueryOptions } from '../../api/passkeys';

export function AccountPage() {
  const { member } = useAccess();
  if (!member) return <PageLoader />;
  return (
    <Stack maw={820} gap="lg">
      <Title order={2}>Your account</Title>
      <Paper withBorder p="lg" component="section" aria-labelledby="account-details">
        <Title order={3} size="h4" id="account-details" mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          <Detail term="Name" value={member.name} />
          <Detail term="Email" value={member.email} />
          <Detail term="Role" value={member.role} />
          <Detail term="Chatbots" value={describeGrant(member.role, member.chatbots)} />
        </SimpleGrid>
      </Paper>
      <Devices />
      {!member.demo && (
        <>
          <PasskeysSection />
          <PasswordSection />
        </>
      )}
    </Stack>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Devices() {
  const devices = useQuery(deviceListQueryOptions());
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="signed-in-devices">
      <Title order={3} size="h4" id="signed-in-devices" mb="sm">
        Signed-in devices
      </Title>
      {devices.isPending ? (
        <PageLoader label="Loading devices" />
      ) : devices.isError ? (
        <ErrorAlert error={devices.error} title="The devices could not be loaded" onRetry={() => void devices.refetch()} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="signed-in-devices">
          {devices.data.map((device) => (
            <DeviceItem key={device.id} device={device} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function DeviceItem({ device }: { device: Device }) {
  const navigate = useNavigate();
  const end = useEndDevice();
  const onEnd = () =>
    end.mutate(device, {
      // Ending this very device's session is signing out.
      onSuccess: () => device.current && navigate('/sign-in', { replace: true }),
      onError: (error) => notifications.show({ color: 'red', title: 'The session was not ended', message: error.message }),
    });
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {device.userAgent || 'Unknown browser'}
            </Text>
            {device.current && (
              <Badge size="sm" variant="light" color="green">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Signed in {formatTime(device.createdAt)} · Last active {formatTime(device.lastSeenAt)}
          </Text>
        </Stack>
        <Button size="xs" variant="default" onClick={onEnd} loading={end.isPending}>
          End session
        </Button>
      </Group>
    </Paper>
  );
}

/** Change the password; a member who signed up with a passkey sets a first one here, with no current one to give. */
function PasswordSection() {
  const methods = useQuery(signInMethodsQueryOptions());
  if (!methods.isSuccess) return null;
  return <ChangePasswordForm hasPassword={methods.data.password} />;
}

function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const changePassword = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync(hasPassword ? values : { newPassword: values.newPassword });
      reset();
      notifications.show({ color: 'green', title: hasPassword ? 'Password changed' : 'Password set', message: 'Use the new password the next time you sign in.' });
    } catch (error) {
      setFailure(showServerError(error, ['currentPassword', 'newPassword'], setError));
    }
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="change-password">
      <Title order={3} size="h4" id="change-password" mb="sm">
        {hasPassword ? 'Change password' : 'Set a password'}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <FormFailure message={failure} />
          {hasPassword && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              error={formState.errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          )}
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            error={formState.errors.newPassword?.message}
            {...register('newPassword')}
          />
          <Group>
            <Button type="submit" loading={formState.isSubmitting}>
              {hasPassword ? 'Change password' : 'Set password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { invitationLookupQueryOptions, useAcceptInvitation } from '../../api/access';
import { memberName, type InvitationLookup } from '../../api/contract/console-access';
import { SSO_START_PATH } from '../../api/contract/sso';
import { useAccess } from '../../api/use-access';
import { AccessFrame } from '../../components/access-frame';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { SetupPending } from '../../components/setup-pending';
import { describeGrant } from './grant-labels';
import { useHashToken } from './hash-token';
import { NewCredentialFields, useNewCredential } from './new-credential';
import { FormFailure } from './form-failure';

/** The password is checked only when it is the chosen way in (new-credential.tsx). */
const acceptFormSchema = z.object({ name: memberName, password: z.string() });
type AcceptFormValues = z.infer<typeof acceptFormSchema>;

/** `/invite#token=…`: the link an Owner or Admin handed over, which makes the visitor a member. */
export function InvitePage() {
  const { bootstrap } = useAccess();
  const token = useHashToken();

  if (bootstrap?.access === 'setup') return <SetupPending />;
  return (
    <AccessFrame>
      <Title order={1} size="h2">
        Join the console
      </Title>
      {token ? (
        <Invitation token={token} />
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          This invitation link is incomplete: open the whole link you were given.
        </Alert>
      )}
    </AccessFrame>
  );
}

function Invitation({ token }: { token: string }) {
  const lookup = useQuery(invitationLookupQueryOptions(token));
  if (lookup.isPending) return <PageLoader label="Reading the invitation" />;
  if (lookup.isError) return <ErrorAlert error={lookup.error} title="This invitation cannot be used" />;
  return <AcceptForm token={token} invitation={lookup.data} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationLookup }) {
  const { bootstrap } = useAccess();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const credential = useNewCredential();
  const { register, handleSubmit, formState, setError } = useForm<AcceptFormValues>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { name: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    credential.submit({ account: { email: invitation.email, name: values.name }, values, fields: ['name'], setError }, async (chosen) => {
      await accept.mutateAsync({ token, name: values.name, ...chosen });
      navigate('/', { replace: true });
    }),
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm">You were invited as</Text>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
        </Group>
        <Text size="sm">
          Role: <strong>{invitation.role}</strong>
          {' · '}
          {describeGrant(invitation.role, invitation.chatbots)}
        </Text>
      </Stack>
      <FormFailure message={credential.failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {/* For password managers: the account this password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
          <TextInput label="Name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <NewCredentialFields
            method={credential.method}
            onMethodChange={credential.setMethod}
            passwordField={register('password')}
            passwordError={formState.errors.password?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            Accept invitation
          </Button>
        </Stack>
      </form>
      {bootstrap?.sso && (
        // The invitation waits for its email: the provider's verified address takes it, no token needed.
        // The start address itself, not sso.ts's ssoStartHref: that import regrouped the chunks
        // and put 0.1 KB on the listings' first visit, which has none to spare.
        <Stack gap="xs">
          <Text size="sm" c="dimmed" ta="center">
            or
          </Text>
          <Button component="a" href={SSO_START_PATH} variant="default" leftSection={<IconKey size={18} />} fullWidth>
            Join with SSO
          </Button>
          <Text size="xs" c="dimmed">
            Your identity provider must confirm the address {invitation.email}; your name comes from it.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

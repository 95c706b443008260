import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { useSetup } from '../../api/access';
import { memberEmail, memberName } from '../../api/contract/console-access';
import { useAccess } from '../../api/use-access';
import { AccessFrame } from '../../components/access-frame';
import { PageLoader } from '../../components/page-loader';
import { SetupPending } from '../../components/setup-pending';
import { useHashToken } from './hash-token';
import { NewCredentialFields, useNewCredential } from './new-credential';
import { FormFailure } from './form-failure';

/** The password is checked only when it is the chosen way in (new-credential.tsx). */
const setupFormSchema = z.object({ email: memberEmail, name: memberName, password: z.string() });
type SetupFormValues = z.infer<typeof setupFormSchema>;

/** `/setup#token=…`: the link the server prints at a start with no owner, which creates the first one. */
export function SetupPage() {
  const { bootstrap } = useAccess();
  const token = useHashToken();

  if (bootstrap === undefined) {
    return (
      <AccessFrame>
        <PageLoader label="Checking the console" />
      </AccessFrame>
    );
  }
  if (bootstrap?.access !== 'setup') {
    return (
      <AccessFrame>
        <Title order={1} size="h2">
          This console is already set up
        </Title>
        <Text size="sm">A setup link works only once, before the console has an owner.</Text>
        <Anchor component={Link} to="/sign-in">
          Go to the sign-in page
        </Anchor>
      </AccessFrame>
    );
  }
  if (!token) return <SetupPending />;
  return <SetupForm token={token} />;
}

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const setup = useSetup();
  const credential = useNewCredential();
  const { register, handleSubmit, formState, setError } = useForm<SetupFormValues>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { email: '', name: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    credential.submit({ account: values, values, fields: ['email', 'name'], setError }, async (chosen) => {
      await setup.mutateAsync({ token, email: values.email, name: values.name, ...chosen });
      navigate('/', { replace: true });
    }),
  );

  return (
    <AccessFrame>
      <div>
        <Title order={1} size="h2">
          Set up the console
        </Title>
        <Text size="sm" c="dimmed">
          You become its Owner: you can invite the rest of the team afterwards.
        </Text>
      </div>
      <FormFailure message={credential.failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="username" required error={formState.errors.email?.message} {...register('email')} />
          <TextInput label="Name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <NewCredentialFields
            method={credential.method}
            onMethodChange={credential.setMethod}
            passwordField={register('password')}
            passwordError={formState.errors.password?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            Create owner
          </Button>
        </Stack>
      </form>
    </AccessFrame>
  );
}

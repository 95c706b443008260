import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSignIn } from '../../api/access';
import { signInRequestSchema, type SignInRequest } from '../../api/contract/console-access';
import { useSignInWithPasskey } from '../../api/passkeys';
import { useAccess } from '../../api/use-access';
import { AccessFrame } from '../../components/access-frame';
import { PageLoader } from '../../components/page-loader';
import { SetupPending } from '../../components/setup-pending';
import { NEXT_PARAM, safeNextPath } from './safe-next-path';
import { FormFailure } from './form-failure';
import { showServerError } from './server-error';
import { ssoErrorMessage, ssoStartHref } from './sso';

export function SignInPage() {
  const { bootstrap } = useAccess();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(NEXT_PARAM));

  if (bootstrap === undefined) {
    return (
      <AccessFrame>
        <PageLoader label="Checking who is signed in" />
      </AccessFrame>
    );
  }
  if (bootstrap?.access === 'setup') return <SetupPending />;
  // Already signed in (another tab did it, or the link was opened twice): on to the page.
  if (bootstrap?.access === 'signed-in') return <Navigate to={next} replace />;
  return <SignInForm next={next} sso={bootstrap?.sso ?? false} ssoFailure={ssoErrorMessage(params.get('sso'))} />;
}

function SignInForm({ next, sso, ssoFailure }: { next: string; sso: boolean; ssoFailure: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signInWithPasskey = useSignInWithPasskey();
  const [passkeys] = useState(browserSupportsWebAuthn);
  const [refusal, setRefusal] = useState<string | null>(ssoFailure);
  const { register, handleSubmit, formState, setError } = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await signIn.mutateAsync(values);
      navigate(next, { replace: true });
    } catch (error) {
      setRefusal(showServerError(error, ['email', 'password'], setError));
    }
  });

  const onPasskey = () => {
    setRefusal(null);
    signInWithPasskey.mutate(undefined, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <AccessFrame>
      <Title order={1} size="h2">
        Sign in
      </Title>
      <FormFailure message={refusal} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      {(passkeys || sso) && (
        <Text size="sm" c="dimmed" ta="center">
          or
        </Text>
      )}
      {passkeys && (
        <Button variant="default" leftSection={<IconFingerprint size={18} />} onClick={onPasskey} loading={signInWithPasskey.isPending} fullWidth>
          Sign in with a passkey
        </Button>
      )}
      {sso && (
        // A page load, not a fetch: the server sends the browser on to the identity provider.
        <Button component="a" href={ssoStartHref(next)} variant="default" leftSection={<IconKey size={18} />} fullWidth>
          Sign in with SSO
        </Button>
      )}
    </AccessFrame>
  );
}

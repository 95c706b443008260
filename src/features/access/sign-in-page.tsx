import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { signedIn } from '../../api/console-fetch';
import type { SignInRequest } from '../../api/contract/console-access';
import { signInWithPasskey } from '../../api/passkey-ceremony';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLoadAtIdle } from '../../app/load-at-idle';
import { AccessFrame } from '../../components/access-frame';
import { PageLoader } from '../../components/page-loader';
import { SetupPending } from '../../components/setup-pending';
import { FormFailure } from './form-failure';
import { NEXT_PARAM, safeNextPath } from './safe-next-path';
import { showServerError } from './server-error';
import { askSignInState, signInStateOfPage, type SignInState } from './sign-in-state';
import { ssoErrorMessage, ssoStartHref } from './sso';

/*
 * The sign-in page is a page of its own (sign-in.html, src/sign-in.tsx), not a route of the
 * dashboard: a signed-out visitor downloads React, Mantine's inputs and the passkey client,
 * and none of the router, the query layer or the dashboard's areas. Whoever signs in goes on
 * to the console by a page load, which starts it with their own session and nothing cached.
 * The server says in the page whether anyone can sign in yet (sign-in-state.ts), so the form
 * shows at once; zod, which checks it, comes when the page is idle or on the first Sign in.
 */

/** The contract's check of the form, its schema fetched on first use (lazy-resolver.ts). */
const signInResolver = lazyResolver<SignInRequest>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('../../api/contract/console-access')]).then(([{ zodResolver }, { signInRequestSchema }]) =>
    zodResolver(signInRequestSchema),
  ),
);

/** Leaves for the console: `next` was checked to be a path of this origin (safe-next-path.ts). */
function openConsole(next: string): void {
  window.location.replace(next);
}

export function SignInPage() {
  const [state, setState] = useState<SignInState | null>(() => signInStateOfPage(document));
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const next = safeNextPath(params.get(NEXT_PARAM));

  useEffect(() => {
    if (state) return;
    const controller = new AbortController();
    void askSignInState(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setState(answer);
    });
    return () => controller.abort();
  }, [state]);

  // Already signed in (another tab did it, or the link was opened twice): on to the page.
  const signedInAlready = state?.access === 'signed-in';
  useEffect(() => {
    if (signedInAlready) openConsole(next);
  }, [signedInAlready, next]);

  if (state === null || signedInAlready) {
    return (
      <AccessFrame>
        <PageLoader label={signedInAlready ? 'Opening the console' : 'Checking who is signed in'} />
      </AccessFrame>
    );
  }
  if (state.access === 'setup') return <SetupPending />;
  return <SignInForm next={next} sso={state.sso} ssoFailure={ssoErrorMessage(params.get('sso'))} />;
}

function SignInForm({ next, sso, ssoFailure }: { next: string; sso: boolean; ssoFailure: string | null }) {
  const [passkeys] = useState(browserSupportsWebAuthn);
  const [refusal, setRefusal] = useState<string | null>(ssoFailure);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Signed in: the console's page is loading; the buttons stay busy until it replaces this one.
  const [leaving, setLeaving] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<SignInRequest>({
    resolver: signInResolver.resolver,
    defaultValues: { email: '', password: '' },
  });

  // The check's code, before the first Sign in needs it; at an idle moment, after the form is drawn.
  useLoadAtIdle(signInResolver.preload);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await signedIn('/console/sign-in', values);
      setLeaving(true);
      openConsole(next);
    } catch (error) {
      setRefusal(showServerError(error, ['email', 'password'], setError));
    }
  });

  const onPasskey = async () => {
    setRefusal(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey();
      setLeaving(true);
      openConsole(next);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'Something went wrong.');
    } finally {
      setPasskeyPending(false);
    }
  };

  return (
    <AccessFrame>
      <Title order={1} size="h2">
        Sign in
      </Title>
      <FormFailure message={refusal ?? formState.errors.root?.message ?? null} />
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
          <Button type="submit" loading={formState.isSubmitting || leaving} fullWidth>
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
        <Button variant="default" leftSection={<IconFingerprint size={18} />} onClick={() => void onPasskey()} loading={passkeyPending || leaving} fullWidth>
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

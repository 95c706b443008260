import { startAuthentication, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys, consoleFetch, retryUnlessRefused, signedIn, startSession } from './access';
import type { NewPasskey, Passkey } from './contract/console-access';

/*
 * Passkeys in the browser, through @simplewebauthn/browser: the server hands out options
 * under a ceremony id, the browser's authenticator answers, the answer goes back with the id.
 * Only the access pages import this module, so WebAuthn's code stays off the first page load.
 */

/** Who a passkey is saved under when nobody is signed in yet (setup, an invitation, "Protect this console"). */
export interface PasskeyAccount {
  email: string;
  name: string;
}

function ceremonyOf(path: string, body: object) {
  return consoleFetch({ method: 'POST', path, body, answer: (c) => c.ceremonySchema, anonymous: true });
}

/** Asks the browser for a new passkey; the answer goes with the request that stores it. */
export async function createPasskey(account?: PasskeyAccount): Promise<NewPasskey> {
  const { ceremony, options } = await ceremonyOf('/console/passkeys/registration-options', account ? { email: account.email, name: account.name } : {});
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }).catch(explainFailure);
  return { ceremony, response: response as unknown as NewPasskey['response'] };
}

/** The browser's own errors name WebAuthn's internals: a person is told what happened instead. */
function explainFailure(error: unknown): never {
  const message = passkeyFailureMessage(error);
  throw message ? new Error(message, { cause: error }) : error;
}

/**
 * What to say when the browser's part failed. A cancelled or timed-out prompt is the usual
 * case, and the person knows they cancelled it: the message says how to go on.
 */
export function passkeyFailureMessage(error: unknown): string | null {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.';
    return 'The passkey request was cancelled or timed out. Try again, or use another way to sign in.';
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey request was cancelled or timed out. Try again, or use another way to sign in.';
  }
  return null;
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { ceremony, options } = await ceremonyOf('/console/passkeys/authentication-options', {});
      const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }).catch(explainFailure);
      return signedIn('/console/passkeys/sign-in', { ceremony, response });
    },
    onSuccess: () => startSession(queryClient),
  });
}

export function signInMethodsQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.signInMethods(),
    queryFn: ({ signal }) => consoleFetch({ method: 'GET', path: '/console/account/sign-in-methods', answer: (c) => c.signInMethodsSchema, signal }),
    retry: retryUnlessRefused,
  });
}

const passkeyPath = (id: string) => `/console/account/passkeys/${encodeURIComponent(id)}`;

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const passkey = await createPasskey();
      return consoleFetch<Passkey>({ method: 'POST', path: '/console/account/passkeys', body: { ...passkey, name }, answer: (c) => c.passkeySchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.signInMethods() }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      consoleFetch<Passkey>({ method: 'PATCH', path: passkeyPath(id), body: { name }, answer: (c) => c.passkeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.signInMethods() }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleFetch({ method: 'DELETE', path: passkeyPath(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.signInMethods() }),
  });
}

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accessKeys, retryUnlessRefused } from './access';
import { consoleFetch } from './console-fetch';
import type { NewPasskey, Passkey } from './contract/console-access';
import { ceremonyOf, explainFailure } from './passkey-ceremony';

/*
 * New passkeys (setup, an invitation, "Protect this console", Your account) and a member's own
 * passkeys, listed, renamed and removed. Signing in with one is in passkey-ceremony.ts.
 */

/** Who a passkey is saved under when nobody is signed in yet (setup, an invitation, "Protect this console"). */
export interface PasskeyAccount {
  email: string;
  name: string;
}

/** Asks the browser for a new passkey; the answer goes with the request that stores it. */
export async function createPasskey(account?: PasskeyAccount): Promise<NewPasskey> {
  const { ceremony, options } = await ceremonyOf('/console/passkeys/registration-options', account ? { email: account.email, name: account.name } : {});
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }).catch(explainFailure);
  return { ceremony, response: response as unknown as NewPasskey['response'] };
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

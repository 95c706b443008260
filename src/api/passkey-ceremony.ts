import { startAuthentication, WebAuthnError, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Member } from './contract/bootstrap';
import { consoleFetch, signedIn } from './console-fetch';

/*
 * Passkeys in the browser, through @simplewebauthn/browser: the server hands out options
 * under a ceremony id, the browser's authenticator answers, the answer goes back with the id.
 * No query layer: the sign-in page, which has none, signs in with a passkey through here, and
 * registration (passkeys.ts) is not here, so that page does not carry it. Only the access pages
 * and the sign-in page import this module: WebAuthn's code stays off the dashboard's first page load.
 */

/** Options for the browser's authenticator, under the ceremony id the answer goes back with. */
export function ceremonyOf(path: string, body: object) {
  return consoleFetch({ method: 'POST', path, body, answer: (c) => c.ceremonySchema, anonymous: true });
}

/** The browser's own errors name WebAuthn's internals: a person is told what happened instead. */
export function explainFailure(error: unknown): never {
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

/** Signs in with a passkey this device holds; the server starts the session. */
export async function signInWithPasskey(): Promise<Member> {
  const { ceremony, options } = await ceremonyOf('/console/passkeys/authentication-options', {});
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }).catch(explainFailure);
  return signedIn('/console/passkeys/sign-in', { ceremony, response });
}

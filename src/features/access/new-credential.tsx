import { NativeSelect, PasswordInput, Stack, Text } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, password, type NewPasskey } from '../../api/contract/console-access';
import { createPasskey, type PasskeyAccount } from '../../api/passkeys';
import { showServerError } from './server-error';

/*
 * A new member's (or the Demo owner's) way to sign in: a password, or a passkey made on the
 * spot. Setup, an invitation and "Protect this console" all offer the same choice.
 */

export type CredentialMethod = 'password' | 'passkey';
export type NewCredential = { password: string } | { passkey: NewPasskey };

/** Why `value` is not a password the server takes, or null. */
export function passwordProblem(value: string): string | null {
  const result = password.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is not a valid password');
}

/**
 * The credential choice of a form that makes one (setup, an invitation, "Protect this
 * console"), and its submit: the typed password is checked, or the browser asked for the
 * passkey, then the form's request is sent with it. A refusal that names one of the form's
 * fields goes there (the password only while it is on screen); any other is `failure`, for the
 * form's alert.
 */
export function useNewCredential() {
  const [method, setMethod] = useState<CredentialMethod>('password');
  const [failure, setFailure] = useState<string | null>(null);
  return {
    method,
    setMethod,
    failure,
    async submit<Values extends FieldValues & { password: string }>(
      form: { account: PasskeyAccount; values: Values; fields: readonly Path<Values>[]; setError: UseFormSetError<Values> },
      send: (credential: NewCredential) => Promise<unknown>,
    ): Promise<void> {
      setFailure(null);
      const passwordField = 'password' as Path<Values>;
      try {
        let credential: NewCredential;
        if (method === 'passkey') credential = { passkey: await createPasskey(form.account) };
        else {
          const problem = passwordProblem(form.values.password);
          if (problem) {
            form.setError(passwordField, { message: problem }, { shouldFocus: true });
            return;
          }
          credential = { password: form.values.password };
        }
        await send(credential);
      } catch (error) {
        setFailure(showServerError(error, method === 'password' ? [...form.fields, passwordField] : form.fields, form.setError));
      }
    },
  };
}

export function NewCredentialFields({
  method,
  onMethodChange,
  passwordField,
  passwordError,
}: {
  method: CredentialMethod;
  onMethodChange: (method: CredentialMethod) => void;
  passwordField: UseFormRegisterReturn;
  passwordError: string | undefined;
}) {
  // Feature-checked once: a browser without WebAuthn is offered the password alone.
  const [passkeys] = useState(browserSupportsWebAuthn);
  return (
    <Stack gap="xs">
      {passkeys && (
        // A native select, like the chatbot switcher in the header: the component is already in the
        // first page's code (a SegmentedControl here pulled more into it: e2e/landing-weight.spec.ts).
        <NativeSelect
          label="How you sign in"
          value={method}
          onChange={(event) => onMethodChange(event.currentTarget.value as CredentialMethod)}
          data={[
            { value: 'password', label: 'Password' },
            { value: 'passkey', label: 'Passkey' },
          ]}
        />
      )}
      {method === 'password' ? (
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          error={passwordError}
          {...passwordField}
        />
      ) : (
        <Text size="sm" c="dimmed">
          When you continue, your browser asks you to create a passkey with this device&apos;s screen lock, fingerprint or face,
          or with a security key. There is no password to remember; you can add passkeys on other devices later.
        </Text>
      )}
    </Stack>
  );
}

import { NativeSelect, PasswordInput, Stack, Text } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, password, type NewPasskey } from '../../api/contract/console-access';
import { createPasskey, type PasskeyAccount } from '../../api/passkeys';

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

export function useNewCredential() {
  const [method, setMethod] = useState<CredentialMethod>('password');
  return {
    method,
    setMethod,
    /** The form's fields a server refusal may name: the password only while it is on screen. */
    fieldsShown<Field extends string>(fields: readonly Field[]): (Field | 'password')[] {
      return method === 'password' ? [...fields, 'password'] : [...fields];
    },
    /**
     * The credential to send: makes the passkey (the browser's prompt) when that is the
     * choice; null when the typed password is not one the server takes (told to `onPasswordProblem`).
     */
    async credentialFor(account: PasskeyAccount, typedPassword: string, onPasswordProblem: (message: string) => void): Promise<NewCredential | null> {
      if (method === 'passkey') return { passkey: await createPasskey(account) };
      const problem = passwordProblem(typedPassword);
      if (problem) {
        onPasswordProblem(problem);
        return null;
      }
      return { password: typedPassword };
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useProtect } from '../../api/access';
import * as z from 'zod/mini';
import { memberEmail, memberName } from '../../api/contract/console-access';
import { NewCredentialFields, useNewCredential } from './new-credential';
import { FormFailure } from './form-failure';

/** The password is checked only when it is the chosen way in (new-credential.tsx). */
const protectFormSchema = z.object({ email: memberEmail, name: memberName, password: z.string() });
type ProtectFormValues = z.infer<typeof protectFormSchema>;

/** The Demo owner gives themselves an email and a password or passkey; from then on the console asks everyone to sign in. */
export function ProtectModal({ onClose }: { onClose: () => void }) {
  const protect = useProtect();
  const credential = useNewCredential();
  const { register, handleSubmit, formState, setError } = useForm<ProtectFormValues>({
    resolver: zodResolver(protectFormSchema),
    defaultValues: { email: '', name: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    credential.submit({ account: values, values, fields: ['email', 'name'], setError }, async (chosen) => {
      await protect.mutateAsync({ email: values.email, name: values.name, ...chosen });
      notifications.show({ color: 'green', title: 'Console protected', message: `From now on, sign in as ${values.email}.` });
      onClose();
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Protect this console">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            You become the Owner with this email and a password or passkey. The Demo owner&apos;s open access ends for good:
            everyone signs in from then on.
          </Text>
          <FormFailure message={credential.failure} />
          <TextInput label="Email" type="email" autoComplete="username" required data-autofocus error={formState.errors.email?.message} {...register('email')} />
          <TextInput label="Name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <NewCredentialFields
            method={credential.method}
            onMethodChange={credential.setMethod}
            passwordField={register('password')}
            passwordError={formState.errors.password?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Save and protect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useProtect } from '../../api/access';
import { PASSWORD_MIN_LENGTH, protectRequestSchema, type ProtectRequest } from '../../api/contract/console-access';
import { showServerError } from './server-error';

/** The Demo owner gives themselves an email and a password; from then on the console asks everyone to sign in. */
export function ProtectModal({ onClose }: { onClose: () => void }) {
  const protect = useProtect();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ProtectRequest>({
    resolver: zodResolver(protectRequestSchema),
    defaultValues: { email: '', name: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await protect.mutateAsync(values);
      notifications.show({ color: 'green', title: 'Console protected', message: `From now on, sign in as ${values.email}.` });
      onClose();
    } catch (error) {
      setFailure(showServerError(error, ['email', 'name', 'password'], setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Protect this console">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            You become the Owner with this email and password. The Demo owner&apos;s open access ends for good: everyone signs
            in from then on.
          </Text>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" required data-autofocus error={formState.errors.email?.message} {...register('email')} />
          <TextInput label="Name" autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Set email and password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

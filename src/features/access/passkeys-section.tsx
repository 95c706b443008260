import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { passkeyName, type Passkey } from '../../api/contract/console-access';
import { signInMethodsQueryOptions, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../../api/passkeys';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { FormFailure } from './form-failure';
import { formatTime } from '../../lib/format-time';

/** The signed-in member's passkeys: add one (named), rename, remove. */
export function PasskeysSection() {
  const methods = useQuery(signInMethodsQueryOptions());
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [supported] = useState(browserSupportsWebAuthn);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="passkeys">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4" id="passkeys">
          Passkeys
        </Title>
        {supported && (
          <Button size="xs" onClick={() => setAdding(true)} disabled={!methods.isSuccess}>
            Add a passkey
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Sign in with this device&apos;s screen lock, fingerprint or face, or a security key, instead of a password.
      </Text>
      {methods.isPending ? (
        <PageLoader label="Loading passkeys" />
      ) : methods.isError ? (
        <ErrorAlert error={methods.error} title="The passkeys could not be loaded" onRetry={() => void methods.refetch()} />
      ) : methods.data.passkeys.length === 0 ? (
        <Text size="sm">You have no passkey yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="passkeys">
          {methods.data.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRename={() => setRenaming(passkey)} />
          ))}
        </Stack>
      )}
      {adding && methods.isSuccess && (
        <PasskeyNameModal
          title="Add a passkey"
          submitLabel="Create passkey"
          initialName={`Passkey ${methods.data.passkeys.length + 1}`}
          onClose={() => setAdding(false)}
          useSubmit={useAddPasskey}
          toVariables={(name) => name}
          done="Passkey added"
        />
      )}
      {renaming && (
        <PasskeyNameModal
          title="Rename passkey"
          submitLabel="Save name"
          initialName={renaming.name}
          onClose={() => setRenaming(null)}
          useSubmit={useRenamePasskey}
          toVariables={(name) => ({ id: renaming.id, name })}
          done="Passkey renamed"
        />
      )}
    </Paper>
  );
}

function PasskeyItem({ passkey, onRename }: { passkey: Passkey; onRename: () => void }) {
  const remove = useRemovePasskey();
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => notifications.show({ color: 'green', title: 'Passkey removed', message: `${passkey.name} no longer signs you in.` }),
      onError: (error) => notifications.show({ color: 'red', title: 'The passkey was not removed', message: error.message }),
    });
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            {passkey.backedUp && (
              <Badge size="sm" variant="light" color="blue" title="Synced by its provider: it survives a lost device">
                Synced
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Added {formatTime(passkey.createdAt)} · {passkey.lastUsedAt === null ? 'Not used yet' : `Last used ${formatTime(passkey.lastUsedAt)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onRename} aria-label={`Rename ${passkey.name}`}>
            Rename
          </Button>
          <Button size="xs" variant="default" color="red" onClick={onRemove} loading={remove.isPending} aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Names a new passkey (then the browser's prompt makes it) or renames one. */
function PasskeyNameModal<Variables>({
  title,
  submitLabel,
  initialName,
  onClose,
  useSubmit,
  toVariables,
  done,
}: {
  title: string;
  submitLabel: string;
  initialName: string;
  onClose: () => void;
  useSubmit: () => { mutateAsync: (variables: Variables) => Promise<unknown>; isPending: boolean };
  toVariables: (name: string) => Variables;
  done: string;
}) {
  const submit = useSubmit();
  const [name, setName] = useState(initialName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = passkeyName.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? 'is not a valid name');
      return;
    }
    setNameError(null);
    try {
      await submit.mutateAsync(toVariables(checked.data));
      notifications.show({ color: 'green', title: done, message: checked.data });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <FormFailure message={failure} />
          <TextInput
            label="Passkey name"
            description="So you can tell your passkeys apart, such as “Work laptop”"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

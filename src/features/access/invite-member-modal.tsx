import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useInvite } from '../../api/access';
import { inviteRequestSchema, type CreatedInvitation, type InviteRequest } from '../../api/contract/console-access';
import { ALL_CHATBOTS, rolesAssignableBy, type Role } from '../../api/contract/permissions';
import { ChatbotsSelect } from './chatbots-select';
import { formatTime } from '../../lib/format-time';
import { roleHasGrant } from './grant-labels';
import { FormFailure } from './form-failure';
import { showServerError } from './server-error';

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  /** The inviting member's role: it bounds the roles offered. */
  myRole: Role;
  chatbotIds: readonly string[];
}

export function InviteMemberModal({ opened, onClose, myRole, chatbotIds }: InviteMemberModalProps) {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const close = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite member" size="lg">
      {created ? (
        <InvitationLink created={created} onDone={close} onAnother={() => setCreated(null)} />
      ) : (
        <InviteForm myRole={myRole} chatbotIds={chatbotIds} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

interface InviteFormProps {
  myRole: Role;
  chatbotIds: readonly string[];
  onCreated: (created: CreatedInvitation) => void;
  onCancel: () => void;
}

function InviteForm({ myRole, chatbotIds, onCreated, onCancel }: InviteFormProps) {
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const roles = rolesAssignableBy(myRole);
  const { control, register, handleSubmit, formState, setError, setValue } = useForm<InviteRequest>({
    resolver: zodResolver(inviteRequestSchema),
    defaultValues: { email: '', role: roles.includes('Viewer') ? 'Viewer' : roles[0], chatbots: [ALL_CHATBOTS] },
  });
  const role = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await invite.mutateAsync(roleHasGrant(values.role) ? values : { ...values, chatbots: [ALL_CHATBOTS] }));
    } catch (error) {
      setFailure(showServerError(error, ['email', 'role', 'chatbots'], setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextInput label="Email" type="email" autoComplete="off" required data-autofocus error={formState.errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <Select
              label="Role"
              data={[...roles]}
              value={field.value}
              onChange={(value) => {
                if (!value) return;
                field.onChange(value);
                if (!roleHasGrant(value as Role)) setValue('chatbots', [ALL_CHATBOTS]);
              }}
              allowDeselect={false}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        {roleHasGrant(role) ? (
          <Controller
            control={control}
            name="chatbots"
            render={({ field, fieldState }) => (
              <ChatbotsSelect value={field.value} onChange={field.onChange} chatbotIds={chatbotIds} error={fieldState.error?.message} />
            )}
          />
        ) : (
          <Text size="sm" c="dimmed">
            An {role} works on all chatbots.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Create invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface InvitationLinkProps {
  created: CreatedInvitation;
  onDone: () => void;
  onAnother: () => void;
}

/** The link is shown once, in full: the server keeps only its hash. */
function InvitationLink({ created, onDone, onAnother }: InvitationLinkProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Send this link to <strong style={{ overflowWrap: 'anywhere' }}>{created.invitation.email}</strong>. It works once, until{' '}
        {formatTime(created.invitation.expiresAt)}, and is not shown again.
      </Text>
      <TextInput label="Invitation link" value={created.link} readOnly onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={created.link}>
        {({ copied, copy }) => (
          <Group gap="sm">
            <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
              Copy invitation link
            </Button>
            <Text size="sm" c="teal" role="status">
              {copied ? 'Copied' : ''}
            </Text>
          </Group>
        )}
      </CopyButton>
      <Group justify="flex-end">
        <Button variant="default" onClick={onAnother}>
          Invite another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { chatbotDetailQueryOptions, useEditChatbot } from '../../../api/chatbot';
import type { ChatbotSettingKey, ChatbotSettings } from '../../../api/contract';
import { useAccess } from '../../../api/use-access';
import { useConnection } from '../../../api/use-connection';
import { ErrorAlert } from '../../../components/error-alert';
import { SETTINGS_SECTIONS, settingLabels, type SettingsSectionId } from '../setting-fields';
import { diffSettings } from '../history/version-diff';
import { VersionDiffView } from '../history/version-diff-view';
import { copyRequest } from './copy-request';

export interface CopySettingsModalProps {
  chatbotId: string;
  /** The saved settings of this chatbot: what is copied (unsaved edits are not). */
  saved: ChatbotSettings;
  /** Settings of this chatbot nobody saved through this console (proxy mode): not copied. */
  unknownFields?: readonly ChatbotSettingKey[];
  onClose: () => void;
}

/**
 * Sends this chatbot's saved settings (all, or chosen sections) to another chatbot with Edit:
 * the safe way to try a change on a sandbox bot first. The confirmation lists what will change
 * on the target, read from its Detail; only those fields are sent.
 */
export function CopySettingsModal({ chatbotId, saved, unknownFields, onClose }: CopySettingsModalProps) {
  const { chatbotIds } = useConnection();
  const { may } = useAccess();
  // Only chatbots whose settings the member may change: the service would refuse the others.
  const targets = chatbotIds.filter((id) => id !== chatbotId && may('editSettings', id));
  const [target, setTarget] = useState<string | null>(targets[0] ?? null);
  const [sections, setSections] = useState<SettingsSectionId[]>(SETTINGS_SECTIONS.map((section) => section.id));
  const targetDetail = useQuery({ ...chatbotDetailQueryOptions(target ?? ''), enabled: target !== null, retry: false });
  const editChatbot = useEditChatbot();
  const narrow = useMediaQuery('(max-width: 48em)');

  const chosenKeys = useMemo(
    () => SETTINGS_SECTIONS.filter((section) => sections.includes(section.id)).flatMap((section): ChatbotSettingKey[] => [...section.fields]),
    [sections],
  );
  // Without Detail on the service, the target's values are unknown: every chosen field is sent.
  const targetUnknown = targetDetail.data === null;
  const targetSettings = targetDetail.data;
  const request =
    target === null
      ? null
      : copyRequest(target, saved, targetUnknown ? null : (targetSettings ?? undefined), chosenKeys, {
          source: unknownFields,
          target: targetSettings?.UnknownFields,
        });
  const sentKeys = request ? (Object.keys(request).filter((key) => key !== 'serialNumber') as ChatbotSettingKey[]) : [];
  const targetUnknownFields = targetSettings?.UnknownFields ?? [];
  const preview = targetSettings
    ? diffSettings(
        targetSettings,
        { ...targetSettings, ...Object.fromEntries(sentKeys.map((key) => [key, saved[key]])) },
        { before: targetUnknownFields, after: targetUnknownFields.filter((key) => !sentKeys.includes(key)) },
      )
    : null;

  const copy = async () => {
    if (!request || sentKeys.length === 0) return;
    try {
      await editChatbot.mutateAsync({ request });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Settings not copied', message: error instanceof Error ? error.message : 'The copy failed.' });
      return;
    }
    notifications.show({ color: 'green', title: `Settings copied to ${target}`, message: `Sent ${sentKeys.length} ${sentKeys.length === 1 ? 'field' : 'fields'}: ${settingLabels(sentKeys)}` });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Copy settings to another chatbot" size="lg" fullScreen={narrow} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {targets.length === 0 ? (
          <Text size="sm">There is no other chatbot whose settings you may change.</Text>
        ) : (
          <>
            <Select label="Copy to" data={targets} value={target} onChange={setTarget} allowDeselect={false} />
            <Checkbox.Group label="Sections to copy" value={sections} onChange={(value) => setSections(value as SettingsSectionId[])}>
              <Group gap="sm" mt={6}>
                {SETTINGS_SECTIONS.map((section) => (
                  <Checkbox key={section.id} value={section.id} label={section.title} />
                ))}
              </Group>
            </Checkbox.Group>
            <Text size="sm" c="dimmed">
              The saved settings of {chatbotId} are copied; unsaved edits in the form are not.
            </Text>
            {targetDetail.isPending && target !== null && <Loader size="sm" aria-label="Loading the target's settings" />}
            {targetDetail.isError && !targetUnknown && (
              <ErrorAlert error={targetDetail.error} title={`The settings of ${target} could not be read`} onRetry={() => void targetDetail.refetch()} />
            )}
            {targetUnknown && (
              <Alert color="yellow" variant="light" role="status" title="The target's current settings are unknown">
                No save of {target} has passed through this console, and the hosted service cannot report its settings, so every field
                of the chosen sections that this chatbot&apos;s settings hold is sent.
              </Alert>
            )}
            {preview && (
              <section aria-label={`What will change on ${target}`}>
                <Text size="sm" fw={600} mb={6}>
                  {sentKeys.length === 0 ? `${target} already has these settings.` : `What will change on ${target} (its value → this chatbot's):`}
                </Text>
                {sentKeys.length > 0 && <VersionDiffView sections={preview} showUnchanged={false} />}
              </section>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconCopy size={16} />}
            disabled={sentKeys.length === 0 || (targetDetail.isPending && !targetUnknown) || (targetDetail.isError && !targetUnknown)}
            loading={editChatbot.isPending}
            onClick={() => void copy()}
          >
            {sentKeys.length === 0 ? 'Nothing to copy' : `Copy ${sentKeys.length} ${sentKeys.length === 1 ? 'field' : 'fields'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

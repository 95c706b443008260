import { Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { settingsChangedSince, settingsVersionHref } from './settings-version';
import { useCurrentSettingsVersion } from './use-settings-version';

/**
 * The settings version an answer ran with, linking to it in the settings History, and a
 * notice when the chatbot's settings have been saved since (an older answer may no longer
 * be what the bot says today).
 */
export function AnswerSettingsVersion({ chatbotId, version }: { chatbotId: string; version: number }) {
  const current = useCurrentSettingsVersion(chatbotId);
  const newer = settingsChangedSince(version, current.data);
  return (
    <Group gap={6} wrap="wrap" component="span" display="inline-flex">
      <Anchor component={Link} to={settingsVersionHref(chatbotId, version)} size="xs" underline="always">
        Settings v{version}
      </Anchor>
      {newer !== null && (
        <Text
          component="span"
          size="xs"
          data-testid="settings-changed-notice"
          px={6}
          py={1}
          bg="var(--mantine-color-yellow-light)"
          c="var(--mantine-color-yellow-light-color)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconAlertTriangle size={12} aria-hidden />
          Settings have changed since this answer (now v{newer})
        </Text>
      )}
    </Group>
  );
}

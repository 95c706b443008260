import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { SettingsForm } from './settings-form';
import { useSettingsSource, type SettingsSource } from './use-settings-source';

function SourceNotice({ source }: { source: Extract<SettingsSource, { status: 'ready' }> }) {
  if (source.origin === 'service') return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} title="Current settings unavailable" role="status">
      <Text size="sm">
        This service cannot report a chatbot&apos;s current settings.{' '}
        {source.origin === 'browser'
          ? `The form shows the values this browser last saved (${new Date(source.savedAt).toLocaleString()}); changes made elsewhere since then are not shown.`
          : 'This browser has not saved settings for this chatbot yet, so the form shows starting values.'}{' '}
        Only the fields you change are sent.
      </Text>
    </Alert>
  );
}

/** /bots/:botId/settings: every Edit field, with a live preview of the widget. */
export function SettingsPage() {
  const { botId = '' } = useParams();
  const source = useSettingsSource(botId);
  const { may } = useAccess();
  // The form sets itself up (its draft, its save bar) for editing or for reading once, at mount:
  // should the member's rights change (they are known later, or change), it starts again.
  const formKey = `${botId}\n${may('editSettings', botId) ? 'edit' : 'read'}`;

  return (
    // Above about 1600px the form keeps a reading width rather than stretching with the window.
    <Stack gap="md" maw={1440}>
      <Group justify="space-between" align="baseline">
        <Title order={2}>Settings</Title>
        <Text c="dimmed" size="sm">
          Chatbot {botId}
        </Text>
      </Group>
      {source.status === 'loading' && <PageLoader label="Loading settings" />}
      {source.status === 'error' && (
        <ErrorAlert error={source.error} title="The settings could not be loaded" onRetry={source.retry} />
      )}
      {source.status === 'ready' && (
        <>
          <SourceNotice source={source} />
          <SettingsForm key={formKey} chatbotId={botId} saved={source.settings} />
        </>
      )}
    </Stack>
  );
}

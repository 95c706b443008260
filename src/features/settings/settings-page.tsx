import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { CHATBOT_SETTING_KEYS } from '../../api/contract';
import { useAccess } from '../../api/use-access';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoader } from '../../components/page-loader';
import { SettingsForm } from './settings-form';
import { SettingsLastChange } from './settings-last-change';
import { settingLabels } from './setting-fields';
import { useSettingsSource, type SettingsSource } from './use-settings-source';

/** Proxy mode: the hosted service cannot report settings, so the form starts from what the team saved through this console. */
function SourceNotice({ source }: { source: Extract<SettingsSource, { status: 'ready' }> }) {
  if (source.unknownFields.length === 0) return null;
  const total = CHATBOT_SETTING_KEYS.length;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} title="Some current settings are not known" role="status">
      <Text size="sm">
        The hosted service cannot report a chatbot&apos;s settings, so the form starts from what your team last saved through this
        console.{' '}
        {source.origin === 'defaults'
          ? 'No save of this chatbot has passed through this console yet, so every field shows a starting value.'
          : `${source.unknownFields.length} of ${total} settings have never been saved through it and show starting values${
              // A handful is worth naming; a long list is not read.
              source.unknownFields.length <= 6 ? `: ${settingLabels(source.unknownFields)}` : ''
            }.`}{' '}
        Only the fields you change are sent, so the others keep their values on the service.
      </Text>
    </Alert>
  );
}

/** /bots/:botId/settings: every Edit field, with a live preview of the widget. */
export function SettingsPage() {
  const { botId = '' } = useParams();
  const source = useSettingsSource(botId);
  // The form's first render (a few hundred components) was the page's longest task. When the
  // settings arrive, a deferred "ready" keeps the loader up for one more render and draws the
  // form in a transition, which React renders in slices of about 5 ms, so the page still
  // answers a key while it draws; only the commit is one task. Only the flag is deferred, never
  // the settings: a form is always drawn with the live settings of the chatbot it is keyed to.
  // Settings already in the cache (a second visit, a switch of chatbot) are drawn at once.
  const formDrawn = useDeferredValue(source.status === 'ready');
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
      <SettingsLastChange chatbotId={botId} />
      {source.status === 'loading' && <PageLoader label="Loading settings" />}
      {source.status === 'error' && (
        <ErrorAlert error={source.error} title="The settings could not be loaded" onRetry={source.retry} />
      )}
      {source.status === 'ready' && (
        <>
          {formDrawn && <SourceNotice source={source} />}
          {/* Set up at once, its fields drawn in the transition (SettingsForm's `drawn`). */}
          <SettingsForm key={formKey} chatbotId={botId} saved={source.settings} unknownFields={source.unknownFields} drawn={formDrawn} />
        </>
      )}
    </Stack>
  );
}

import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { bootstrapQueryOptions } from '../../api/console';
import { WIDGET_PATHS } from '../../api/contract/widget-paths';
import { getConnection } from '../../api/credentials';
import type { SettingsFormValues } from './settings-form-schema';

/** The one line a business pastes into its site (README, "Embedding the widget"). */
export function embedSnippet(serviceOrigin: string, chatbotId: string): string {
  const attribute = chatbotId.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script src="${serviceOrigin}${WIDGET_PATHS.script}" data-chatbot="${attribute}" async></script>`;
}

/** Why the widget may answer too many pages, or none, with the form's draft values; null when neither. */
function domainWarning(verifyDomain: boolean, domains: readonly string[]): string | null {
  if (!verifyDomain) return 'Domain verification is off: any website can embed this widget, and its visitors\' questions count against this chatbot\'s limits. Turn on Verify domain and list your sites.';
  if (domains.every((domain) => domain.trim() === '')) return 'Domain verification is on but no domain is listed: the widget answers no page at all, the test page included.';
  return null;
}

/**
 * The Embed part of "Embedding & security": the snippet to copy, a warning when the draft
 * domain settings let every page or no page use the widget, and the service's test page.
 * Only VerifyDomain and Domains are watched, so typing elsewhere does not render this.
 */
export function EmbedSection({ chatbotId }: { chatbotId: string }) {
  const { control } = useFormContext<SettingsFormValues>();
  const [verifyDomain, domains] = useWatch({ control, name: ['VerifyDomain', 'Domains'] });
  const bootstrap = useQuery(bootstrapQueryOptions());
  const serviceOrigin = getConnection().baseUrl.replace(/\/+$/, '') || window.location.origin;

  if (bootstrap.data?.mode === 'proxy') {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Embed" aria-label="Embed">
        This console forwards to the hosted service, which serves its own chat widget: take the embed snippet from the hosted
        service. The local widget and its test page are not served in this mode.
      </Alert>
    );
  }

  const snippet = embedSnippet(serviceOrigin, chatbotId);
  const warning = domainWarning(verifyDomain, domains);
  return (
    <Stack gap="xs" component="section" aria-labelledby="embed-title" data-testid="embed-section">
      <Title order={4} size="h5" id="embed-title">
        Embed
      </Title>
      <Text size="sm" c="dimmed">
        Paste this line into your website&apos;s pages, before <Code>&lt;/body&gt;</Code>. The widget uses the saved settings.
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="embed-snippet">
        {snippet}
      </Code>
      <Group gap="xs">
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy snippet'}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          size="xs"
          variant="default"
          href={`${serviceOrigin}${WIDGET_PATHS.testPage(chatbotId)}`}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} aria-hidden />}
        >
          Open test page
        </Button>
      </Group>
      {warning && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="embed-warning">
          {warning}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        Allowed domains take wildcards for subdomains (<Code>*.example.com</Code>, which does not cover <Code>example.com</Code> itself) and ports (<Code>localhost:5173</Code>).
      </Text>
    </Stack>
  );
}

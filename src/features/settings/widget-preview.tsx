import { Box, Paper, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { mountWidget } from '../../widget/chat-widget';
import { VisitorStorage } from '../../widget/visitor-storage';
import { consoleWidgetTransport } from './console-widget-transport';
import { PREVIEW_FIELDS, previewSettingsOf, sameVisitorSettings } from './preview-settings';
import type { SettingsFormValues } from './settings-form-schema';

/**
 * The Live preview: the chat widget itself (src/widget, the module /widget.js runs on a
 * visitor's page), drawn from the form's draft and answering through the console's client.
 * It follows the form through a subscription to the fields it shows, which hands each change
 * to the widget (`update`) without rendering any React component, this one included.
 */
export function WidgetPreview({ chatbotId }: { chatbotId: string }) {
  const { getValues, subscribe } = useFormContext<SettingsFormValues>();
  // Read at once, not after a first render in light: each change of scheme mounts the widget again.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const stage = useRef<HTMLDivElement>(null);
  // The preview's conversation lives in memory, never in the storage keys the test page's
  // widget uses on this same origin, and outlasts a remount (a change of colour scheme).
  const storage = useMemo(() => new VisitorStorage(chatbotId, { local: null, session: null }), [chatbotId]);

  useEffect(() => {
    // A host of its own per mount: the widget adds its style sheets to the host's shadow root.
    const host = stage.current!.appendChild(document.createElement('div'));
    const stopAsking = new AbortController();
    let shown = previewSettingsOf(getValues());
    const widget = mountWidget(host, shown, {
      transport: consoleWidgetTransport(chatbotId, stopAsking.signal),
      storage,
      serviceOrigin: window.location.origin,
      placement: 'frame',
      scheme,
      startOpen: true,
    });
    const unsubscribe = subscribe({
      name: PREVIEW_FIELDS,
      formState: { values: true },
      callback: ({ values }) => {
        const next = previewSettingsOf(values);
        if (sameVisitorSettings(shown, next)) return;
        shown = next;
        widget.update(next);
      },
    });
    return () => {
      unsubscribe();
      stopAsking.abort();
      widget.destroy();
      host.remove();
    };
  }, [chatbotId, getValues, subscribe, scheme, storage]);

  return (
    <Paper component="section" withBorder radius="md" p="md" data-testid="widget-preview" aria-labelledby="widget-preview-title">
      <Title order={3} size="h5" id="widget-preview-title">
        Live preview
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        The chat widget as visitors see it, with the values in the form, saved or not. Questions asked here are answered by the
        chatbot as saved.
      </Text>
      <Box
        ref={stage}
        pos="relative"
        data-testid="widget-preview-stage"
        style={{
          // Tall enough for the widget's full window (600 px above an 88 px launcher row), as on a visitor's page.
          height: 'min(720px, calc(100dvh - 160px))',
          minHeight: 480,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
          overflow: 'hidden',
        }}
      />
    </Paper>
  );
}

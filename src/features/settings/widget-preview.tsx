import { Box, Paper, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { PageLoader } from '../../components/page-loader';
import { loadOnce } from '../../lib/load-once';
import { runWhenIdle } from '../../lib/run-when-idle';
import type { SettingsFormValues } from './settings-form-schema';
import type { VisitorStorage } from '../../widget/visitor-storage';

/**
 * The widget and its transport: a chunk of its own, fetched at the first idle moment after
 * the settings page has drawn, so a first visit downloads and runs the form first (the
 * first-visit budget, docs/performance.md; checked by e2e/first-visit-weight.spec.ts).
 */
export const loadPreviewStage = loadOnce(() => import('./widget-preview-stage'));

/**
 * The Live preview: the chat widget as visitors see it, drawn from the form's draft and
 * answering through the console's client (widget-preview-stage.ts). A change of the form
 * reaches the widget through a subscription, without rendering any React component, this one
 * included.
 */
export function WidgetPreview({ chatbotId }: { chatbotId: string }) {
  const { getValues, subscribe } = useFormContext<SettingsFormValues>();
  // Read at once, not after a first render in light: each change of scheme mounts the widget again.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const stage = useRef<HTMLDivElement>(null);
  // The preview's conversation outlasts a remount (a change of colour scheme), not a change of chatbot.
  const storage = useRef<{ chatbotId: string; storage: VisitorStorage } | null>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    const mount = () =>
      loadPreviewStage().then(
        ({ mountPreviewStage, previewStorage }) => {
          if (gone) return;
          if (storage.current?.chatbotId !== chatbotId) storage.current = { chatbotId, storage: previewStorage(chatbotId) };
          unmount = mountPreviewStage(stage.current!, { chatbotId, storage: storage.current.storage, scheme, getValues, subscribe });
          setState('shown');
        },
        () => !gone && setState('failed'),
      );
    const cancelIdle = runWhenIdle(() => void mount());
    return () => {
      gone = true;
      cancelIdle();
      unmount?.();
    };
  }, [chatbotId, getValues, subscribe, scheme]);

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
      >
        {state === 'loading' && <PageLoader label="Loading the preview" />}
        {state === 'failed' && (
          <Text size="sm" p="md" role="alert">
            The preview could not be loaded. Reload the page to try again; the form works without it.
          </Text>
        )}
      </Box>
    </Paper>
  );
}

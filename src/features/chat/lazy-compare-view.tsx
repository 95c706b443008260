import { ComboboxChevron, getParsedComboboxData, Group, Loader, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { useLoadAtIdle } from '../../app/load-at-idle';
import { ErrorAlert } from '../../components/error-alert';
import type { CompareViewProps } from './compare-view';

/*
 * The side-by-side comparison comes in its own chunk: its chatbot Selects bring the combobox
 * and the popover's positioning (@floating-ui, about 27 KB gzipped with them), and a first
 * visit to the chat comes for one conversation (e2e/first-visit-weight.spec.ts). It is fetched
 * at the chat's first idle moment, so the Compare switch finds it there; a link that opens the
 * comparison fetches it at once and shows a loader meanwhile.
 */

const compareView = deferComponent<CompareViewProps>(() => import('./compare-view').then((module) => module.CompareView));

/** Fetches the comparison at the first idle moment (the Compare switch may ask for it). */
export function useCompareViewAtIdle(): void {
  useLoadAtIdle(compareView.load);
}

export function LazyCompareView(props: CompareViewProps) {
  const loaded = compareView.useLoaded();
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (loaded) return;
    compareView.load().catch(setError);
  }, [loaded]);
  if (loaded) return compareView.render(props);
  if (error) return <ErrorAlert error={error} title="The comparison could not be loaded; reload the page to try again" />;
  return (
    <section aria-label="Compare chatbots" aria-busy>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>Compare</Title>
        {props.compareSwitch}
      </Group>
      <Group gap="sm" mt="sm">
        {/* The two chatbots' selects as they will look, read-only until they arrive. (Also keeps
            ComboboxChevron and getParsedComboboxData among the chat's own imports: without it the bundler gave it a chunk
            of its own and the listings' first visit grew by 0.4 KB, over its budget.) */}
        <ChatbotPlaceholder label="First chatbot" value={props.leftBotId} />
        <ChatbotPlaceholder label="Second chatbot" value={props.rightBotId} />
      </Group>
      {/* Not PageLoader: importing it here moved it into a chunk the listings' first visit shares. */}
      <Group justify="center" py="xl" role="status" aria-label="Loading the comparison">
        <Loader />
      </Group>
    </section>
  );
}

function ChatbotPlaceholder({ label, value }: { label: string; value: string }) {
  // The label the Select shows for its option (the chatbot's id).
  const [option] = getParsedComboboxData([value]);
  return (
    <TextInput
      aria-label={label}
      value={option && 'label' in option ? option.label : value}
      readOnly
      tabIndex={-1}
      size="xs"
      w={{ base: 150, sm: 220 }}
      rightSection={<ComboboxChevron size="xs" />}
      rightSectionPointerEvents="none"
    />
  );
}

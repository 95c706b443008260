import type { UseFormGetValues, UseFormSubscribe } from 'react-hook-form';
import { mountWidget } from '../../widget/chat-widget';
import { VisitorStorage } from '../../widget/visitor-storage';
import { consoleWidgetTransport } from './console-widget-transport';
import { PREVIEW_FIELDS, previewSettingsOf, sameVisitorSettings } from './preview-settings';
import type { SettingsFormValues } from './settings-form-schema';

/**
 * The Live preview's stage: the chat widget itself (src/widget, the module /widget.js runs on
 * a visitor's page) with the console's transport. A chunk of its own, which the settings page
 * loads once it has settled (widget-preview.tsx): the form is what a first visit needs first.
 */

/**
 * The preview's conversation lives in memory, never in the storage keys the test page's
 * widget uses on this same origin.
 */
export function previewStorage(chatbotId: string): VisitorStorage {
  return new VisitorStorage(chatbotId, { local: null, session: null });
}

interface PreviewStageOptions {
  chatbotId: string;
  storage: VisitorStorage;
  scheme: 'light' | 'dark';
  getValues: UseFormGetValues<SettingsFormValues>;
  subscribe: UseFormSubscribe<SettingsFormValues>;
}

/**
 * Mounts the widget in `stage`, drawn from the form's draft. It follows the form through a
 * subscription to the fields it shows, which hands each change to the widget (`update`)
 * without rendering any React component. Returns what unmounts it.
 */
export function mountPreviewStage(stage: HTMLElement, { chatbotId, storage, scheme, getValues, subscribe }: PreviewStageOptions): () => void {
  // A host of its own per mount: the widget adds its style sheets to the host's shadow root.
  const host = stage.appendChild(document.createElement('div'));
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
}

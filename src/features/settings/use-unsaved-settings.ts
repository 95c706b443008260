import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ChatbotSettingKey } from '../../api/contract';
import { changedSettingKeys } from './settings-diff';
import { useSettingsBaseline } from './settings-baseline';
import { formToSettings, type SettingsFormValues } from './settings-form-schema';
import { clearDraft, saveDraft, type SettingsDraft } from './settings-storage';

/** How long typing may go on before the draft is written (it is also written when the page goes away). */
export const DRAFT_WRITE_DELAY_MS = 400;

function changedKeysOf(baseline: Parameters<typeof changedSettingKeys>[0], values: SettingsFormValues): ChatbotSettingKey[] {
  return changedSettingKeys(baseline, formToSettings(values));
}

/**
 * The fields that differ from the last saved settings, and the draft of them kept in
 * localStorage. It follows the form's values through a subscription rather than a watch,
 * so a keystroke re-renders the caller only when the set of changed fields changes (a
 * field becomes changed, or goes back to its saved value), never for the text itself.
 * The draft is written at most every DRAFT_WRITE_DELAY_MS while typing, and at once when
 * the page is hidden or closed or the form unmounts, so a reload loses nothing.
 */
export function useUnsavedSettings(chatbotId: string): { changedKeys: readonly ChatbotSettingKey[]; discardDraft: () => void } {
  const { subscribe, getValues } = useFormContext<SettingsFormValues>();
  const baseline = useSettingsBaseline();
  const [changed, setChanged] = useState(() => ({ baseline, keys: changedKeysOf(baseline, getValues()) }));
  const cancelPendingWrite = useRef(() => {});

  useEffect(() => {
    let shown: string | undefined;
    let timer: number | undefined;
    const cancel = () => {
      window.clearTimeout(timer);
      timer = undefined;
    };
    cancelPendingWrite.current = cancel;
    const writeDraft = () => {
      cancel();
      const values = getValues();
      const draft: Record<string, unknown> = {};
      for (const key of changedKeysOf(baseline, values)) draft[key] = values[key];
      saveDraft(chatbotId, draft as SettingsDraft);
    };
    const follow = (values: SettingsFormValues) => {
      const keys = changedKeysOf(baseline, values);
      const signature = keys.join();
      if (signature !== shown) {
        shown = signature;
        setChanged({ baseline, keys });
      }
      timer ??= window.setTimeout(writeDraft, DRAFT_WRITE_DELAY_MS);
    };
    // The values may have moved between the render and this subscription, or the baseline
    // did (a save): bring the count and the stored draft up to date now.
    follow(getValues());
    writeDraft();
    const unsubscribe = subscribe({ formState: { values: true }, callback: ({ values }) => follow(values) });
    window.addEventListener('pagehide', writeDraft);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', writeDraft);
      if (timer !== undefined) writeDraft();
    };
  }, [chatbotId, baseline, subscribe, getValues]);

  /** Leaving without saving: the draft goes, and a write still waiting must not bring it back. */
  const discardDraft = useCallback(() => {
    cancelPendingWrite.current();
    clearDraft(chatbotId);
  }, [chatbotId]);

  // A new baseline (after a save) counts again from it, before the subscription catches up.
  const changedKeys = changed.baseline === baseline ? changed.keys : changedKeysOf(baseline, getValues());
  return { changedKeys, discardDraft };
}

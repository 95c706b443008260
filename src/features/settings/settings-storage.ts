import * as z from 'zod/mini';
import { CHATBOT_SETTING_KEYS } from '../../api/contract';
import { readStoredJson, removeStored, writeStoredJson } from '../../lib/stored-json';
import type { SettingsFormValues } from './settings-form-schema';

/**
 * What this browser remembers per chatbot, in localStorage: the unsaved edits (a draft), so a
 * reload or a crash loses nothing. The saved settings themselves come from the service (in
 * proxy mode, from the team's history in the console's store), never from this browser.
 * Only settings are stored, never a key or credential. Storage may be full or disabled:
 * every function then quietly does without.
 */
const DRAFT_PREFIX = 'realty-bot-console.settings.draft.v1.';

export function draftKey(chatbotId: string): string {
  return `${DRAFT_PREFIX}${chatbotId}`;
}

export type SettingsDraft = Partial<SettingsFormValues>;

/** The type each form field holds, to drop draft entries written by an older version of the form. */
const draftFieldSchema: Record<keyof SettingsFormValues, z.ZodMiniType> = (() => {
  const text = z.string();
  const flag = z.boolean();
  const count = z.nullable(z.number());
  const list = z.array(z.string());
  const byKey: Partial<Record<keyof SettingsFormValues, z.ZodMiniType>> = {};
  for (const key of CHATBOT_SETTING_KEYS) byKey[key] = text;
  for (const key of ['ChatbotPopupOnce', 'EnablePushToTalk', 'EnableUploadImage', 'RemoveChatLogOnBrowserClose', 'VerifyDomain'] as const) {
    byKey[key] = flag;
  }
  for (const key of ['Temperature', 'ChatBubbleAlign', 'RateLimitCount', 'RateLimitTime', 'MessageLimit'] as const) {
    byKey[key] = count;
  }
  byKey.SuggestedMessage = list;
  byKey.Domains = list;
  return byKey as Record<keyof SettingsFormValues, z.ZodMiniType>;
})();

const draftRecordSchema = z.object({ savedAt: z.string(), values: z.record(z.string(), z.unknown()) });

export interface LoadedDraft {
  savedAt: string;
  values: SettingsDraft;
}

export function loadDraft(chatbotId: string, storage: Storage = window.localStorage): LoadedDraft | null {
  const parsed = draftRecordSchema.safeParse(readStoredJson(storage, draftKey(chatbotId)));
  if (!parsed.success) return null;
  const values: Record<string, unknown> = {};
  for (const key of CHATBOT_SETTING_KEYS) {
    if (!(key in parsed.data.values)) continue;
    const field = draftFieldSchema[key].safeParse(parsed.data.values[key]);
    if (field.success) values[key] = field.data;
  }
  if (Object.keys(values).length === 0) return null;
  return { savedAt: parsed.data.savedAt, values: values as SettingsDraft };
}

export function saveDraft(
  chatbotId: string,
  values: SettingsDraft,
  storage: Storage = window.localStorage,
  now: Date = new Date(),
): void {
  if (Object.keys(values).length === 0) {
    clearDraft(chatbotId, storage);
    return;
  }
  writeStoredJson(storage, draftKey(chatbotId), { savedAt: now.toISOString(), values });
}

export function clearDraft(chatbotId: string, storage: Storage = window.localStorage): void {
  removeStored(storage, draftKey(chatbotId));
}

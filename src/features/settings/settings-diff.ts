import {
  CHATBOT_SETTING_KEYS,
  type ChatbotSettingKey,
  type ChatbotSettings,
  type EditRequest,
} from '../../api/contract';

/** Settings as a form may hold them mid-edit: a cleared number is null until it is filled in. */
export type SettingsCandidate = { [Key in ChatbotSettingKey]: ChatbotSettings[Key] | null };

/**
 * The fields whose value differs from the last saved one, in the contract's field order.
 * Every setting is a string, number or boolean, so strict equality is the right test
 * (lists are compared as their joined strings, see setting-lists.ts).
 */
export function changedSettingKeys(saved: ChatbotSettings, next: SettingsCandidate): ChatbotSettingKey[] {
  return CHATBOT_SETTING_KEYS.filter((key) => !Object.is(saved[key], next[key]));
}

/** Only what changed: a field left alone is never sent, so it cannot overwrite someone else's edit. */
export function changedSettings(saved: ChatbotSettings, next: ChatbotSettings): Partial<ChatbotSettings> {
  const changed: Partial<Record<ChatbotSettingKey, unknown>> = {};
  for (const key of changedSettingKeys(saved, next)) changed[key] = next[key];
  return changed as Partial<ChatbotSettings>;
}

/** The Edit body: serialNumber always, then the changed fields. */
export function buildEditRequest(serialNumber: string, saved: ChatbotSettings, next: ChatbotSettings): EditRequest {
  return { serialNumber, ...changedSettings(saved, next) };
}

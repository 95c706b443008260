import * as z from 'zod/mini';
import {
  CHATBOT_SETTING_KEYS,
  chatbotSettingsShape,
  DOMAIN_ENTRY_RULE,
  parseDomainRule,
  type ChatbotSettingKey,
  type ChatbotSettings,
} from '../../api/contract';
import type { SettingsCandidate } from './settings-diff';
import { SETTING_FIELDS } from './setting-fields';
import { domainsToList, listToDomains, listToSuggestedMessages, suggestedMessagesToList } from '../../lib/setting-lists';

/**
 * The settings form: the contract's field schemas (the same ones the service checks), with
 * the two list fields edited as lists and the number fields allowed to be empty while a
 * person retypes them. Emptiness is then reported by name, never sent.
 *
 * Messages follow the field's label ("is required"); the form puts the label in front.
 */

const domainEntry = z.string().check(
  z.refine((value) => value.trim() === '' || parseDomainRule(value) !== null, {
    error: `must be ${DOMAIN_ENTRY_RULE}`,
  }),
);

const NUMBER_KEYS = ['Temperature', 'RateLimitCount', 'RateLimitTime', 'MessageLimit'] as const;

export const settingsFormSchema = z
  .object({
    ...chatbotSettingsShape,
    Temperature: z.nullable(chatbotSettingsShape.Temperature),
    RateLimitCount: z.nullable(chatbotSettingsShape.RateLimitCount),
    RateLimitTime: z.nullable(chatbotSettingsShape.RateLimitTime),
    MessageLimit: z.nullable(chatbotSettingsShape.MessageLimit),
    SuggestedMessage: z.array(z.string()),
    Domains: z.array(domainEntry),
  })
  .check(
    z.superRefine((values, ctx) => {
    const { RateLimitCount: count, RateLimitTime: time } = values;
    // A rate limit is a count within a window: one without the other means nothing.
    if (count === null && time !== null) {
      ctx.addIssue({ code: 'custom', path: ['RateLimitCount'], message: `must be set together with ${SETTING_FIELDS.RateLimitTime.label}` });
    } else if (time === null && count !== null) {
      ctx.addIssue({ code: 'custom', path: ['RateLimitTime'], message: `must be set together with ${SETTING_FIELDS.RateLimitCount.label}` });
    }
    for (const key of NUMBER_KEYS) {
      const pairedAlone = (key === 'RateLimitCount' || key === 'RateLimitTime') && (count === null) !== (time === null);
      if (values[key] === null && !pairedAlone) ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
    }
    }),
  );

export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFieldName = keyof SettingsFormValues;

export function toFormValues(settings: ChatbotSettings): SettingsFormValues {
  return {
    ...settings,
    SuggestedMessage: suggestedMessagesToList(settings.SuggestedMessage),
    Domains: domainsToList(settings.Domains),
  };
}

/** One form field as the setting it becomes, for comparing with the saved value. */
export function formFieldToSetting<Key extends ChatbotSettingKey>(
  key: Key,
  value: SettingsFormValues[Key],
): SettingsCandidate[Key] {
  if (key === 'SuggestedMessage') return listToSuggestedMessages(value as string[]) as SettingsCandidate[Key];
  if (key === 'Domains') return listToDomains(value as string[]) as SettingsCandidate[Key];
  return value as SettingsCandidate[Key];
}

export function formToSettings(values: SettingsFormValues): SettingsCandidate {
  const settings: Partial<Record<ChatbotSettingKey, unknown>> = {};
  for (const key of CHATBOT_SETTING_KEYS) settings[key] = formFieldToSetting(key, values[key]);
  return settings as SettingsCandidate;
}

/**
 * The saved settings as the form would write them back (lists trimmed and re-joined), so a
 * field the user never touched is never counted as a change.
 */
export function normalizeSettings(settings: ChatbotSettings): ChatbotSettings {
  return {
    ...settings,
    SuggestedMessage: listToSuggestedMessages(suggestedMessagesToList(settings.SuggestedMessage)),
    Domains: listToDomains(domainsToList(settings.Domains)),
  };
}

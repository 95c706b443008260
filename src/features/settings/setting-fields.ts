import type { ChatbotSettingKey } from '../../api/contract';

// The fields' words are shared with the Activity page, which names the fields a save changed.
export { SETTING_FIELDS, settingLabel, settingLabels } from '../../components/setting-fields';

/** Messages follow the label ("is required"), so the label goes in front. */
export function settingErrorText(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}` : undefined;
}

export interface SettingsSection {
  id: string;
  title: string;
  fields: readonly ChatbotSettingKey[];
}

/** The sections in page order; every Edit field is in exactly one (a test checks). */
export const SETTINGS_SECTIONS = [
  {
    id: 'general',
    title: 'General & AI',
    fields: [
      'Name',
      'Model',
      'SystemMessage',
      'Temperature',
      'TimeZone',
      'AIResponseLanguage',
      'AnswerSuffix',
      'WelcomeMessage',
      'SuggestedMessage',
      'UserInputPlaceholder',
    ],
  },
  {
    id: 'appearance',
    title: 'Appearance',
    fields: ['ChatProfilePicture', 'ChatIcon', 'ChatBubbleAlign', 'ChatBubbleColor', 'UserMessageColor', 'ChatbotPopupOnce'],
  },
  { id: 'features', title: 'Features', fields: ['EnablePushToTalk', 'EnableUploadImage', 'RemoveChatLogOnBrowserClose'] },
  { id: 'handoff', title: 'Human handoff', fields: ['TalkToHumanEmail', 'TalkToHumanResponseMessage'] },
  { id: 'social', title: 'Social', fields: ['FacebookUrl', 'InstagramUrl', 'WhatsappUrl'] },
  {
    id: 'privacy',
    title: 'Privacy',
    fields: ['ChatbotPrivacyPolicyName', 'ChatbotPrivacyPolicyUrl', 'ChatbotPrivacyPolicyDescription'],
  },
  { id: 'embedding', title: 'Embedding & security', fields: ['VerifyDomain', 'Domains', 'CustomDomain'] },
  { id: 'limits', title: 'Limits', fields: ['RateLimitCount', 'RateLimitTime', 'RateLimitMessage', 'MessageLimit'] },
  { id: 'reports', title: 'Reports', fields: ['EmailForDailyChatLogs', 'EmailForDailyLeads'] },
] as const satisfies readonly SettingsSection[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export function sectionElementId(id: SettingsSectionId): string {
  return `settings-section-${id}`;
}

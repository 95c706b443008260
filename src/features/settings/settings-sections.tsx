import { Paper, Stack, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { ChatbotSettingKey } from '../../api/contract';
import {
  BubbleAlignSetting,
  ColorSetting,
  ImageSetting,
  IntegerSetting,
  LanguageSetting,
  MessageLimitSetting,
  ModelSetting,
  SwitchSetting,
  TimeZoneSetting,
} from './lazy-setting-controls';
import { useSectionMounted } from './section-mounts';
import { ListSetting, TextareaSetting, TextSetting } from './setting-controls';
import { SETTINGS_SECTIONS, sectionElementId, type SettingsSection, type SettingsSectionId } from './setting-fields';

/** The control of every Edit field; the type makes a missing field a compile error. */
const CONTROLS: Record<ChatbotSettingKey, ReactNode> = {
  Name: <TextSetting name="Name" placeholder="Sunrise Realty Assistant" />,
  Model: <ModelSetting />,
  SystemMessage: <TextareaSetting name="SystemMessage" placeholder="You are the friendly assistant of…" />,
  Temperature: <IntegerSetting name="Temperature" />,
  TimeZone: <TimeZoneSetting />,
  AIResponseLanguage: <LanguageSetting />,
  AnswerSuffix: <TextSetting name="AnswerSuffix" placeholder="Anything else I can help with?" />,
  WelcomeMessage: <TextareaSetting name="WelcomeMessage" placeholder="Hi! Ask me about homes for sale or rent." />,
  SuggestedMessage: (
    <ListSetting
      name="SuggestedMessage"
      itemLabel="Suggested message"
      placeholder="Show me homes for sale in Austin"
      emptyText="No suggested messages yet."
    />
  ),
  UserInputPlaceholder: <TextSetting name="UserInputPlaceholder" placeholder="Ask about homes, prices or neighbourhoods…" />,
  ChatProfilePicture: <ImageSetting name="ChatProfilePicture" />,
  ChatIcon: <ImageSetting name="ChatIcon" />,
  ChatBubbleAlign: <BubbleAlignSetting />,
  ChatBubbleColor: <ColorSetting name="ChatBubbleColor" />,
  UserMessageColor: <ColorSetting name="UserMessageColor" />,
  ChatbotPopupOnce: <SwitchSetting name="ChatbotPopupOnce" />,
  EnablePushToTalk: <SwitchSetting name="EnablePushToTalk" />,
  EnableUploadImage: <SwitchSetting name="EnableUploadImage" />,
  RemoveChatLogOnBrowserClose: <SwitchSetting name="RemoveChatLogOnBrowserClose" />,
  TalkToHumanEmail: <TextSetting name="TalkToHumanEmail" inputMode="email" autoComplete="email" placeholder="agents@example.com" />,
  TalkToHumanResponseMessage: <TextareaSetting name="TalkToHumanResponseMessage" />,
  FacebookUrl: <TextSetting name="FacebookUrl" inputMode="url" placeholder="https://www.facebook.com/yourpage" />,
  InstagramUrl: <TextSetting name="InstagramUrl" inputMode="url" placeholder="https://www.instagram.com/yourprofile" />,
  WhatsappUrl: <TextSetting name="WhatsappUrl" inputMode="url" placeholder="https://wa.me/15551234567" />,
  ChatbotPrivacyPolicyName: <TextSetting name="ChatbotPrivacyPolicyName" placeholder="Privacy policy" />,
  ChatbotPrivacyPolicyUrl: <TextSetting name="ChatbotPrivacyPolicyUrl" inputMode="url" placeholder="https://example.com/privacy" />,
  ChatbotPrivacyPolicyDescription: <TextareaSetting name="ChatbotPrivacyPolicyDescription" />,
  VerifyDomain: <SwitchSetting name="VerifyDomain" />,
  Domains: (
    <ListSetting name="Domains" itemLabel="Domain" placeholder="example.com" emptyText="No domains listed. With Verify domain on, the widget then answers no page." />
  ),
  CustomDomain: <TextSetting name="CustomDomain" placeholder="chat.example.com" />,
  RateLimitCount: <IntegerSetting name="RateLimitCount" deps={['RateLimitTime']} min={1} />,
  RateLimitTime: <IntegerSetting name="RateLimitTime" deps={['RateLimitCount']} min={1} />,
  RateLimitMessage: <TextSetting name="RateLimitMessage" placeholder="You are sending messages too fast." />,
  MessageLimit: <MessageLimitSetting />,
  EmailForDailyChatLogs: <TextSetting name="EmailForDailyChatLogs" inputMode="email" autoComplete="email" placeholder="logs@example.com" />,
  EmailForDailyLeads: <TextSetting name="EmailForDailyLeads" inputMode="email" autoComplete="email" placeholder="leads@example.com" />,
};

/** A fieldset that only groups: no border, padding or min-content width of its own. */
const PLAIN_FIELDSET: CSSProperties = { border: 0, margin: 0, padding: 0, minInlineSize: 0 };

/** Until a section draws its fields, it keeps about their height, so the page below moves little when it does. */
const FIELD_HEIGHT_ESTIMATE = 92;

function SectionFields({ index, section, after, readOnly }: { index: number; section: SettingsSection; after: ReactNode; readOnly: boolean }) {
  const mounted = useSectionMounted(index);
  if (!mounted) return <div data-testid="section-pending" style={{ minHeight: section.fields.length * FIELD_HEIGHT_ESTIMATE }} />;
  return (
    <Stack gap="lg">
      <fieldset disabled={readOnly} style={PLAIN_FIELDSET}>
        <Stack gap="lg">
          {section.fields.map((key) => (
            <div key={key}>{CONTROLS[key]}</div>
          ))}
        </Stack>
      </fieldset>
      {after}
    </Stack>
  );
}

/**
 * Every section of the form in page order, each a landmark the section list can jump to; `after`
 * adds content at a section's end. `readOnly` disables every control through its section's
 * fieldset, so no kind of control (colour picker, upload, list editor) can be left out, while
 * `after` (the embed snippet, which is only read) stays usable. A section's frame and title are
 * there from the start; its fields are drawn when its turn comes (section-mounts.ts).
 */
export function SettingsSections({
  after = {},
  readOnly = false,
}: {
  after?: Partial<Record<SettingsSectionId, ReactNode>>;
  readOnly?: boolean;
}) {
  return (
    <Stack gap="lg">
      {SETTINGS_SECTIONS.map((section, index) => {
        const elementId = sectionElementId(section.id);
        return (
          <Paper
            key={section.id}
            component="section"
            id={elementId}
            aria-labelledby={`${elementId}-title`}
            tabIndex={-1}
            withBorder
            radius="md"
            p="lg"
            style={{ scrollMarginTop: 76, outline: 'none' }}
          >
            <Title order={3} size="h4" id={`${elementId}-title`} mb="md">
              {section.title}
            </Title>
            <SectionFields index={index} section={section} after={after[section.id]} readOnly={readOnly} />
          </Paper>
        );
      })}
    </Stack>
  );
}

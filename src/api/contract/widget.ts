import * as z from 'zod/mini';
import { chatbotSettingsShape, type ChatbotSettings } from './chatbot';
import { integer } from './primitives';

export * from './widget-paths';

/**
 * The public side of the local service, for the embeddable chat widget (/widget.js). It
 * holds no key: a page anywhere may call it (within the chatbot's Domains when VerifyDomain
 * is on), so it tells a visitor only what the widget shows, and lets them do only what the
 * widget does: open a session and ask in it.
 */

/**
 * The settings a visitor may see: an allow-list, so a setting added to the contract later
 * stays private until someone decides otherwise. Never the system message, the model, the
 * e-mail report addresses, the domains, the limits or the custom domain.
 */
export const VISITOR_SETTING_KEYS = [
  'Name',
  'TimeZone',
  'ChatBubbleAlign',
  'ChatBubbleColor',
  'ChatbotPopupOnce',
  'ChatbotPrivacyPolicyDescription',
  'ChatbotPrivacyPolicyName',
  'ChatbotPrivacyPolicyUrl',
  'EnablePushToTalk',
  'EnableUploadImage',
  'FacebookUrl',
  'InstagramUrl',
  'RemoveChatLogOnBrowserClose',
  'SuggestedMessage',
  // Shown to the visitor as the "Talk to a human" mailto link: public by purpose.
  'TalkToHumanEmail',
  'TalkToHumanResponseMessage',
  'UserInputPlaceholder',
  'UserMessageColor',
  'WelcomeMessage',
  'WhatsappUrl',
] as const satisfies readonly (keyof typeof chatbotSettingsShape)[];
export type VisitorSettingKey = (typeof VISITOR_SETTING_KEYS)[number];

const visitorSettingsShape = Object.fromEntries(VISITOR_SETTING_KEYS.map((key) => [key, chatbotSettingsShape[key]])) as {
  [Key in VisitorSettingKey]: (typeof chatbotSettingsShape)[Key];
};

/**
 * GET /widget/:chatbotId/settings. The two pictures are addresses (relative to the service)
 * instead of file ids, or '' when none is set.
 */
export const visitorSettingsSchema = z.strictObject({
  ...visitorSettingsShape,
  ChatProfilePictureUrl: z.string(),
  ChatIconUrl: z.string(),
});
export type VisitorSettings = z.infer<typeof visitorSettingsSchema>;

/** Which picture of a chatbot: the header's profile picture or the launcher's icon, by the setting holding its file id. */
export const WIDGET_PICTURES = { profile: 'ChatProfilePicture', icon: 'ChatIcon' } as const;
export type WidgetPicture = keyof typeof WIDGET_PICTURES;

/** What the projection reads: the visitor-facing settings and the two pictures' file ids. */
export type VisitorSettingsSource = Pick<ChatbotSettings, VisitorSettingKey | (typeof WIDGET_PICTURES)[WidgetPicture]>;

/**
 * The settings a visitor's widget is drawn from: the allow-listed settings copied one by one,
 * never the record spread and trimmed, so a setting nobody listed cannot slip out. A picture
 * becomes `pictureUrl(which, fileId)`, or '' when none is set. One projection for both
 * widgets: the service's public settings (server/widget/visitor-settings.ts) and the settings
 * preview, which draws the form's draft (src/features/settings/preview-settings.ts).
 */
export function visitorSettingsFrom(settings: VisitorSettingsSource, pictureUrl: (which: WidgetPicture, fileId: string) => string): VisitorSettings {
  const visible = Object.fromEntries(VISITOR_SETTING_KEYS.map((key) => [key, settings[key]])) as Pick<ChatbotSettings, VisitorSettingKey>;
  const urlOf = (which: WidgetPicture) => {
    const fileId = settings[WIDGET_PICTURES[which]].trim();
    return fileId === '' ? '' : pictureUrl(which, fileId);
  };
  return { ...visible, ChatProfilePictureUrl: urlOf('profile'), ChatIconUrl: urlOf('icon') };
}

/** POST /widget/:chatbotId/session: a session of this chatbot and the token that proves it is the visitor's. */
export const visitorSessionSchema = z.strictObject({ SessionID: integer, VisitorToken: z.string() });
export type VisitorSession = z.infer<typeof visitorSessionSchema>;

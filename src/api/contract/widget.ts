import * as z from 'zod/mini';
import { chatbotSettingsShape } from './chatbot';
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

/** POST /widget/:chatbotId/session: a session of this chatbot and the token that proves it is the visitor's. */
export const visitorSessionSchema = z.strictObject({ SessionID: integer, VisitorToken: z.string() });
export type VisitorSession = z.infer<typeof visitorSessionSchema>;

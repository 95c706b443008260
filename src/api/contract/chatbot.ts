import * as z from 'zod/mini';
import { isValidDomains } from './allowed-domains';
import {
  chatbotId,
  integer,
  optionalEmail,
  optionalHttpUrl,
  rgbColor,
  hostname,
} from './primitives';

export { CHAT_BUBBLE_ALIGN } from './chat-bubble-align';

export const DOMAIN_ENTRY_RULE = 'a host name such as example.com, *.example.com for its subdomains, or localhost:5173 with a port';

/**
 * Domains travel as one comma-separated string. Each entry must be a host (allowed-domains.ts
 * says which), so a typo such as `https://example.com/` is caught before it silently blocks the widget.
 */
export const domainsText = z.string().check(
  z.refine(isValidDomains, { error: `must be entries separated by commas, each ${DOMAIN_ENTRY_RULE}` }),
);

/** Every field of the Edit operation except serialNumber (section 2.2), each optional. */
export const chatbotSettingsShape = {
  Name: z.string().check(z.maxLength(200, { error: 'must be at most 200 characters' })),
  Model: z.string(),
  SystemMessage: z.string(),
  Temperature: integer,
  TimeZone: z.string(),
  AnswerSuffix: z.string(),
  ChatProfilePicture: z.string(),
  ChatIcon: z.string(),
  ChatBubbleAlign: integer,
  ChatBubbleColor: rgbColor,
  ChatbotPopupOnce: z.boolean(),
  ChatbotPrivacyPolicyDescription: z.string(),
  ChatbotPrivacyPolicyName: z.string(),
  ChatbotPrivacyPolicyUrl: optionalHttpUrl,
  EnablePushToTalk: z.boolean(),
  EnableUploadImage: z.boolean(),
  FacebookUrl: optionalHttpUrl,
  InstagramUrl: optionalHttpUrl,
  RemoveChatLogOnBrowserClose: z.boolean(),
  SuggestedMessage: z.string(),
  TalkToHumanEmail: optionalEmail,
  TalkToHumanResponseMessage: z.string(),
  UserInputPlaceholder: z.string(),
  UserMessageColor: rgbColor,
  WelcomeMessage: z.string(),
  WhatsappUrl: optionalHttpUrl,
  VerifyDomain: z.boolean(),
  Domains: domainsText,
  RateLimitCount: integer.check(z.gte(1, { error: 'must be at least 1' })),
  RateLimitMessage: z.string(),
  RateLimitTime: integer.check(z.gte(1, { error: 'must be at least 1 second' })),
  CustomDomain: z.union([z.literal(''), hostname], { error: 'must be a host name such as chat.example.com' }),
  EmailForDailyChatLogs: optionalEmail,
  EmailForDailyLeads: optionalEmail,
  AIResponseLanguage: z.string(),
  MessageLimit: integer.check(z.refine((value) => value === -1 || value >= 1, { error: 'must be -1 (unlimited) or at least 1' })),
} as const;

export type ChatbotSettingKey = keyof typeof chatbotSettingsShape;
export const CHATBOT_SETTING_KEYS = Object.keys(chatbotSettingsShape) as ChatbotSettingKey[];

/** A complete set of settings, as the local service stores and Detail returns them. */
export const chatbotSettingsSchema = z.object(chatbotSettingsShape);
export type ChatbotSettings = z.infer<typeof chatbotSettingsSchema>;

/** POST /chat/Chatbot/Edit: serialNumber plus any subset of the settings. */
export const editRequestSchema = z.strictObject({
  serialNumber: chatbotId,
  ...z.partial(z.object(chatbotSettingsShape)).shape,
});
export type EditRequest = z.infer<typeof editRequestSchema>;
/** Data is 1 on success. */
export const editResponseDataSchema = z.int();

/** POST /chat/Chatbot/Detail (our addition): reads the settings back. */
export const detailRequestSchema = z.strictObject({ serialNumber: chatbotId });
export type DetailRequest = z.infer<typeof detailRequestSchema>;
export const detailResponseDataSchema = z.extend(chatbotSettingsSchema, {
  serialNumber: z.string(),
  /** Proxy mode: the settings never saved through this console, shown with NEUTRAL_SETTINGS values (see VersionSummary). */
  UnknownFields: z.optional(z.array(z.enum(CHATBOT_SETTING_KEYS as [ChatbotSettingKey, ...ChatbotSettingKey[]]))),
});
export type ChatbotDetail = z.infer<typeof detailResponseDataSchema>;

/** POST /chat/Chatbot/GetSession: opens a chat session with a chatbot. */
export const getSessionRequestSchema = z.strictObject({ serialNumber: chatbotId });
export type GetSessionRequest = z.infer<typeof getSessionRequestSchema>;
export const getSessionResponseDataSchema = z.object({ SessionID: z.int() });
export type GetSessionResponse = z.infer<typeof getSessionResponseDataSchema>;

/** GET /chat/Chatbot/ModelList: Key is what Model sends; Status false means unavailable. */
export const modelSchema = z.object({ Key: z.string(), Value: z.string(), Status: z.boolean() });
export type Model = z.infer<typeof modelSchema>;
export const modelListResponseDataSchema = z.array(modelSchema);

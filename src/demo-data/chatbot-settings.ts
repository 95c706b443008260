import type { ChatbotSettings } from '../api/contract';

/**
 * The settings every seeded chatbot starts with, and the base of `createChatbotSettings`.
 * Model must be an available Key of the local service's ModelList.
 */
export const DEMO_CHATBOT_SETTINGS: Readonly<ChatbotSettings> = Object.freeze({
  Name: 'Sunrise Realty Assistant',
  Model: 'gpt-4o-mini',
  SystemMessage:
    'You are the friendly assistant of Sunrise Realty. Help visitors find homes for sale or rent among our listings, and offer to connect them with an agent.',
  Temperature: 1,
  TimeZone: 'America/Chicago',
  AnswerSuffix: '',
  ChatProfilePicture: '',
  ChatIcon: '',
  ChatBubbleAlign: 0,
  ChatBubbleColor: 'rgb(34,139,230)',
  ChatbotPopupOnce: false,
  ChatbotPrivacyPolicyDescription: '',
  ChatbotPrivacyPolicyName: '',
  ChatbotPrivacyPolicyUrl: '',
  EnablePushToTalk: false,
  EnableUploadImage: true,
  FacebookUrl: '',
  InstagramUrl: '',
  RemoveChatLogOnBrowserClose: false,
  SuggestedMessage: [
    'Show me 3 bedroom homes for sale in Austin',
    'What can I rent in Denver under $3,000?',
    'Can I talk to an agent?',
  ].join('\n'),
  TalkToHumanEmail: '',
  TalkToHumanResponseMessage:
    'Happy to connect you with one of our agents. Leave your name and a phone number or e-mail address and we will get back to you within one business day.',
  UserInputPlaceholder: 'Ask about homes, prices or neighbourhoods…',
  UserMessageColor: 'rgb(255,255,255)',
  WelcomeMessage:
    "Hi! I'm the Sunrise Realty assistant. Ask me about homes for sale or for rent in Austin, Denver, Seattle, Miami, Chicago and Boston.",
  WhatsappUrl: '',
  VerifyDomain: false,
  Domains: '',
  RateLimitCount: 20,
  RateLimitMessage: 'You are sending messages too fast. Please wait a minute.',
  RateLimitTime: 60,
  CustomDomain: '',
  EmailForDailyChatLogs: '',
  EmailForDailyLeads: '',
  AIResponseLanguage: 'English',
  MessageLimit: -1,
});

/** A complete, valid set of chatbot settings: the demo values with `overrides` applied. */
export function createChatbotSettings(overrides: Partial<ChatbotSettings> = {}): ChatbotSettings {
  return { ...DEMO_CHATBOT_SETTINGS, ...overrides };
}

/**
 * The second demo chatbot (`<demo id>-staging`): the same business trying a warmer tone and
 * another colour, so settings can be compared and copied between two bots out of the box.
 */
export const DEMO_STAGING_OVERRIDES: Readonly<Partial<ChatbotSettings>> = Object.freeze({
  Name: 'Sunrise Realty Assistant (staging)',
  SystemMessage:
    'You are the warm, upbeat assistant of Sunrise Realty. Help visitors find homes for sale or rent among our listings, mention one neighbourhood highlight per answer, and offer to connect them with an agent.',
  ChatBubbleColor: 'rgb(12,166,120)',
  WelcomeMessage: "Welcome to Sunrise Realty! Tell me what kind of home you're dreaming of and I'll find matching listings.",
  Temperature: 2,
});

import { CHAT_BUBBLE_ALIGN } from './chat-bubble-align';
import type { ChatbotSettings } from './chatbot';

/**
 * Neutral starting values for settings nobody has told us (proxy mode: a field never saved
 * through this console, since the hosted service cannot report its settings). They only fill
 * the form: a field is sent only once the user changes it. Each one passes the contract's
 * rules, so an untouched field never blocks saving.
 */
export const NEUTRAL_SETTINGS: Readonly<ChatbotSettings> = Object.freeze({
  Name: '',
  Model: '',
  SystemMessage: '',
  Temperature: 1,
  TimeZone: 'UTC',
  AnswerSuffix: '',
  ChatProfilePicture: '',
  ChatIcon: '',
  ChatBubbleAlign: CHAT_BUBBLE_ALIGN.right,
  ChatBubbleColor: 'rgb(34,139,230)',
  ChatbotPopupOnce: false,
  ChatbotPrivacyPolicyDescription: '',
  ChatbotPrivacyPolicyName: '',
  ChatbotPrivacyPolicyUrl: '',
  EnablePushToTalk: false,
  EnableUploadImage: false,
  FacebookUrl: '',
  InstagramUrl: '',
  RemoveChatLogOnBrowserClose: false,
  SuggestedMessage: '',
  TalkToHumanEmail: '',
  TalkToHumanResponseMessage: '',
  UserInputPlaceholder: '',
  UserMessageColor: 'rgb(255,255,255)',
  WelcomeMessage: '',
  WhatsappUrl: '',
  VerifyDomain: false,
  Domains: '',
  RateLimitCount: 20,
  RateLimitMessage: '',
  RateLimitTime: 60,
  CustomDomain: '',
  EmailForDailyChatLogs: '',
  EmailForDailyLeads: '',
  AIResponseLanguage: 'English',
  MessageLimit: -1,
});

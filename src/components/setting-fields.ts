import type { ChatbotSettingKey } from '../api/contract';

/**
 * What a person sees for each Edit field: a label and a one-line description. Messages
 * from the schemas follow the label ("must be ..."), so the form writes the label in front.
 * Shared by the settings form and the Activity page, so a field has one name everywhere.
 */
export const SETTING_FIELDS = {
  Name: { label: 'Name', description: 'The name visitors see at the top of the chat window.' },
  Model: { label: 'Model', description: 'The AI model that writes the answers.' },
  SystemMessage: { label: 'System message', description: 'Instructions the AI follows in every conversation.' },
  Temperature: {
    label: 'Temperature',
    description: 'A whole number: higher gives more varied answers, lower more predictable ones.',
  },
  TimeZone: { label: 'Time zone', description: 'Used when the chatbot talks about dates and times.' },
  AIResponseLanguage: { label: 'Answer language', description: 'The language the AI answers in.' },
  AnswerSuffix: { label: 'Answer suffix', description: 'Text added to the end of every answer.' },
  WelcomeMessage: { label: 'Welcome message', description: 'The first message visitors see when they open the chat.' },
  SuggestedMessage: { label: 'Suggested messages', description: 'Questions offered to visitors as one-click buttons.' },
  UserInputPlaceholder: { label: 'Input placeholder', description: 'The hint shown in the empty message box.' },
  ChatProfilePicture: { label: 'Profile picture', description: "The chatbot's picture beside its messages." },
  ChatIcon: { label: 'Chat icon', description: 'The icon on the bubble that opens the chat.' },
  ChatBubbleAlign: { label: 'Bubble position', description: 'The bottom corner of the page where the chat bubble sits.' },
  ChatBubbleColor: { label: 'Bubble colour', description: 'Colour of the chat bubble and of the chat window header.' },
  UserMessageColor: { label: 'User message colour', description: "Background colour of the visitor's own messages." },
  ChatbotPopupOnce: {
    label: 'Pop up only once',
    description: 'Open the chat window by itself only on a visitor’s first visit.',
  },
  EnablePushToTalk: { label: 'Push-to-talk', description: 'Let visitors send voice messages.' },
  EnableUploadImage: { label: 'Image upload', description: 'Let visitors attach images to their messages.' },
  RemoveChatLogOnBrowserClose: {
    label: 'Clear chat when the browser closes',
    description: "Forget the visitor's conversation once they close their browser.",
  },
  TalkToHumanEmail: { label: 'Handoff e-mail', description: 'Where requests to talk to a person are sent.' },
  TalkToHumanResponseMessage: {
    label: 'Handoff message',
    description: 'What the chatbot says when it passes the conversation to a person.',
  },
  FacebookUrl: { label: 'Facebook URL', description: 'Your Facebook page, linked from the chat window.' },
  InstagramUrl: { label: 'Instagram URL', description: 'Your Instagram profile, linked from the chat window.' },
  WhatsappUrl: { label: 'WhatsApp URL', description: 'A WhatsApp contact link, such as https://wa.me/15551234567.' },
  ChatbotPrivacyPolicyName: {
    label: 'Privacy policy name',
    description: 'The text of the privacy policy link under the chat.',
  },
  ChatbotPrivacyPolicyUrl: { label: 'Privacy policy URL', description: 'Where the privacy policy link leads.' },
  ChatbotPrivacyPolicyDescription: {
    label: 'Privacy policy description',
    description: 'A short note shown with the link, such as what you do with conversations.',
  },
  VerifyDomain: { label: 'Verify domain', description: 'Load the widget only on the allowed domains below.' },
  Domains: { label: 'Allowed domains', description: 'Where the widget may be embedded: example.com, *.example.com for its subdomains (not example.com itself), or a host with a port such as localhost:5173.' },
  CustomDomain: {
    label: 'Custom domain',
    description: 'Your own host name serving the widget, such as chat.example.com. Leave empty for none.',
  },
  RateLimitCount: { label: 'Rate limit count', description: 'How many messages a visitor may send within the window.' },
  RateLimitTime: { label: 'Rate limit window', description: 'The length of that window, in seconds.' },
  RateLimitMessage: { label: 'Rate limit message', description: 'What visitors see when they send messages too fast.' },
  MessageLimit: { label: 'Monthly message limit', description: 'Messages the chatbot answers per calendar month.' },
  EmailForDailyChatLogs: {
    label: 'Daily chat logs e-mail',
    description: "Receives the day's conversations every day. Leave empty for none.",
  },
  EmailForDailyLeads: {
    label: 'Daily leads e-mail',
    description: "Receives the day's leads every day. Leave empty for none.",
  },
} as const satisfies Record<ChatbotSettingKey, { label: string; description: string }>;

export function settingLabel(key: ChatbotSettingKey): string {
  return SETTING_FIELDS[key].label;
}

/** Fields named in a sentence: "Name, Welcome message". */
export function settingLabels(keys: readonly ChatbotSettingKey[]): string {
  return keys.map(settingLabel).join(', ');
}

/** A field name as a record gives it (any text): its label when it is an Edit field, else the name itself. */
export function fieldLabel(name: string): string {
  return Object.hasOwn(SETTING_FIELDS, name) ? settingLabel(name as ChatbotSettingKey) : name;
}

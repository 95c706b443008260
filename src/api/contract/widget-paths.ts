/**
 * The addresses and header of the widget's public API (widget.ts has the schemas). Kept free
 * of zod: the widget's own script (src/widget) imports this module and must stay small.
 */

/**
 * POST /widget/:chatbotId/ask takes ClientAsk's body (sessionID, content, chatAskType, fileIds,
 * stream) and answers as ClientAsk does; the session's token travels in this header.
 */
export const VISITOR_TOKEN_HEADER = 'widget-visitor-token';

const chatbotPath = (chatbotId: string) => `/widget/chatbots/${encodeURIComponent(chatbotId)}`;

/** The addresses of the public side. Chatbots sit under /widget/chatbots/ so no id can collide with /widget/test/. */
export const WIDGET_PATHS = {
  settings: (chatbotId: string) => `${chatbotPath(chatbotId)}/settings`,
  session: (chatbotId: string) => `${chatbotPath(chatbotId)}/session`,
  ask: (chatbotId: string) => `${chatbotPath(chatbotId)}/ask`,
  picture: (chatbotId: string, which: 'profile' | 'icon') => `${chatbotPath(chatbotId)}/picture/${which}`,
  testPage: (chatbotId: string) => `/widget/test/${encodeURIComponent(chatbotId)}`,
  script: '/widget.js',
} as const;

/**
 * The addresses and header of the widget's public API (widget.ts has the schemas). Kept free
 * of zod: the widget's own script (src/widget) imports this module and must stay small.
 */

/**
 * POST /widget/:chatbotId/ask takes ClientAsk's body (sessionID, content, chatAskType, fileIds,
 * stream) and answers as ClientAsk does; the session's token travels in this header.
 */
export const VISITOR_TOKEN_HEADER = 'widget-visitor-token';

/**
 * What a visitor may attach (interface 4.2 and 8): images when the chatbot has
 * EnableUploadImage on (PNG, JPEG, WEBP, non-animated GIF, up to 20 MB each, several per
 * question), one WAV recording when it has EnablePushToTalk on. The widget takes every file
 * up to the image limit; the service judges the bytes, whatever they are named.
 */
export const VISITOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const VISITOR_FILE_BYTES = 20 * 1024 * 1024;
/** Files in one question: ClientAsk's fileIds hold at most 20; a visitor's question takes fewer. */
export const VISITOR_IMAGES_PER_QUESTION = 5;

const chatbotPath = (chatbotId: string) => `/widget/chatbots/${encodeURIComponent(chatbotId)}`;

/** The addresses of the public side. Chatbots sit under /widget/chatbots/ so no id can collide with /widget/test/. */
export const WIDGET_PATHS = {
  settings: (chatbotId: string) => `${chatbotPath(chatbotId)}/settings`,
  session: (chatbotId: string) => `${chatbotPath(chatbotId)}/session`,
  ask: (chatbotId: string) => `${chatbotPath(chatbotId)}/ask`,
  /** POST the bytes of one file, `?sessionID=&fileName=`, the session's token in VISITOR_TOKEN_HEADER. */
  upload: (chatbotId: string) => `${chatbotPath(chatbotId)}/files`,
  picture: (chatbotId: string, which: 'profile' | 'icon') => `${chatbotPath(chatbotId)}/picture/${which}`,
  testPage: (chatbotId: string) => `/widget/test/${encodeURIComponent(chatbotId)}`,
  script: '/widget.js',
} as const;

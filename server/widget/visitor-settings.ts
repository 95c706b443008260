import { VISITOR_SETTING_KEYS, WIDGET_PATHS, type ChatbotSettings, type VisitorSettings } from '../../src/api/contract';

/** Which picture of a chatbot: the header's profile picture or the launcher's icon. */
export const WIDGET_PICTURES = { profile: 'ChatProfilePicture', icon: 'ChatIcon' } as const;
export type WidgetPicture = keyof typeof WIDGET_PICTURES;

/**
 * What the public widget may learn of a chatbot: the allow-listed settings
 * (VISITOR_SETTING_KEYS) copied one by one, never the record spread and trimmed, so a
 * setting nobody listed cannot slip out. The pictures become addresses of this service.
 */
export function visitorSettingsOf(chatbotId: string, settings: ChatbotSettings): VisitorSettings {
  const visible = Object.fromEntries(VISITOR_SETTING_KEYS.map((key) => [key, settings[key]])) as Pick<ChatbotSettings, (typeof VISITOR_SETTING_KEYS)[number]>;
  const pictureUrl = (which: WidgetPicture) => (settings[WIDGET_PICTURES[which]].trim() === '' ? '' : WIDGET_PATHS.picture(chatbotId, which));
  return { ...visible, ChatProfilePictureUrl: pictureUrl('profile'), ChatIconUrl: pictureUrl('icon') };
}

import { WIDGET_PATHS, type ChatbotSettings, type VisitorSettings } from '../../src/api/contract';
import { visitorSettingsFrom } from '../../src/api/contract/visitor-settings';

export { WIDGET_PICTURES, type WidgetPicture } from '../../src/api/contract/visitor-settings';

/** What the public widget may learn of a chatbot (the contract's projection); the pictures become addresses of this service. */
export function visitorSettingsOf(chatbotId: string, settings: ChatbotSettings): VisitorSettings {
  return visitorSettingsFrom(settings, (which) => WIDGET_PATHS.picture(chatbotId, which));
}

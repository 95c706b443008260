import type { ChatbotSettings } from './chatbot';
import { VISITOR_SETTING_KEYS, type VisitorSettingKey, type VisitorSettings } from './widget';

/*
 * A module of its own, not in widget.ts nor the contract's index: the landing page loads the
 * contract, and only the settings page and the service use this, each importing it by path.
 */

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

import { VISITOR_SETTING_KEYS, type VisitorSettings } from '../../api/contract';
import { visitorSettingsFrom, WIDGET_PICTURES } from '../../api/contract/visitor-settings';
import { imageUrlOfFileId } from './file-url';
import { formFieldToSetting, type SettingsFormValues } from './settings-form-schema';

/** The form fields the preview widget is drawn from: the visitor-facing settings and the two pictures. */
export const PREVIEW_FIELDS = [...VISITOR_SETTING_KEYS, ...Object.values(WIDGET_PICTURES)] as const satisfies readonly (keyof SettingsFormValues)[];

/**
 * The form's draft as the widget's settings: the same projection the service makes of the
 * saved settings for a visitor (visitorSettingsFrom), with each list field as it would be
 * saved and the pictures as the console shows uploaded files.
 */
export function previewSettingsOf(values: SettingsFormValues): VisitorSettings {
  const draft = Object.fromEntries(PREVIEW_FIELDS.map((key) => [key, formFieldToSetting(key, values[key])])) as Parameters<typeof visitorSettingsFrom>[0];
  return visitorSettingsFrom(draft, (_which, fileId) => imageUrlOfFileId(fileId) ?? '');
}

/** Whether two widget settings draw the same widget (every value is a string, number or boolean). */
export function sameVisitorSettings(a: VisitorSettings, b: VisitorSettings): boolean {
  return (Object.keys(a) as (keyof VisitorSettings)[]).every((key) => Object.is(a[key], b[key]));
}

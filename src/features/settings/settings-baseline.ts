import { createContext, use } from 'react';
import type { ChatbotSettings } from '../../api/contract';

/**
 * The last saved settings (normalised, see settings-form-schema.ts), which every field
 * compares itself with to show and revert its own change. It changes only on save, so
 * providing it does not re-render the form on keystrokes.
 */
export const SettingsBaselineContext = createContext<ChatbotSettings | null>(null);

export function useSettingsBaseline(): ChatbotSettings {
  const baseline = use(SettingsBaselineContext);
  if (!baseline) throw new Error('useSettingsBaseline needs a SettingsBaselineContext provider');
  return baseline;
}

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import { CHATBOT_SETTING_KEYS, NEUTRAL_SETTINGS, type ChatbotSettingKey, type ChatbotSettings } from '../../api/contract';


export type SettingsSource =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /**
   * From Detail: what the service holds now; in proxy mode, what the team last saved through
   * this console, with the fields none of them ever sent (shown with neutral values).
   */
  | { status: 'ready'; origin: 'service'; settings: ChatbotSettings; unknownFields: ChatbotSettingKey[] }
  /** Nothing known yet (proxy mode, before the first save through this console): neutral starting values. */
  | { status: 'ready'; origin: 'defaults'; settings: ChatbotSettings; unknownFields: ChatbotSettingKey[] };

const NOTHING_KNOWN: ChatbotSettingKey[] = [...CHATBOT_SETTING_KEYS];

export function useSettingsSource(chatbotId: string): SettingsSource {
  const detail = useQuery(chatbotDetailQueryOptions(chatbotId));
  const { data, refetch } = detail;
  // One object per answer, so the form can tell a new answer from a re-render.
  const fromService = useMemo(() => {
    if (!data) return null;
    const { serialNumber: _id, UnknownFields = [], ...settings } = data;
    return { settings, unknownFields: UnknownFields };
  }, [data]);
  const defaults = useMemo(() => ({ ...NEUTRAL_SETTINGS }), []);

  if (fromService) return { status: 'ready', origin: 'service', ...fromService };
  if (data === null) return { status: 'ready', origin: 'defaults', settings: defaults, unknownFields: NOTHING_KNOWN };
  if (detail.isError) return { status: 'error', error: detail.error, retry: () => void refetch() };
  return { status: 'loading' };
}

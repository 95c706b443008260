import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import { isApiError } from '../../api/client';
import { CHAT_BUBBLE_ALIGN, type ChatbotSettings } from '../../api/contract';
import { loadSavedSettings } from './settings-storage';

/**
 * Starting values when neither the service nor this browser knows the chatbot's settings.
 * They only fill the form: a field is sent only once the user changes it. Each one passes
 * the contract's rules, so an untouched field never blocks saving.
 */
export const FALLBACK_SETTINGS: Readonly<ChatbotSettings> = Object.freeze({
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

export type SettingsSource =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** From Detail: what the service holds now. */
  | { status: 'ready'; origin: 'service'; settings: ChatbotSettings }
  /** The service has no Detail: what this browser last saved, or neutral starting values. */
  | { status: 'ready'; origin: 'browser'; settings: ChatbotSettings; savedAt: string }
  | { status: 'ready'; origin: 'defaults'; settings: ChatbotSettings };

/**
 * A 404 that names serialNumber is an unknown chatbot; any other 404 means the service
 * has no Detail operation (the hosted one), which the form can live without.
 */
export function isDetailMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.field !== 'serialNumber';
}

export function useSettingsSource(chatbotId: string): SettingsSource {
  const detail = useQuery(chatbotDetailQueryOptions(chatbotId));
  const missing = detail.isError && isDetailMissing(detail.error);
  const { data, refetch } = detail;
  // One object per answer, so the form can tell a new answer from a re-render.
  const fromService = useMemo(() => {
    if (!data) return null;
    const { serialNumber: _id, ...settings } = data;
    return settings;
  }, [data]);
  // Read once per chatbot and per failure: later saves update the form's own baseline.
  const fromBrowser = useMemo(() => {
    if (!missing) return null;
    const remembered = loadSavedSettings(chatbotId);
    return remembered
      ? ({ origin: 'browser', settings: remembered.settings, savedAt: remembered.savedAt } as const)
      : ({ origin: 'defaults', settings: { ...FALLBACK_SETTINGS } } as const);
  }, [missing, chatbotId]);

  if (fromService) return { status: 'ready', origin: 'service', settings: fromService };
  if (fromBrowser) return { status: 'ready', ...fromBrowser };
  if (detail.isError) return { status: 'error', error: detail.error, retry: () => void refetch() };
  return { status: 'loading' };
}

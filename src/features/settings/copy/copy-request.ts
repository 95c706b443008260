import type { ChatbotSettingKey, ChatbotSettings, EditRequest } from '../../../api/contract';

/**
 * The Edit that copies `keys` of `source` onto the chatbot `target`. With the target's current
 * settings known, only the fields that differ are sent (null: unknown, all are sent; undefined:
 * still loading, nothing is sent yet).
 */
export function copyRequest(
  target: string,
  source: ChatbotSettings,
  targetSettings: ChatbotSettings | null | undefined,
  keys: readonly ChatbotSettingKey[],
): EditRequest {
  const request: Record<string, unknown> = { serialNumber: target };
  if (targetSettings === undefined) return request as EditRequest;
  for (const key of keys) {
    if (targetSettings === null || !Object.is(targetSettings[key], source[key])) request[key] = source[key];
  }
  return request as EditRequest;
}

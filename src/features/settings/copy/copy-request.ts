import type { ChatbotSettingKey, ChatbotSettings, EditRequest } from '../../../api/contract';

/** Fields whose value is a placeholder, not a known setting (proxy mode: never saved through this console). */
export interface UnknownFields {
  source?: readonly ChatbotSettingKey[];
  target?: readonly ChatbotSettingKey[];
}

/**
 * The Edit that copies `keys` of `source` onto the chatbot `target`. With the target's current
 * settings known, only the fields that differ are sent (null: unknown, all are sent; undefined:
 * still loading, nothing is sent yet). A field the source does not know is never sent (its
 * placeholder would overwrite a real value); one the target does not know is always sent.
 */
export function copyRequest(
  target: string,
  source: ChatbotSettings,
  targetSettings: ChatbotSettings | null | undefined,
  keys: readonly ChatbotSettingKey[],
  unknown: UnknownFields = {},
): EditRequest {
  const request: Record<string, unknown> = { serialNumber: target };
  if (targetSettings === undefined) return request as EditRequest;
  const sourceUnknown = new Set(unknown.source);
  const targetUnknown = new Set(unknown.target);
  for (const key of keys) {
    if (sourceUnknown.has(key)) continue;
    if (targetSettings === null || targetUnknown.has(key) || !Object.is(targetSettings[key], source[key])) request[key] = source[key];
  }
  return request as EditRequest;
}

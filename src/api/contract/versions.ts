import * as z from 'zod/mini';
import { chatbotSettingsSchema, CHATBOT_SETTING_KEYS, type ChatbotSettingKey } from './chatbot';
import { chatbotId, pageNumber, pageSize } from './primitives';
import { VERSION_SOURCES } from './version-source';

const settingKey = z.enum(CHATBOT_SETTING_KEYS as [ChatbotSettingKey, ...ChatbotSettingKey[]]);

export const versionSummarySchema = z.object({
  Version: z.int().check(z.gte(1)),
  /** Milliseconds since the epoch. */
  CreatedAt: z.int(),
  /** The settings this save changed, in the order of the Edit fields. */
  ChangedFields: z.array(settingKey),
  Source: z.enum(VERSION_SOURCES),
  RestoredFrom: z.nullable(z.int().check(z.gte(1))),
  /** The console member who saved it, as named then; null for an API client or a save before members existed. */
  EditedBy: z.optional(z.nullable(z.string())),
  /**
   * Proxy mode: the settings this version does not know, because none was ever sent through
   * this console up to it (the hosted service cannot report them). Their values in Settings are
   * NEUTRAL_SETTINGS placeholders. Absent or empty: every value is known.
   */
  UnknownFields: z.optional(z.array(settingKey)),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** POST /chat/Chatbot/Versions: newest first. */
export const versionsRequestSchema = z.strictObject({
  serialNumber: chatbotId,
  PageNumber: z.optional(pageNumber),
  PageSize: z.optional(pageSize),
});
export type VersionsRequest = z.infer<typeof versionsRequestSchema>;
export const versionsResponseDataSchema = z.object({
  List: z.array(versionSummarySchema),
  VirtualCount: z.int(),
});
export type VersionsResponse = z.infer<typeof versionsResponseDataSchema>;

/** POST /chat/Chatbot/VersionDetail: one version with every setting as it was saved. */
export const versionDetailRequestSchema = z.strictObject({
  serialNumber: chatbotId,
  Version: z.int({ error: 'must be a whole number' }).check(z.gte(1, { error: 'must be 1 or more' })),
});
export type VersionDetailRequest = z.infer<typeof versionDetailRequestSchema>;
export const versionDetailResponseDataSchema = z.extend(versionSummarySchema, { Settings: chatbotSettingsSchema });
export type VersionDetail = z.infer<typeof versionDetailResponseDataSchema>;

/** Proxy mode: Detail's 404 before any save of a chatbot passed through this console. It names no field, so the form reads it as "nothing known yet". */
export const NOTHING_SAVED_YET = 'No save of this chatbot has passed through this console yet, and the hosted service cannot report its settings.';

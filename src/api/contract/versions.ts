import { z } from 'zod';
import { chatbotSettingsSchema, CHATBOT_SETTING_KEYS } from './chatbot';
import { chatbotId, pageNumber, pageSize } from './primitives';

/**
 * Settings history (design.md, our addition to the interface): the local service stores a
 * version of all settings with every successful Edit, in the Edit's own transaction.
 *
 * Source says who made it: `created` (the chatbot's first settings), `console` (an Edit sent
 * by this console, which says so in the VERSION_SOURCE_HEADER), `other` (any other client of
 * the service). A save that restored an earlier version names it in RestoredFrom.
 */
export const VERSION_SOURCES = ['created', 'console', 'other'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** Sent with an Edit by this console: `console`, or `console; restored-from=3`. Not part of the body, so Edit stays as the interface has it. */
export const VERSION_SOURCE_HEADER = 'x-settings-source';

/** The header's value for an Edit sent by this console, restoring `restoredFrom` when given. */
export function versionSourceHeaderValue(restoredFrom?: number): string {
  return restoredFrom === undefined ? 'console' : `console; restored-from=${restoredFrom}`;
}

/** What a VERSION_SOURCE_HEADER says; anything else (or none) is another client. */
export function parseVersionSourceHeader(value: string | undefined): { Source: Exclude<VersionSource, 'created'>; RestoredFrom: number | null } {
  const match = /^console(?:;\s*restored-from=(\d{1,9}))?$/.exec(value?.trim() ?? '');
  if (!match) return { Source: 'other', RestoredFrom: null };
  return { Source: 'console', RestoredFrom: match[1] === undefined ? null : Number(match[1]) };
}

const settingKey = z.enum(CHATBOT_SETTING_KEYS as [string, ...string[]]);

export const versionSummarySchema = z.object({
  Version: z.int().min(1),
  /** Milliseconds since the epoch. */
  CreatedAt: z.int(),
  /** The settings this save changed, in the order of the Edit fields. */
  ChangedFields: z.array(settingKey),
  Source: z.enum(VERSION_SOURCES),
  RestoredFrom: z.int().min(1).nullable(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** POST /chat/Chatbot/Versions: newest first. */
export const versionsRequestSchema = z.strictObject({
  serialNumber: chatbotId,
  PageNumber: pageNumber.optional(),
  PageSize: pageSize.optional(),
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
  Version: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 or more' }),
});
export type VersionDetailRequest = z.infer<typeof versionDetailRequestSchema>;
export const versionDetailResponseDataSchema = versionSummarySchema.extend({ Settings: chatbotSettingsSchema });
export type VersionDetail = z.infer<typeof versionDetailResponseDataSchema>;

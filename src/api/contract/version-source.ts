/* Kept free of zod, like endpoints.ts: the client sends the header before the schemas load. */

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

import {
  CHATBOT_SETTING_KEYS,
  NEUTRAL_SETTINGS,
  type ChatbotSettingKey,
  type ChatbotSettings,
  type VersionDetail,
  type VersionSource,
  type VersionSummary,
} from '../../src/api/contract';
import type { SaveOrigin } from '../db/chatbots';
import type { Db } from '../db';

/*
 * Proxy mode: the team's settings history of the hosted service, which keeps none and cannot
 * report a chatbot's settings. A version per Edit this console forwarded and the hosted service
 * accepted, each holding the settings known after it: everything ever sent through this console
 * for that chatbot. The first version of a chatbot holds only what was sent, and every version
 * names the fields it does not know (UnknownFields), so nobody mistakes a placeholder for a value.
 * Edits made elsewhere (the hosted service's own dashboard, API clients that call it directly)
 * never pass here and are not in it.
 */

interface VersionRow {
  version: number;
  created_at: number;
  changed_fields: string;
  source: string;
  restored_from: number | null;
  edited_by: string | null;
  settings: string;
}

/** The settings a version knows: only setting keys, whatever an older row holds. */
function knownOf(json: string): Partial<ChatbotSettings> {
  const stored = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(CHATBOT_SETTING_KEYS.filter((key) => key in stored).map((key) => [key, stored[key]])) as Partial<ChatbotSettings>;
}

const unknownOf = (known: Partial<ChatbotSettings>): ChatbotSettingKey[] => CHATBOT_SETTING_KEYS.filter((key) => !(key in known));

function summaryOf(row: VersionRow): VersionSummary {
  return {
    Version: row.version,
    CreatedAt: row.created_at,
    ChangedFields: JSON.parse(row.changed_fields) as ChatbotSettingKey[],
    Source: row.source as VersionSource,
    RestoredFrom: row.restored_from,
    EditedBy: row.edited_by,
    UnknownFields: unknownOf(knownOf(row.settings)),
  };
}

/** The settings as the team last saved them, with the neutral placeholders for what nobody sent. */
export interface KnownSettings {
  settings: ChatbotSettings;
  unknownFields: ChatbotSettingKey[];
}

export type ProxySettingsHistory = ReturnType<typeof proxySettingsHistoryStatements>;

export function proxySettingsHistoryStatements(db: Db) {
  const newest = db.prepare<[string], VersionRow>('SELECT * FROM proxy_settings_versions WHERE chatbot_id = ? ORDER BY version DESC LIMIT 1');
  const insert = db.prepare(
    `INSERT INTO proxy_settings_versions (chatbot_id, version, created_at, changed_fields, source, restored_from, edited_by, settings)
     VALUES (@chatbotId, @version, @createdAt, @changedFields, @source, @restoredFrom, @editedBy, @settings)`,
  );
  const page = db.prepare<[string, number, number], VersionRow>(
    'SELECT * FROM proxy_settings_versions WHERE chatbot_id = ? ORDER BY version DESC LIMIT ? OFFSET ?',
  );
  const count = db.prepare<[string], { count: number }>('SELECT count(*) AS count FROM proxy_settings_versions WHERE chatbot_id = ?');
  const one = db.prepare<[string, number], VersionRow>('SELECT * FROM proxy_settings_versions WHERE chatbot_id = ? AND version = ?');

  /**
   * An accepted Edit's fields over what was known: the version it makes, or null when it changed
   * nothing the team knew (acknowledged, but no version, as the local service does). A field
   * nobody had sent before counts as changed: its earlier value is not known.
   */
  const record = db.transaction((chatbotId: string, patch: Partial<ChatbotSettings>, origin: SaveOrigin, now: number): VersionSummary | null => {
    const previous = newest.get(chatbotId);
    const known = previous ? knownOf(previous.settings) : {};
    const changed = CHATBOT_SETTING_KEYS.filter((key) => patch[key] !== undefined && (!(key in known) || known[key] !== patch[key]));
    if (changed.length === 0) return null;
    const next: Partial<ChatbotSettings> = { ...known };
    for (const key of changed) Object.assign(next, { [key]: patch[key] });
    const row: VersionRow = {
      version: (previous?.version ?? 0) + 1,
      created_at: now,
      changed_fields: JSON.stringify(changed),
      source: origin.Source,
      // Only a version this history holds; the hosted service never saw the header.
      restored_from: origin.RestoredFrom !== null && one.get(chatbotId, origin.RestoredFrom) ? origin.RestoredFrom : null,
      edited_by: origin.EditedBy ?? null,
      settings: JSON.stringify(next),
    };
    insert.run({
      chatbotId,
      version: row.version,
      createdAt: row.created_at,
      changedFields: row.changed_fields,
      source: row.source,
      restoredFrom: row.restored_from,
      editedBy: row.edited_by,
      settings: row.settings,
    });
    return summaryOf(row);
  });

  return {
    record: (chatbotId: string, patch: Partial<ChatbotSettings>, origin: SaveOrigin, now: number): VersionSummary | null =>
      record(chatbotId, patch, origin, now),

    /** Newest first. */
    versions: (chatbotId: string, pageNumber: number, pageSize: number): { List: VersionSummary[]; VirtualCount: number } => ({
      List: page.all(chatbotId, pageSize, (pageNumber - 1) * pageSize).map(summaryOf),
      VirtualCount: count.get(chatbotId)?.count ?? 0,
    }),

    version(chatbotId: string, version: number): VersionDetail | null {
      const row = one.get(chatbotId, version);
      return row ? { ...summaryOf(row), Settings: { ...NEUTRAL_SETTINGS, ...knownOf(row.settings) } } : null;
    },

    /** The settings as last saved through this console, or null before the first save. */
    latest(chatbotId: string): KnownSettings | null {
      const row = newest.get(chatbotId);
      if (!row) return null;
      const known = knownOf(row.settings);
      return { settings: { ...NEUTRAL_SETTINGS, ...known }, unknownFields: unknownOf(known) };
    },
  };
}

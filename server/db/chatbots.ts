import { CHATBOT_SETTING_KEYS, type ChatbotSettings, type VersionDetail, type VersionSource, type VersionSummary } from '../../src/api/contract';
import { DEMO_CHATBOT_SETTINGS } from '../../src/demo-data';
import type { Db } from './database';

export type ChatbotStore = ReturnType<typeof createChatbotStore>;

/** Who made a save: the version's Source and, for a restore, the version it brought back. */
export interface SaveOrigin {
  Source: Exclude<VersionSource, 'created'>;
  RestoredFrom: number | null;
  /** The console member who saved it; null for an API client. */
  EditedBy?: string | null;
}

interface VersionRow {
  version: number;
  createdAt: number;
  changedFields: string;
  source: string;
  restoredFrom: number | null;
  editedBy: string | null;
  settings?: string;
}

/** Stored settings over the defaults, so a field added in a later version has a value. */
function settingsOf(json: string): ChatbotSettings {
  return { ...DEMO_CHATBOT_SETTINGS, ...(JSON.parse(json) as Partial<ChatbotSettings>) };
}

function summaryOf(row: VersionRow): VersionSummary {
  return {
    Version: row.version,
    CreatedAt: row.createdAt,
    ChangedFields: JSON.parse(row.changedFields) as VersionSummary['ChangedFields'],
    Source: row.source as VersionSource,
    RestoredFrom: row.restoredFrom,
    EditedBy: row.editedBy,
  };
}

/**
 * Chatbot settings, kept as one JSON document per chatbot (nothing filters on them), and their
 * history: a version with all settings for the first ones and for every save that changed
 * something, written in the save's own transaction, so an acknowledged save always has it.
 */
export function createChatbotStore(db: Db) {
  const selectSettings = db.prepare<[string], { settings: string }>('SELECT settings FROM chatbots WHERE id = ?');
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO chatbots (id, settings, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  const updateSettings = db.prepare<[string, number, string]>('UPDATE chatbots SET settings = ?, updated_at = ? WHERE id = ?');
  const insertVersion = db.prepare<[string, number, number, string, string, number | null, string, string | null]>(
    `INSERT INTO chatbot_versions (chatbot_id, version, created_at, changed_fields, source, restored_from, settings, edited_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const latestVersion = db.prepare<[string], { version: number | null }>('SELECT max(version) AS version FROM chatbot_versions WHERE chatbot_id = ?');
  const countVersions = db.prepare<[string], { count: number }>('SELECT count(*) AS count FROM chatbot_versions WHERE chatbot_id = ?');
  const pageOfVersions = db.prepare<[string, number, number], VersionRow>(
    `SELECT version, created_at AS createdAt, changed_fields AS changedFields, source, restored_from AS restoredFrom, edited_by AS editedBy
     FROM chatbot_versions WHERE chatbot_id = ? ORDER BY version DESC LIMIT ? OFFSET ?`,
  );
  const selectVersion = db.prepare<[string, number], VersionRow>(
    `SELECT version, created_at AS createdAt, changed_fields AS changedFields, source, restored_from AS restoredFrom, edited_by AS editedBy, settings
     FROM chatbot_versions WHERE chatbot_id = ? AND version = ?`,
  );

  const get = (id: string): ChatbotSettings | null => {
    const row = selectSettings.get(id);
    return row ? settingsOf(row.settings) : null;
  };

  const create = db.transaction((id: string, settings: ChatbotSettings, now: number): void => {
    const json = JSON.stringify(settings);
    insert.run(id, json, now, now);
    insertVersion.run(id, 1, now, '[]', 'created', null, json, null);
  });

  /** The fields whose value the patch really changes, in the order of the Edit fields. */
  const changedFields = (current: ChatbotSettings, patch: Partial<ChatbotSettings>) =>
    CHATBOT_SETTING_KEYS.filter((key) => patch[key] !== undefined && patch[key] !== current[key]);

  const update = db.transaction((id: string, patch: Partial<ChatbotSettings>, now: number, origin: SaveOrigin): VersionSummary | null | false => {
    const current = get(id);
    if (!current) return false;
    const changed = changedFields(current, patch);
    const next = { ...current, ...patch };
    const json = JSON.stringify(next);
    updateSettings.run(json, now, id);
    // A save that changes nothing is acknowledged, but leaves no version behind.
    if (changed.length === 0) return null;
    const version = (latestVersion.get(id)?.version ?? 0) + 1;
    const editedBy = origin.EditedBy ?? null;
    insertVersion.run(id, version, now, JSON.stringify(changed), origin.Source, origin.RestoredFrom, json, editedBy);
    return { Version: version, CreatedAt: now, ChangedFields: changed, Source: origin.Source, RestoredFrom: origin.RestoredFrom, EditedBy: editedBy };
  });

  return {
    get,
    exists: (id: string) => selectSettings.get(id) !== undefined,
    /** A new chatbot, and its first version. */
    create: (id: string, settings: ChatbotSettings, now: number): void => create(id, settings, now),
    /**
     * Merges the given fields into the stored ones and records the version it makes (null when
     * nothing changed); false when there is no such chatbot.
     */
    update: (id: string, patch: Partial<ChatbotSettings>, now: number, origin: SaveOrigin = { Source: 'other', RestoredFrom: null }) =>
      update(id, patch, now, origin),
    /** Newest first. */
    versions(id: string, page: number, pageSize: number): { List: VersionSummary[]; VirtualCount: number } {
      return {
        List: pageOfVersions.all(id, pageSize, (page - 1) * pageSize).map(summaryOf),
        VirtualCount: countVersions.get(id)?.count ?? 0,
      };
    },
    version(id: string, version: number): VersionDetail | null {
      const row = selectVersion.get(id, version);
      return row ? { ...summaryOf(row), Settings: settingsOf(row.settings!) } : null;
    },
  };
}

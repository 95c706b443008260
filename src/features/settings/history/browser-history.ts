import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  versionDetailResponseDataSchema,
  type ChatbotSettingKey,
  type ChatbotSettings,
  type VersionDetail,
  type VersionsResponse,
  type VersionSummary,
} from '../../../api/contract';

/**
 * The settings history of a service that keeps none (the hosted one): the saves made from this
 * browser, in IndexedDB, per chatbot. Bounded to MAX_VERSIONS_PER_CHATBOT: the oldest go first,
 * and version numbers keep counting up, so a number is never reused for other settings.
 */
export const MAX_VERSIONS_PER_CHATBOT = 50;
export const HISTORY_DB_NAME = 'realty-bot-settings-history';

interface StoredVersion extends VersionDetail {
  chatbotId: string;
}

interface HistorySchema extends DBSchema {
  versions: { key: [string, number]; value: StoredVersion; indexes: { byChatbot: string } };
}

export interface RecordedSave {
  /** The settings as they were before the save: kept as the first version when there is none yet. */
  before: ChatbotSettings;
  after: ChatbotSettings;
  changedFields: ChatbotSettingKey[];
  restoredFrom: number | null;
  /** When it was saved (default: now). */
  now?: number;
}

export interface BrowserHistory {
  record(chatbotId: string, save: RecordedSave): Promise<VersionSummary | null>;
  list(chatbotId: string, page: number, pageSize: number): Promise<VersionsResponse>;
  get(chatbotId: string, version: number): Promise<VersionDetail | null>;
}

/** A stored record, checked: anything another version of the app or a broken write left is skipped. */
function validVersion(value: unknown): VersionDetail | null {
  const parsed = versionDetailResponseDataSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function summaryOf({ Version, CreatedAt, ChangedFields, Source, RestoredFrom }: VersionDetail): VersionSummary {
  return { Version, CreatedAt, ChangedFields, Source, RestoredFrom };
}

export function openBrowserHistory(name = HISTORY_DB_NAME): BrowserHistory {
  let opened: Promise<IDBPDatabase<HistorySchema>> | null = null;
  const database = () =>
    (opened ??= openDB<HistorySchema>(name, 1, {
      upgrade(db) {
        db.createObjectStore('versions', { keyPath: ['chatbotId', 'Version'] }).createIndex('byChatbot', 'chatbotId');
      },
    }));

  /** Every valid version of a chatbot, newest first. */
  async function versionsOf(chatbotId: string): Promise<VersionDetail[]> {
    const stored = await (await database()).getAllFromIndex('versions', 'byChatbot', chatbotId);
    return stored
      .map(validVersion)
      .filter((version): version is VersionDetail => version !== null)
      .sort((a, b) => b.Version - a.Version);
  }

  return {
    async record(chatbotId, { before, after, changedFields, restoredFrom, now = Date.now() }) {
      if (changedFields.length === 0) return null;
      const db = await database();
      const transaction = db.transaction('versions', 'readwrite');
      const store = transaction.store;
      const existing = (await store.index('byChatbot').getAllKeys(chatbotId)).map(([, version]) => version);
      let latest = existing.length === 0 ? 0 : Math.max(...existing);
      if (latest === 0) {
        // What this browser saw before its first save, so that save can be undone too.
        await store.put({ chatbotId, Version: 1, CreatedAt: now, ChangedFields: [], Source: 'other', RestoredFrom: null, Settings: before });
        latest = 1;
      }
      const saved: StoredVersion = { chatbotId, Version: latest + 1, CreatedAt: now, ChangedFields: changedFields, Source: 'console', RestoredFrom: restoredFrom, Settings: after };
      await store.put(saved);
      const kept = [...existing, ...(existing.length === 0 ? [1] : []), saved.Version].sort((a, b) => b - a);
      for (const version of kept.slice(MAX_VERSIONS_PER_CHATBOT)) await store.delete([chatbotId, version]);
      await transaction.done;
      return summaryOf(saved);
    },
    async list(chatbotId, page, pageSize) {
      const versions = await versionsOf(chatbotId);
      return { List: versions.slice((page - 1) * pageSize, page * pageSize).map(summaryOf), VirtualCount: versions.length };
    },
    async get(chatbotId, version) {
      return (await versionsOf(chatbotId)).find((candidate) => candidate.Version === version) ?? null;
    },
  };
}

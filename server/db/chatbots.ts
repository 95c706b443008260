import type { ChatbotSettings } from '../../src/api/contract';
import { DEMO_CHATBOT_SETTINGS } from '../../src/test-data';
import type { Db } from './database';

export type ChatbotStore = ReturnType<typeof createChatbotStore>;

/** Chatbot settings, kept as one JSON document per chatbot: nothing filters on them. */
export function createChatbotStore(db: Db) {
  const selectSettings = db.prepare<[string], { settings: string }>('SELECT settings FROM chatbots WHERE id = ?');
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO chatbots (id, settings, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  const updateSettings = db.prepare<[string, number, string]>('UPDATE chatbots SET settings = ?, updated_at = ? WHERE id = ?');

  /** Stored settings over the defaults, so a field added in a later version has a value. */
  const get = (id: string): ChatbotSettings | null => {
    const row = selectSettings.get(id);
    if (!row) return null;
    return { ...DEMO_CHATBOT_SETTINGS, ...(JSON.parse(row.settings) as Partial<ChatbotSettings>) };
  };

  const update = db.transaction((id: string, patch: Partial<ChatbotSettings>, now: number): boolean => {
    const current = get(id);
    if (!current) return false;
    updateSettings.run(JSON.stringify({ ...current, ...patch }), now, id);
    return true;
  });

  return {
    get,
    exists: (id: string) => selectSettings.get(id) !== undefined,
    create(id: string, settings: ChatbotSettings, now: number): void {
      insert.run(id, JSON.stringify(settings), now, now);
    },
    /** Merges the given fields into the stored ones; false when there is no such chatbot. */
    update: (id: string, patch: Partial<ChatbotSettings>, now: number): boolean => update(id, patch, now),
  };
}

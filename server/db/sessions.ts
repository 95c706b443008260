import type { Db } from './database';

export interface Session {
  id: number;
  chatbotId: string;
  createdAt: number;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db) {
  const insert = db.prepare<[string, number]>('INSERT INTO sessions (chatbot_id, created_at) VALUES (?, ?)');
  const select = db.prepare<[number], Session>(
    'SELECT id, chatbot_id AS chatbotId, created_at AS createdAt FROM sessions WHERE id = ?',
  );
  return {
    create: (chatbotId: string, now: number): number => Number(insert.run(chatbotId, now).lastInsertRowid),
    get: (id: number): Session | null => select.get(id) ?? null,
  };
}

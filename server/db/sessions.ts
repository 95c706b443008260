import type { Db } from './database';

export interface Session {
  id: number;
  chatbotId: string;
  createdAt: number;
  /** Set on sessions the public widget opened (server/routes/widget.ts); null for the console's. */
  visitorToken: string | null;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db) {
  const insert = db.prepare<[string, number, string | null]>('INSERT INTO sessions (chatbot_id, created_at, visitor_token) VALUES (?, ?, ?)');
  const select = db.prepare<[number], Session>(
    'SELECT id, chatbot_id AS chatbotId, created_at AS createdAt, visitor_token AS visitorToken FROM sessions WHERE id = ?',
  );
  return {
    create: (chatbotId: string, now: number, visitorToken: string | null = null): number =>
      Number(insert.run(chatbotId, now, visitorToken).lastInsertRowid),
    get: (id: number): Session | null => select.get(id) ?? null,
  };
}

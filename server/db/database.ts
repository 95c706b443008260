import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type Db = Database.Database;

/**
 * Opens (creating when needed) and migrates the service's database. WAL lets readers run
 * beside the writer; synchronous=FULL makes every acknowledged write survive a kill -9 or
 * a power cut, which NORMAL does not promise in WAL mode. The console's own store
 * (server/console/store.ts) opens its file the same way, with its own `migrations`.
 */
export function openDatabase(file: string, migrations?: readonly string[]): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

import { API_CLIENT_FILTER, type ActivityAction, type ActivityEntry, type ActivityTarget } from '../../src/api/contract/activity';
import type { Db } from '../db';

/*
 * The activity table of the console's store (store.ts creates it). Append-only: this module
 * inserts entries and reads them; the only delete is the retention sweep of entries older
 * than ACTIVITY_RETENTION_DAYS, which no route reaches.
 */

export interface NewActivity {
  at: number;
  memberId: string | null;
  memberName: string;
  chatbotId: string | null;
  action: ActivityAction;
  target: ActivityTarget;
  code: number;
  message: string;
}

/** Which entries a reader may see: all of them, or those of the chatbots they are granted (null: every chatbot's, none without one). */
export type ActivityScope = { all: true } | { all: false; chatbots: readonly string[] | null };

export interface ActivityFilters {
  member?: string;
  chatbot?: string;
  action?: ActivityAction;
  from?: number;
  to?: number;
}

interface ActivityRow {
  id: number;
  at: number;
  member_id: string | null;
  member_name: string;
  chatbot_id: string | null;
  action: ActivityAction;
  target: string;
  code: number;
  message: string;
}

function entryOf(row: ActivityRow): ActivityEntry {
  return {
    Id: row.id,
    At: row.at,
    MemberId: row.member_id,
    MemberName: row.member_name,
    ChatbotId: row.chatbot_id,
    Action: row.action,
    Target: JSON.parse(row.target) as ActivityTarget,
    Code: row.code,
    Message: row.message,
  };
}

/**
 * The WHERE clause and its parameters for a scope and filters: each filter is an indexed column,
 * and each index reads newest first by (at, id), the order of every read here (store.ts).
 */
function whereOf(scope: ActivityScope, filters: ActivityFilters): { sql: string; parameters: unknown[] } {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  if (!scope.all) {
    if (scope.chatbots === null) clauses.push('chatbot_id IS NOT NULL');
    else {
      clauses.push(`chatbot_id IN (${scope.chatbots.map(() => '?').join(', ') || 'NULL'})`);
      parameters.push(...scope.chatbots);
    }
  }
  if (filters.member === API_CLIENT_FILTER) clauses.push('member_id IS NULL');
  else if (filters.member !== undefined) {
    clauses.push('member_id = ?');
    parameters.push(filters.member);
  }
  if (filters.chatbot !== undefined) {
    clauses.push('chatbot_id = ?');
    parameters.push(filters.chatbot);
  }
  if (filters.action !== undefined) {
    clauses.push('action = ?');
    parameters.push(filters.action);
  }
  if (filters.from !== undefined) {
    clauses.push('at >= ?');
    parameters.push(filters.from);
  }
  if (filters.to !== undefined) {
    clauses.push('at < ?');
    parameters.push(filters.to);
  }
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, parameters };
}

export interface ListingKey {
  keyType: string;
  key: string;
}

/**
 * The newest successful write that named any of a listing's keys, as one statement: looked up by
 * rowid from activity_listing_keys (NOT INDEXED keeps SQLite from walking the chatbot's index,
 * which would read its whole record). Exported so a test can check the plan stays a lookup.
 */
export function latestListingChangeQuery(scope: ActivityScope, chatbotId: string, keys: readonly ListingKey[]): { sql: string; parameters: unknown[] } {
  const { sql, parameters } = whereOf(scope, { chatbot: chatbotId });
  return {
    sql: `SELECT * FROM activity NOT INDEXED ${sql} AND code = 200 AND coalesce(json_extract(target, '$.Count'), 1) > 0
      AND id IN (SELECT activity_id FROM activity_listing_keys WHERE chatbot_id = ? AND (key_type, key) IN (VALUES ${keys.map(() => '(?, ?)').join(', ')}))
      ORDER BY id DESC LIMIT 1`,
    parameters: [...parameters, chatbotId, ...keys.flatMap(({ keyType, key }) => [keyType, key])],
  };
}

export type ActivityStore = ReturnType<typeof activityStatements>;

const INSERT_ENTRY =
  'INSERT INTO activity (at, member_id, member_name, chatbot_id, action, target, code, message) VALUES (@at, @memberId, @memberName, @chatbotId, @action, @target, @code, @message)';

/**
 * `db` is the store's own connection (synchronous=FULL). `appender`, a second connection to the
 * same file with synchronous=NORMAL, writes only the entries of writes passed to a service
 * (appendAfterService): each is its own commit after the service's, and waiting for a second disk
 * flush there cost 1-2 ms per write on a busy disk (npm run bench). In WAL mode a NORMAL commit
 * survives the process being killed (npm run durability), and the next FULL commit flushes it;
 * only a power cut in between can lose it. Console actions and everything else stay FULL.
 */
export function activityStatements(db: Db, appender: Db = db) {
  const insert = db.prepare(INSERT_ENTRY);
  const append = appender.prepare(INSERT_ENTRY);
  const removeBefore = db.prepare<[number]>('DELETE FROM activity WHERE at < ?');

  return {
    /** An entry in the caller's transaction (a console action's own). */
    add(entry: NewActivity): void {
      insert.run({ ...entry, target: JSON.stringify(entry.target) });
    },

    /** The entry of a write a service already committed: its own commit, without a second wait for the disk. */
    appendAfterService(entry: NewActivity): void {
      append.run({ ...entry, target: JSON.stringify(entry.target) });
    },

    /** One page, newest first, and how many entries match. */
    page(scope: ActivityScope, filters: ActivityFilters, page: number, pageSize: number): { List: ActivityEntry[]; VirtualCount: number } {
      const { sql, parameters } = whereOf(scope, filters);
      const rows = db.prepare<unknown[], ActivityRow>(`SELECT * FROM activity ${sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`).all(...parameters, pageSize, (page - 1) * pageSize);
      const { count } = db.prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM activity ${sql}`).get(...parameters)!;
      return { List: rows.map(entryOf), VirtualCount: count };
    },

    /**
     * Every matching entry, newest first, in batches (for the CSV export). Each batch is its own
     * short read that starts after the last entry of the one before, so the caller may wait
     * between batches while entries are written; `at <= ?` keeps each read on its index range.
     */
    *batches(scope: ActivityScope, filters: ActivityFilters, batch = 1_000): Generator<ActivityEntry[]> {
      const { sql, parameters } = whereOf(scope, filters);
      const statement = db.prepare<unknown[], ActivityRow>(
        `SELECT * FROM activity ${sql ? `${sql} AND` : 'WHERE'} at <= ? AND (at < ? OR id < ?) ORDER BY at DESC, id DESC LIMIT ?`,
      );
      let last = { at: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
      for (;;) {
        const rows = statement.all(...parameters, last.at, last.at, last.id, batch);
        if (rows.length > 0) yield rows.map(entryOf);
        if (rows.length < batch) return;
        last = rows[rows.length - 1]!;
      }
    },

    /** The members named in the entries a reader may see, for the Member filter (from activity_members, store.ts). */
    members(scope: ActivityScope): { Id: string; Name: string }[] {
      // activity_members names entries of no chatbot '' (scope.chatbots null: every chatbot's entries).
      const within = scope.all ? '' : scope.chatbots === null ? "WHERE chatbot_id <> ''" : `WHERE chatbot_id IN (${scope.chatbots.map(() => '?').join(', ') || 'NULL'})`;
      const rows = db
        .prepare<unknown[], { member_id: string; member_name: string }>(
          // SQLite takes a bare column from the row max() picks: each member's latest name.
          `SELECT member_id, member_name, max(latest_id) AS latest FROM activity_members ${within} GROUP BY member_id ORDER BY member_name`,
        )
        .all(...(scope.all || scope.chatbots === null ? [] : scope.chatbots));
      return rows.map((row) => ({ Id: row.member_id, Name: row.member_name }));
    },

    /**
     * The newest create, update or delete of one listing that the service accepted and that
     * changed something (an update matching no listing did not), among the entries a reader may
     * see; null when there is none. `keys` are the listing's keys by KeyType: an entry names the
     * listing by the key its request used. The entries come from activity_listing_keys (store.ts
     * fills it as entries are written), newest first, so the first that qualifies ends the search.
     */
    latestListingChange(scope: ActivityScope, chatbotId: string, keys: readonly ListingKey[]): ActivityEntry | null {
      if (keys.length === 0) return null;
      const { sql, parameters } = latestListingChangeQuery(scope, chatbotId, keys);
      const row = db.prepare<unknown[], ActivityRow>(sql).get(...parameters);
      return row ? entryOf(row) : null;
    },

    /** Retention: the server alone removes entries older than `cutoff`. */
    removeBefore: (cutoff: number): number =>
      db.transaction(() => {
        const { changes } = removeBefore.run(cutoff);
        // A member row stands for entries whose ids are all at most its latest_id: below the oldest entry left, none is.
        if (changes > 0) db.exec('DELETE FROM activity_members WHERE latest_id < coalesce((SELECT min(id) FROM activity), latest_id + 1)');
        return changes;
      })(),
  };
}

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

/** The WHERE clause and its parameters for a scope and filters: each filter is an indexed column. */
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

export type ActivityStore = ReturnType<typeof activityStatements>;

export function activityStatements(db: Db) {
  const insert = db.prepare(
    'INSERT INTO activity (at, member_id, member_name, chatbot_id, action, target, code, message) VALUES (@at, @memberId, @memberName, @chatbotId, @action, @target, @code, @message)',
  );
  const removeBefore = db.prepare<[number]>('DELETE FROM activity WHERE at < ?');

  return {
    add(entry: NewActivity): void {
      insert.run({ ...entry, target: JSON.stringify(entry.target) });
    },

    /** One page, newest first, and how many entries match. */
    page(scope: ActivityScope, filters: ActivityFilters, page: number, pageSize: number): { List: ActivityEntry[]; VirtualCount: number } {
      const { sql, parameters } = whereOf(scope, filters);
      const rows = db.prepare<unknown[], ActivityRow>(`SELECT * FROM activity ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...parameters, pageSize, (page - 1) * pageSize);
      const { count } = db.prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM activity ${sql}`).get(...parameters)!;
      return { List: rows.map(entryOf), VirtualCount: count };
    },

    /** Every matching entry, newest first, read a page at a time (for the CSV export). */
    *each(scope: ActivityScope, filters: ActivityFilters, batch = 1_000): Generator<ActivityEntry> {
      const { sql, parameters } = whereOf(scope, filters);
      const statement = db.prepare<unknown[], ActivityRow>(`SELECT * FROM activity ${sql ? `${sql} AND` : 'WHERE'} id < ? ORDER BY id DESC LIMIT ?`);
      let before = Number.MAX_SAFE_INTEGER;
      for (;;) {
        const rows = statement.all(...parameters, before, batch);
        for (const row of rows) yield entryOf(row);
        if (rows.length < batch) return;
        before = rows[rows.length - 1]!.id;
      }
    },

    /** The members named in the entries a reader may see, for the Member filter. */
    members(scope: ActivityScope): { Id: string; Name: string }[] {
      const { sql, parameters } = whereOf(scope, {});
      const rows = db
        .prepare<unknown[], { member_id: string; member_name: string }>(
          // SQLite takes a bare column from the row max() picks: each member's latest name.
          `SELECT member_id, member_name, max(id) AS latest FROM activity ${sql ? `${sql} AND` : 'WHERE'} member_id IS NOT NULL GROUP BY member_id ORDER BY member_name`,
        )
        .all(...parameters);
      return rows.map((row) => ({ Id: row.member_id, Name: row.member_name }));
    },

    /** Retention: the server alone removes entries older than `cutoff`. */
    removeBefore: (cutoff: number): number => removeBefore.run(cutoff).changes,
  };
}

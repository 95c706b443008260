import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Member } from '../../src/api/contract/bootstrap';
import type { Invitation, MemberListEntry } from '../../src/api/contract/console-access';
import type { Role } from '../../src/api/contract/permissions';
import { activityStatements, type ActivityStore } from './activity-store';
import { proxySettingsHistoryStatements } from './proxy-settings-history';
import { openDatabase, type Db } from '../db';
import { CONSOLE_DATABASE_FILE } from '../data-files';

/**
 * The console's own store: members, their passwords, signed-in sessions, invitations and
 * setup links. It lives beside the local service's database under DATA_DIR, in both modes
 * (the proxy has it too), and this module is the only one that knows its tables: a business
 * that ever runs several console replicas moves this module to PostgreSQL and nothing else.
 * Tokens (session ids, setup and invitation links) are stored as their SHA-256 only.
 */
export { CONSOLE_DATABASE_FILE };

/** The console store's schema, one step per version (server/db/migrations.ts runs them); append, never edit. */
export const CONSOLE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE members (
    id               TEXT PRIMARY KEY,
    email            TEXT UNIQUE,
    name             TEXT NOT NULL,
    role             TEXT NOT NULL,
    chatbots         TEXT NOT NULL,
    disabled         INTEGER NOT NULL DEFAULT 0,
    demo             INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    last_sign_in_at  INTEGER
  ) STRICT;

  CREATE TABLE passwords (
    member_id   TEXT PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
    hash        TEXT NOT NULL,
    updated_at  INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE console_sessions (
    id            TEXT PRIMARY KEY,
    token_hash    BLOB NOT NULL UNIQUE,
    member_id     TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL,
    user_agent    TEXT NOT NULL
  ) STRICT;
  CREATE INDEX console_sessions_member ON console_sessions (member_id);

  CREATE TABLE invitations (
    id          TEXT PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    email       TEXT NOT NULL,
    role        TEXT NOT NULL,
    chatbots    TEXT NOT NULL,
    invited_by  TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER,
    revoked_at  INTEGER
  ) STRICT;

  CREATE TABLE setup_tokens (
    token_hash  BLOB PRIMARY KEY,
    email       TEXT,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
  ) STRICT;

  -- One-way switches, such as 'demo_ended': once a member has a credential, the demo sign-in is off for good.
  CREATE TABLE flags (
    name  TEXT PRIMARY KEY
  ) STRICT;

  -- Chat sessions a member opened through the proxy, so a question in one is held to the grant of its chatbot.
  CREATE TABLE proxied_chat_sessions (
    session_id  INTEGER PRIMARY KEY,
    chatbot_id  TEXT NOT NULL
  ) STRICT;
  `,
  `
  -- A member's passkeys (WebAuthn credentials): the public key only, never a secret.
  CREATE TABLE passkeys (
    id                TEXT PRIMARY KEY,
    member_id         TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    webauthn_user_id  TEXT NOT NULL,
    name              TEXT NOT NULL,
    public_key        BLOB NOT NULL,
    counter           INTEGER NOT NULL,
    transports        TEXT NOT NULL,
    backed_up         INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    last_used_at      INTEGER
  ) STRICT;
  CREATE INDEX passkeys_member ON passkeys (member_id);
  `,
  `
  -- The activity record: append-only (no statement here updates or deletes an entry, but the
  -- retention sweep of old ones). Names are kept as they were when the member acted.
  CREATE TABLE activity (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    at           INTEGER NOT NULL,
    member_id    TEXT,
    member_name  TEXT NOT NULL,
    chatbot_id   TEXT,
    action       TEXT NOT NULL,
    target       TEXT NOT NULL,
    code         INTEGER NOT NULL,
    message      TEXT NOT NULL
  ) STRICT;
  CREATE INDEX activity_at ON activity (at);
  CREATE INDEX activity_member ON activity (member_id, id);
  CREATE INDEX activity_chatbot ON activity (chatbot_id, id);
  CREATE INDEX activity_action ON activity (action, id);
  `,
  `
  -- Proxy mode: the team's settings history of the hosted service, which keeps none. A version
  -- per Edit this console forwarded and the hosted service accepted; settings holds the values
  -- known after it (what was ever sent through this console), so the first holds only what was sent.
  CREATE TABLE proxy_settings_versions (
    chatbot_id     TEXT NOT NULL,
    version        INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    changed_fields TEXT NOT NULL,
    source         TEXT NOT NULL,
    restored_from  INTEGER,
    edited_by      TEXT,
    settings       TEXT NOT NULL,
    PRIMARY KEY (chatbot_id, version)
  ) STRICT;
  `,
  `
  -- Which activity entries name a listing (its PlatformId, MLS number or URL, as the request
  -- named it), so a listing's last change is an index lookup rather than a scan of its chatbot's
  -- record (40-65 ms at 100,000 entries). Filled by the trigger as entries are written, and here
  -- from those already written; an entry's rows go with it when retention removes it.
  CREATE TABLE activity_listing_keys (
    chatbot_id   TEXT NOT NULL,
    key_type     TEXT NOT NULL,
    key          TEXT NOT NULL,
    activity_id  INTEGER NOT NULL REFERENCES activity (id) ON DELETE CASCADE,
    PRIMARY KEY (chatbot_id, key_type, key, activity_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX activity_listing_keys_entry ON activity_listing_keys (activity_id);

  -- The guards keep an entry the index cannot hold (no chatbot, no KeyType, a key twice) from
  -- failing its own insert, and with it the action written in the same transaction.
  CREATE TRIGGER activity_listing_keys_add AFTER INSERT ON activity
  WHEN new.action IN ('listing.create', 'listing.update', 'listing.delete') AND new.chatbot_id IS NOT NULL
    AND json_type(new.target, '$.KeyType') = 'text'
  BEGIN
    INSERT OR IGNORE INTO activity_listing_keys (chatbot_id, key_type, key, activity_id)
      SELECT new.chatbot_id, json_extract(new.target, '$.KeyType'), value, new.id FROM json_each(new.target, '$.Keys')
      WHERE type = 'text';
  END;

  INSERT OR IGNORE INTO activity_listing_keys (chatbot_id, key_type, key, activity_id)
    SELECT activity.chatbot_id, json_extract(activity.target, '$.KeyType'), keys.value, activity.id
    FROM activity, json_each(activity.target, '$.Keys') AS keys
    WHERE activity.action IN ('listing.create', 'listing.update', 'listing.delete') AND activity.chatbot_id IS NOT NULL
      AND keys.type = 'text' AND json_type(activity.target, '$.KeyType') = 'text';
  `,
  `
  -- The Activity page at 100,000 entries (npm run bench, Activity): newest first is by time
  -- (at, then id), and each filter's index reads its matches in that order, from the newest,
  -- with a date range on the same index; so a first page reads 50 rows rather than sorting every
  -- match (a 30-day range sorted 8,000 rows per page). The member and action indexes carry the
  -- chatbot too, so an Agent's count checks its grant in the index, not in each row.
  DROP INDEX activity_member;
  DROP INDEX activity_chatbot;
  DROP INDEX activity_action;
  CREATE INDEX activity_member_at ON activity (member_id, at, id, chatbot_id);
  CREATE INDEX activity_chatbot_at ON activity (chatbot_id, at, id);
  CREATE INDEX activity_action_at ON activity (action, at, id, chatbot_id);

  -- Who appears in the record, per chatbot ('' for entries of none), with the name of their
  -- latest entry: the Member filter's list in a few dozen rows instead of grouping every entry
  -- on each page (190 ms at 100,000). Kept by the trigger as entries are written; retention
  -- (activity-store.ts) drops a row once every entry it stands for is gone.
  CREATE TABLE activity_members (
    chatbot_id   TEXT NOT NULL,
    member_id    TEXT NOT NULL,
    member_name  TEXT NOT NULL,
    latest_id    INTEGER NOT NULL,
    PRIMARY KEY (chatbot_id, member_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TRIGGER activity_members_add AFTER INSERT ON activity
  WHEN new.member_id IS NOT NULL
  BEGIN
    INSERT INTO activity_members (chatbot_id, member_id, member_name, latest_id)
      VALUES (coalesce(new.chatbot_id, ''), new.member_id, new.member_name, new.id)
      ON CONFLICT (chatbot_id, member_id) DO UPDATE SET member_name = excluded.member_name, latest_id = excluded.latest_id;
  END;

  -- SQLite takes the bare member_name from the row max() picks: each pair's latest name.
  INSERT INTO activity_members (chatbot_id, member_id, member_name, latest_id)
    SELECT coalesce(chatbot_id, ''), member_id, member_name, max(id) FROM activity WHERE member_id IS NOT NULL GROUP BY 1, 2;
  `,
];

interface MemberRow {
  id: string;
  email: string | null;
  name: string;
  role: Role;
  chatbots: string;
  disabled: number;
  demo: number;
  created_at: number;
  last_sign_in_at: number | null;
}

interface SessionRow {
  id: string;
  member_id: string;
  created_at: number;
  last_seen_at: number;
  user_agent: string;
}

interface PasskeyRow {
  id: string;
  member_id: string;
  webauthn_user_id: string;
  name: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  chatbots: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface StoredMember extends MemberListEntry {
  disabled: boolean;
}

export interface StoredSession {
  id: string;
  memberId: string;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string;
}

export interface StoredPasskey {
  /** The credential id, base64url, as the authenticator made it. */
  id: string;
  memberId: string;
  /** The WebAuthn user handle the authenticator keeps with it: the same for all of one member's passkeys. */
  webauthnUserId: string;
  name: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface StoredInvitation extends Invitation {
  usedAt: number | null;
  revokedAt: number | null;
}

function memberOf(row: MemberRow): StoredMember {
  return {
    id: row.id,
    email: row.email ?? '',
    name: row.name,
    role: row.role,
    chatbots: JSON.parse(row.chatbots) as string[],
    demo: row.demo === 1,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

function sessionOf(row: SessionRow): StoredSession {
  return { id: row.id, memberId: row.member_id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, userAgent: row.user_agent };
}

function passkeyOf(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    memberId: row.member_id,
    webauthnUserId: row.webauthn_user_id,
    name: row.name,
    publicKey: new Uint8Array(row.public_key),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    backedUp: row.backed_up === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

function invitationOf(row: InvitationRow): StoredInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    chatbots: JSON.parse(row.chatbots) as string[],
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
  };
}

/** Only what the browser is told of a member. */
export function publicMember(member: StoredMember): Member {
  return { id: member.id, email: member.email, name: member.name, role: member.role, chatbots: member.chatbots, demo: member.demo };
}

/** What the Members page is told of a member: the public fields, status and dates. */
export function memberListEntry(member: StoredMember): MemberListEntry {
  return { ...publicMember(member), disabled: member.disabled, lastSignInAt: member.lastSignInAt, createdAt: member.createdAt };
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;

export function openConsoleStore(dataDir: string): ConsoleStore {
  const file = join(dataDir, CONSOLE_DATABASE_FILE);
  const db = openDatabase(file, CONSOLE_MIGRATIONS);
  // The activity entries of service writes go through a connection of their own (activity-store.ts says why).
  const appender = openDatabase(file);
  appender.pragma('synchronous = NORMAL');
  return createConsoleStore(db, appender);
}

export function createConsoleStore(db: Db, appender: Db = db) {
  const activity: ActivityStore = activityStatements(db, appender);
  const proxySettingsHistory = proxySettingsHistoryStatements(db);
  const statements = {
    memberById: db.prepare<[string], MemberRow>('SELECT * FROM members WHERE id = ?'),
    memberByEmail: db.prepare<[string], MemberRow>('SELECT * FROM members WHERE email = ?'),
    members: db.prepare<[], MemberRow>('SELECT * FROM members ORDER BY created_at, id'),
    insertMember: db.prepare(
      'INSERT INTO members (id, email, name, role, chatbots, demo, created_at) VALUES (@id, @email, @name, @role, @chatbots, @demo, @createdAt)',
    ),
    updateMember: db.prepare('UPDATE members SET role = @role, chatbots = @chatbots, disabled = @disabled WHERE id = @id'),
    updateIdentity: db.prepare('UPDATE members SET email = @email, name = @name, demo = 0 WHERE id = @id'),
    deleteMember: db.prepare<[string]>('DELETE FROM members WHERE id = ?'),
    deleteDemoMembers: db.prepare('DELETE FROM members WHERE demo = 1'),
    markSignIn: db.prepare<[number, string]>('UPDATE members SET last_sign_in_at = ? WHERE id = ?'),
    countActiveOwners: db.prepare<[], { count: number }>(
      "SELECT count(*) AS count FROM members WHERE role = 'Owner' AND disabled = 0 AND demo = 0",
    ),
    passwordOf: db.prepare<[string], { hash: string }>('SELECT hash FROM passwords WHERE member_id = ?'),
    setPassword: db.prepare(
      'INSERT INTO passwords (member_id, hash, updated_at) VALUES (@memberId, @hash, @now) ON CONFLICT (member_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at',
    ),
    insertSession: db.prepare(
      'INSERT INTO console_sessions (id, token_hash, member_id, created_at, last_seen_at, user_agent) VALUES (@id, @tokenHash, @memberId, @now, @now, @userAgent)',
    ),
    sessionByToken: db.prepare<[Buffer], SessionRow>('SELECT id, member_id, created_at, last_seen_at, user_agent FROM console_sessions WHERE token_hash = ?'),
    sessionsOf: db.prepare<[string], SessionRow>(
      'SELECT id, member_id, created_at, last_seen_at, user_agent FROM console_sessions WHERE member_id = ? ORDER BY last_seen_at DESC',
    ),
    touchSession: db.prepare<[number, string]>('UPDATE console_sessions SET last_seen_at = ? WHERE id = ?'),
    deleteSession: db.prepare<[string]>('DELETE FROM console_sessions WHERE id = ?'),
    deleteSessionOf: db.prepare<[string, string]>('DELETE FROM console_sessions WHERE id = ? AND member_id = ?'),
    deleteSessionsOf: db.prepare<[string]>('DELETE FROM console_sessions WHERE member_id = ?'),
    deleteStaleSessions: db.prepare<[number, number]>('DELETE FROM console_sessions WHERE last_seen_at < ? OR created_at < ?'),
    insertInvitation: db.prepare(
      'INSERT INTO invitations (id, token_hash, email, role, chatbots, invited_by, created_at, expires_at) VALUES (@id, @tokenHash, @email, @role, @chatbots, @invitedBy, @createdAt, @expiresAt)',
    ),
    invitationByToken: db.prepare<[Buffer], InvitationRow>('SELECT * FROM invitations WHERE token_hash = ?'),
    pendingInvitations: db.prepare<[number], InvitationRow>(
      'SELECT * FROM invitations WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC',
    ),
    useInvitation: db.prepare<[number, string]>('UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL'),
    revokeInvitation: db.prepare<[number, string]>('UPDATE invitations SET revoked_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL'),
    insertSetupToken: db.prepare('INSERT INTO setup_tokens (token_hash, email, created_at, expires_at) VALUES (@tokenHash, @email, @now, @expiresAt)'),
    useSetupToken: db.prepare<[number, Buffer, number]>(
      'UPDATE setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email',
    ),
    passkeyById: db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ?'),
    passkeysOf: db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE member_id = ? ORDER BY created_at, id'),
    insertPasskey: db.prepare(
      'INSERT INTO passkeys (id, member_id, webauthn_user_id, name, public_key, counter, transports, backed_up, created_at) VALUES (@id, @memberId, @webauthnUserId, @name, @publicKey, @counter, @transports, @backedUp, @now)',
    ),
    usePasskey: db.prepare<[number, number, string]>('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?'),
    renamePasskey: db.prepare<[string, string, string]>('UPDATE passkeys SET name = ? WHERE id = ? AND member_id = ?'),
    deletePasskey: db.prepare<[string, string]>('DELETE FROM passkeys WHERE id = ? AND member_id = ?'),
    hasFlag: db.prepare<[string], { name: string }>('SELECT name FROM flags WHERE name = ?'),
    setFlag: db.prepare<[string]>('INSERT OR IGNORE INTO flags (name) VALUES (?)'),
    recordChatSession: db.prepare<[number, string]>('INSERT OR REPLACE INTO proxied_chat_sessions (session_id, chatbot_id) VALUES (?, ?)'),
    chatbotOfChatSession: db.prepare<[number], { chatbot_id: string }>('SELECT chatbot_id FROM proxied_chat_sessions WHERE session_id = ?'),
  };

  const memberById = (id: string): StoredMember | null => {
    const row = statements.memberById.get(id);
    return row ? memberOf(row) : null;
  };

  return {
    close: (): void => {
      if (appender !== db) appender.close();
      db.close();
    },
    transaction: <T>(work: () => T): T => db.transaction(work)(),

    memberById,
    memberByEmail(email: string): StoredMember | null {
      const row = statements.memberByEmail.get(email);
      return row ? memberOf(row) : null;
    },
    members: (): StoredMember[] => statements.members.all().map(memberOf),
    /** Owners who can sign in: the demo owner does not count. */
    activeOwnerCount: (): number => statements.countActiveOwners.get()!.count,
    addMember(fields: { email: string | null; name: string; role: Role; chatbots: readonly string[]; demo?: boolean }, now: number): StoredMember {
      const id = randomUUID();
      statements.insertMember.run({
        id,
        email: fields.email,
        name: fields.name,
        role: fields.role,
        chatbots: JSON.stringify(fields.chatbots),
        demo: fields.demo ? 1 : 0,
        createdAt: now,
      });
      return memberById(id)!;
    },
    changeMember(member: StoredMember, change: { role: Role; chatbots: readonly string[]; disabled: boolean }): StoredMember {
      statements.updateMember.run({ id: member.id, role: change.role, chatbots: JSON.stringify(change.chatbots), disabled: change.disabled ? 1 : 0 });
      return memberById(member.id)!;
    },
    /** The demo owner takes a real email and name: it is then an ordinary owner. */
    setIdentity(memberId: string, email: string, name: string): void {
      statements.updateIdentity.run({ id: memberId, email, name });
    },
    removeMember: (id: string): boolean => statements.deleteMember.run(id).changes > 0,
    removeDemoMembers: (): void => void statements.deleteDemoMembers.run(),
    markSignIn: (memberId: string, now: number): void => void statements.markSignIn.run(now, memberId),

    passwordHashOf: (memberId: string): string | null => statements.passwordOf.get(memberId)?.hash ?? null,
    setPasswordHash: (memberId: string, hash: string, now: number): void => void statements.setPassword.run({ memberId, hash, now }),

    addSession(memberId: string, tokenHash: Buffer, userAgent: string, now: number): StoredSession {
      const id = randomUUID();
      statements.insertSession.run({ id, tokenHash, memberId, now, userAgent: userAgent.slice(0, 300) });
      return { id, memberId, createdAt: now, lastSeenAt: now, userAgent };
    },
    sessionByToken(tokenHash: Buffer): StoredSession | null {
      const row = statements.sessionByToken.get(tokenHash);
      return row ? sessionOf(row) : null;
    },
    sessionsOf: (memberId: string): StoredSession[] => statements.sessionsOf.all(memberId).map(sessionOf),
    touchSession: (sessionId: string, now: number): void => void statements.touchSession.run(now, sessionId),
    endSession: (sessionId: string): boolean => statements.deleteSession.run(sessionId).changes > 0,
    endSessionOf: (sessionId: string, memberId: string): boolean => statements.deleteSessionOf.run(sessionId, memberId).changes > 0,
    endSessionsOf: (memberId: string): number => statements.deleteSessionsOf.run(memberId).changes,
    /** Sessions past their idle timeout or their lifetime, which no request will ever accept again. */
    endStaleSessions: (idleSince: number, createdBefore: number): number => statements.deleteStaleSessions.run(idleSince, createdBefore).changes,

    addInvitation(
      fields: { tokenHash: Buffer; email: string; role: Role; chatbots: readonly string[]; invitedBy: string; expiresAt: number },
      now: number,
    ): StoredInvitation {
      const id = randomUUID();
      statements.insertInvitation.run({ ...fields, id, chatbots: JSON.stringify(fields.chatbots), createdAt: now });
      return invitationOf({ ...fields, id, chatbots: JSON.stringify(fields.chatbots), invited_by: fields.invitedBy, created_at: now, expires_at: fields.expiresAt, used_at: null, revoked_at: null });
    },
    invitationByToken(tokenHash: Buffer): StoredInvitation | null {
      const row = statements.invitationByToken.get(tokenHash);
      return row ? invitationOf(row) : null;
    },
    pendingInvitations: (now: number): StoredInvitation[] => statements.pendingInvitations.all(now).map(invitationOf),
    /** False when it was used or revoked meanwhile: an invitation is accepted once. */
    useInvitation: (id: string, now: number): boolean => statements.useInvitation.run(now, id).changes > 0,
    revokeInvitation: (id: string, now: number): boolean => statements.revokeInvitation.run(now, id).changes > 0,
    /** The newest invitation for `email` that can still be accepted (single sign-on accepts it). */
    pendingInvitationForEmail: (email: string, now: number): StoredInvitation | null =>
      statements.pendingInvitations.all(now).map(invitationOf).find((invitation) => invitation.email === email) ?? null,

    addSetupToken(tokenHash: Buffer, email: string | null, now: number, expiresAt: number): void {
      statements.insertSetupToken.run({ tokenHash, email, now, expiresAt });
    },
    /** Uses a setup token once; the email it is bound to (null for any), or undefined when it is unknown, used or expired. */
    useSetupToken(tokenHash: Buffer, now: number): string | null | undefined {
      const row = statements.useSetupToken.get(now, tokenHash, now) as { email: string | null } | undefined;
      return row === undefined ? undefined : row.email;
    },

    passkeyById(id: string): StoredPasskey | null {
      const row = statements.passkeyById.get(id);
      return row ? passkeyOf(row) : null;
    },
    passkeysOf: (memberId: string): StoredPasskey[] => statements.passkeysOf.all(memberId).map(passkeyOf),
    addPasskey(passkey: Omit<StoredPasskey, 'createdAt' | 'lastUsedAt'>, now: number): void {
      statements.insertPasskey.run({
        ...passkey,
        publicKey: Buffer.from(passkey.publicKey),
        transports: JSON.stringify(passkey.transports),
        backedUp: passkey.backedUp ? 1 : 0,
        now,
      });
    },
    /** After a sign-in: the authenticator's new signature counter, and when it was last used. */
    usePasskey: (id: string, counter: number, now: number): void => void statements.usePasskey.run(counter, now, id),
    renamePasskey: (id: string, memberId: string, name: string): boolean => statements.renamePasskey.run(name, id, memberId).changes > 0,
    removePasskey: (id: string, memberId: string): boolean => statements.deletePasskey.run(id, memberId).changes > 0,

    activity,
    proxySettingsHistory,

    hasFlag: (name: string): boolean => statements.hasFlag.get(name) !== undefined,
    setFlag: (name: string): void => void statements.setFlag.run(name),

    recordChatSession: (sessionId: number, chatbotId: string): void => void statements.recordChatSession.run(sessionId, chatbotId),
    chatbotOfChatSession: (sessionId: number): string | null => statements.chatbotOfChatSession.get(sessionId)?.chatbot_id ?? null,
  };
}

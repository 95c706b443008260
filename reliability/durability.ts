/**
 * `npm run durability`: does every write the local service acknowledged survive a kill -9?
 *
 * The service runs as its own process on one throwaway DATA_DIR, kept across restarts.
 * Several writers create, update and delete listings (creating some in RealEstateBatch
 * requests), and edit two chatbots' settings, as fast as the service answers. A batch cut off
 * by a kill is sent again after the restart, with the same ImportId, as a resumed import
 * would: its receipts must answer the items that had landed, so no listing appears twice. At a random moment the service is killed with SIGKILL (so
 * writes are in flight), restarted on the same data, and everything is read back and
 * checked against the ledger (reliability/ledger.ts): every acknowledged write must be
 * there; a write that was in flight may or may not have landed. Prints the kills, the
 * acknowledged writes and the writes lost (each record, listing or settings, whose state no
 * acknowledged history explains counts as one), and exits non-zero when one was lost, when a
 * listing of ours appears that no write made, or when the service refused a write.
 *
 * The activity record too: each check also reads the entries written since the last one from
 * the console's store (console.sqlite in the same DATA_DIR). Every acknowledged Edit, create,
 * update, delete and batch must have its entry (the service writes it before the answer goes,
 * activity.ts); a write cut off by the kill may have one or none; no write has two.
 *
 * Backups too (`npm run backup`, server/backup.ts): in some rounds a backup is started among the
 * writers and the service is killed while it runs; every other time the backup process is
 * killed as well. After the restart the original data is checked as in any round. A backup that
 * finished must hold, once a service is started on it, every listing as the writes acknowledged
 * before the backup began left it (listings written since are left out: they may or may not be
 * in the copy), settings that match their newest version, and every activity entry written
 * before it began. A backup cut off by its kill must be recognisably incomplete: no folder
 * under the name asked for (at most `<folder>.incomplete`), never a truncated copy there.
 *
 * DURABILITY_KILLS (default 25) sets the number of kills, DURABILITY_WRITERS (default 6) the
 * listing writers, DURABILITY_BACKUPS (default 6, 0 for none) how many of the rounds take a
 * backup, DURABILITY_SEED the random seed (printed, to replay a run's choices).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import { call } from '../bench/api';
import { ROOT, startLocalService, type LocalService } from '../bench/service';
import { DATABASE_FILE } from '../server/app';
import { INCOMPLETE_SUFFIX } from '../server/backup';
import { CONSOLE_DATABASE_FILE } from '../server/console/store';
import { listingRowOf, OPTIONAL_LISTING_FIELDS, type BatchRequest, type ChatbotDetail, type CreateListingRequest, type EditRequest, type ListingRow, type RequestOf, type ResponseOf } from '../src/api/contract';
import type { ActivityAction, ActivityTarget } from '../src/api/contract/activity';
import { createListing, createRandom, type Random } from '../src/demo-data';
import { EntryLedger, Ledger, type CheckResult, type Effect } from './ledger';
import { send } from './send';

const KILLS = wholeNumber('DURABILITY_KILLS', 25);
const LISTING_WRITERS = wholeNumber('DURABILITY_WRITERS', 6);
const BACKUPS = Math.min(KILLS, wholeNumber('DURABILITY_BACKUPS', 6, 0));
const SEED = wholeNumber('DURABILITY_SEED', Date.now() % 1_000_000_000);
/** How long the writers run before the kill: random in this range, so the kill hits any moment. */
const RUN_MS = { min: 200, max: 1500 } as const;
/**
 * In a backup round, the kill comes this long after the backup says it has begun: random in
 * this range, which spans a backup of the few MB a run writes (copy, check, sync and rename),
 * so the kill lands before, in and after each step.
 */
const BACKUP_KILL_MS = { min: 0, max: 150 } as const;

const LISTINGS_BOT = 'durability-listings';
const SETTINGS_BOTS = ['durability-settings-1', 'durability-settings-2'] as const;
/** Our listings' MLS numbers start with this; the bot's 60 seeded demo listings are left out of the check. */
const MLS_PREFIX = 'DUR-';
const PAGE_SIZE = 100;

function wholeNumber(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name}: must be a whole number of at least ${min}, got "${raw}"`);
  return Number(raw);
}

function log(message: string): void {
  console.log(`[durability] ${message}`);
}

/** A listing as the list shows it, without the ID the service picks; null when absent. */
type ListingState = Omit<ListingRow, 'ID'> | null;
type SettingsState = Omit<ChatbotDetail, 'serialNumber'>;

function stateOf({ ID: _id, ...row }: ListingRow): Omit<ListingRow, 'ID'> {
  return row;
}

const listings = new Ledger<ListingState>(null);
const settings = new Ledger<SettingsState>({} as SettingsState);
/** IDs of our listings, from acknowledged creates and from each check; for PlatformId keys. */
const listingIds = new Map<string, number>();
/** The activity entries owed: one per write, by the write's operation and the record's key (MLS number, chatbot or ImportId). */
const entries = new EntryLedger();
const signature = (name: WriteName | 'RealEstateBatch', key: string) => `${name} ${key}`;

const tally = {
  create: 0,
  /** Batches sent (their items count as creates), and those sent again after a kill. */
  batch: 0,
  batchAgain: 0,
  update: 0,
  delete: 0,
  edit: 0,
  /** Error envelopes: the service refused a write the script thought valid (a bug either way). */
  rejected: [] as string[],
};

type WriteName = 'RealEstateCreate' | 'RealEstateUpdate' | 'RealEstateDelete' | 'Edit';

/**
 * While a backup runs: the records written since it began (answered after that moment). Whether
 * such a write is in the copy depends on when SQLite took its snapshot, so the copy is checked
 * on the other records only.
 */
let writtenSinceBackup: Set<string> | null = null;

/** Per listing writer, the batch a kill cut off: sent again first in the next round. */
const unansweredBatches = new Map<number, BatchRequest>();

interface Round {
  baseUrl: string;
  /** Set at the kill: a writer stops after its current write. */
  killed: boolean;
  random: Random;
}

/**
 * Sends one write and books it: acknowledged, or unanswered (the service died first). An
 * error envelope is booked as unanswered too (it may not say whether anything landed) and
 * reported, since every write here is valid. Returns false when the writer should stop.
 */
async function write<Name extends WriteName, State>(
  round: Round,
  ledger: Ledger<State>,
  key: string,
  name: Name,
  body: RequestOf<Name>,
  /** The write's effect, given its answer's Data (undefined when no answer came). */
  effectOf: (data: ResponseOf<Name> | undefined) => Effect<State>,
): Promise<boolean> {
  const reply = await send(round.baseUrl, name, body);
  writtenSinceBackup?.add(key);
  if (reply.kind === 'ok') {
    ledger.acknowledged(key, effectOf(reply.data));
    entries.acknowledged(signature(name, key));
    return !round.killed;
  }
  ledger.unanswered(key, effectOf(undefined));
  entries.unanswered(signature(name, key));
  if (reply.kind === 'rejected') tally.rejected.push(`${name} ${key}: ${reply.status} ${reply.message}`);
  return false;
}

let listingSequence = 0;

/** A fresh, valid listing under `mlsNumber`, different on every call. */
function listingBody(mlsNumber: string, random: Random): CreateListingRequest {
  return createListing({
    SerialNumber: LISTINGS_BOT,
    MLSNumber: mlsNumber,
    Url: `https://homes.example.com/durability/${mlsNumber.toLowerCase()}`,
    Description: `Version ${random.int(1, 1_000_000)} of ${mlsNumber}`,
    Bedrooms: random.int(0, 8),
    SalePrice: random.int(50_000, 5_000_000),
  });
}

const rowOf = (body: CreateListingRequest): Omit<ListingRow, 'ID'> => stateOf(listingRowOf(body, 0));

/**
 * Sends a batch of creates and books each item as its own write. Without an answer the batch
 * is kept, to be sent again (same ImportId, same RowKeys) after the restart.
 */
async function writeBatch(round: Round, writer: number, body: BatchRequest): Promise<boolean> {
  const reply = await send(round.baseUrl, 'RealEstateBatch', body);
  body.Items.forEach(({ Listing }, index) => {
    const listing = Listing as CreateListingRequest;
    writtenSinceBackup?.add(listing.MLSNumber);
    const result = reply.kind === 'ok' ? reply.data.Results[index] : undefined;
    if (result?.Success) {
      listings.acknowledged(listing.MLSNumber, () => rowOf(listing));
      if (result.PlatformId !== undefined) listingIds.set(listing.MLSNumber, Number(result.PlatformId));
    } else {
      listings.unanswered(listing.MLSNumber, () => rowOf(listing));
      if (result) tally.rejected.push(`RealEstateBatch item ${listing.MLSNumber}: ${result.Code} ${result.Message}`);
    }
  });
  if (reply.kind === 'ok') entries.acknowledged(signature('RealEstateBatch', body.ImportId));
  else entries.unanswered(signature('RealEstateBatch', body.ImportId));
  if (reply.kind === 'ok') return !round.killed;
  if (reply.kind === 'rejected') tally.rejected.push(`RealEstateBatch ${body.ImportId}: ${reply.status} ${reply.message}`);
  else unansweredBatches.set(writer, body);
  return false;
}

/** One writer of listings: it owns the listings it created, and writes to one at a time. */
async function listingWriter(round: Round, writer: number, owned: string[]): Promise<void> {
  const { random } = round;
  const cutOff = unansweredBatches.get(writer);
  if (cutOff) {
    unansweredBatches.delete(writer);
    tally.batchAgain += 1;
    if (!(await writeBatch(round, writer, cutOff))) return;
  }
  for (;;) {
    const present = owned.filter((key) => {
      const state = listings.certain(key);
      return state !== null && state !== undefined;
    });
    const roll = random.next();
    if (roll < 0.1) {
      listingSequence += 1;
      const importId = `${MLS_PREFIX}${SEED}-${writer}-batch-${listingSequence}`;
      const Items = Array.from({ length: random.int(2, 20) }, (_, index) => {
        const key = `${importId}-${index}`;
        listings.track(key, null);
        owned.push(key);
        return { RowKey: index, Operation: 'Create' as const, Listing: listingBody(key, random) };
      });
      tally.create += Items.length;
      tally.batch += 1;
      if (!(await writeBatch(round, writer, { SerialNumber: LISTINGS_BOT, ImportId: importId, Items }))) return;
    } else if (present.length === 0 || roll < 0.4) {
      listingSequence += 1;
      const key = `${MLS_PREFIX}${SEED}-${writer}-${listingSequence}`;
      const body = listingBody(key, random);
      listings.track(key, null);
      owned.push(key);
      tally.create += 1;
      const going = await write(round, listings, key, 'RealEstateCreate', body, (id) => {
        if (id !== undefined) listingIds.set(key, Number(id));
        return () => rowOf(body);
      });
      if (!going) return;
    } else if (roll < 0.8) {
      const key = random.pick(present);
      const id = listingIds.get(key);
      const byId = id !== undefined && random.chance(0.5);
      const fields = listingBody(key, random);
      // The ledger books an update as replacing the whole listing. An optional field left out of
      // an update keeps its stored value, so the ones this listing has none of are cleared (null).
      const cleared = Object.fromEntries(OPTIONAL_LISTING_FIELDS.filter((field) => fields[field] === undefined).map((field) => [field, null]));
      const body = { ...fields, ...cleared, Key: byId ? String(id) : key, KeyType: byId ? ('PlatformId' as const) : ('MLSNumber' as const) };
      tally.update += 1;
      // The service says how many listings it updated; 0 means nothing changed.
      const going = await write(round, listings, key, 'RealEstateUpdate', body, (count) => (state) =>
        count === 0 || state === null ? state : rowOf(fields),
      );
      if (!going) return;
    } else {
      const key = random.pick(present);
      tally.delete += 1;
      const going = await write(round, listings, key, 'RealEstateDelete', { SerialNumber: LISTINGS_BOT, Keys: [key], KeyType: 'MLSNumber' }, () => () => null);
      if (!going) return;
    }
  }
}

/** Changing values for a random subset of settings; every edit differs from the last. */
function editOf(serialNumber: string, random: Random): EditRequest {
  const n = random.int(1, 1_000_000);
  const all: Omit<EditRequest, 'serialNumber'> = {
    Name: `Durable bot ${n}`,
    WelcomeMessage: `Welcome, visitor number ${n}`,
    Temperature: n % 100,
    ChatBubbleColor: `rgb(${n % 256},${(n * 7) % 256},${(n * 13) % 256})`,
    RateLimitCount: 1 + (n % 500),
    MessageLimit: n % 3 === 0 ? -1 : 1 + n,
    SuggestedMessage: `Homes under ${n} dollars`,
    EnableUploadImage: n % 2 === 0,
    AIResponseLanguage: random.pick(['English', 'French', 'German', 'Spanish']),
  };
  const chosen = Object.entries(all).filter(() => random.chance(0.5));
  return { serialNumber, ...Object.fromEntries(chosen.length > 0 ? chosen : Object.entries(all).slice(0, 1)) };
}

/** The only writer of one chatbot's settings. */
async function settingsWriter(round: Round, serialNumber: string): Promise<void> {
  for (;;) {
    const { serialNumber: _id, ...changes } = editOf(serialNumber, round.random);
    tally.edit += 1;
    const going = await write(round, settings, serialNumber, 'Edit', { serialNumber, ...changes }, () => (state) => ({ ...state, ...changes }));
    if (!going) return;
  }
}

/** Every listing of ours the service holds, by MLS number, with its ID; a second row for one number is reported. */
async function readListings(baseUrl: string): Promise<{ observed: Map<string, ListingState>; ids: Map<string, number>; duplicates: string[] }> {
  const observed = new Map<string, ListingState>();
  const ids = new Map<string, number>();
  const duplicates: string[] = [];
  for (let page = 1; ; page += 1) {
    const { List, VirtualCount } = await call(baseUrl, 'RealEstateList', { SerialNumber: LISTINGS_BOT, PageNumber: page, PageSize: PAGE_SIZE });
    for (const row of List) {
      if (!row.MLSNumber.startsWith(MLS_PREFIX)) continue;
      if (observed.has(row.MLSNumber)) duplicates.push(row.MLSNumber);
      observed.set(row.MLSNumber, stateOf(row));
      ids.set(row.MLSNumber, row.ID);
    }
    if (List.length === 0 || page * PAGE_SIZE >= VirtualCount) break;
  }
  return { observed, ids, duplicates };
}

async function readSettings(baseUrl: string): Promise<Map<string, SettingsState>> {
  const observed = new Map<string, SettingsState>();
  for (const serialNumber of SETTINGS_BOTS) {
    const { serialNumber: _id, ...state } = await call(baseUrl, 'Detail', { serialNumber });
    observed.set(serialNumber, state);
  }
  return observed;
}

/**
 * Every save is stored with its settings version in one transaction: after any kill, each
 * chatbot's newest version holds exactly its current settings.
 */
async function versionMismatches(baseUrl: string, current: Map<string, SettingsState>): Promise<string[]> {
  const mismatches: string[] = [];
  for (const [serialNumber, state] of current) {
    const { List } = await call(baseUrl, 'Versions', { serialNumber, PageSize: 1 });
    const newest = List[0] ? await call(baseUrl, 'VersionDetail', { serialNumber, Version: List[0].Version }) : null;
    if (JSON.stringify(newest?.Settings) !== JSON.stringify(state)) mismatches.push(`settings of ${serialNumber} (its newest version differs)`);
  }
  return mismatches;
}

const OPERATION_OF: Partial<Record<ActivityAction, WriteName | 'RealEstateBatch'>> = {
  'settings.save': 'Edit',
  'listing.create': 'RealEstateCreate',
  'listing.update': 'RealEstateUpdate',
  'listing.delete': 'RealEstateDelete',
  'listings.batch': 'RealEstateBatch',
};

interface EntryRow {
  id: number;
  action: ActivityAction;
  chatbot_id: string | null;
  target: string;
  code: number;
}

/** The id of the last entry read: each check reads only those written since. */
let lastEntryId = 0;
let entriesRead = 0;

/**
 * Reads the entries written since the last check from the console's store and books each
 * under its write's signature: a listing by its MLS number (a create names its PlatformId,
 * an update may), Edits by chatbot, batches by ImportId. Every write here is a valid one, so
 * an entry of a refusal is reported like the refusal.
 */
function readEntries(dataDir: string): void {
  const mlsOfId = new Map([...listingIds].map(([mls, id]) => [String(id), mls]));
  const db = new Database(join(dataDir, CONSOLE_DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[number], EntryRow>('SELECT id, action, chatbot_id, target, code FROM activity WHERE id > ? ORDER BY id').all(lastEntryId);
    for (const row of rows) {
      lastEntryId = row.id;
      entriesRead += 1;
      const name = OPERATION_OF[row.action];
      const target = JSON.parse(row.target) as ActivityTarget;
      if (name === undefined || row.code !== 200) {
        tally.rejected.push(`entry ${row.id}: ${row.action} ${row.code} (${row.target})`);
        continue;
      }
      const key = name === 'Edit' ? row.chatbot_id : name === 'RealEstateBatch' ? target.ImportId : target.KeyType === 'PlatformId' ? mlsOfId.get(target.Keys?.[0] ?? '') : target.Keys?.[0];
      entries.observed(signature(name, key ?? `(unknown: ${row.target})`));
    }
  } finally {
    db.close();
  }
}

async function start(dataDir: string): Promise<LocalService> {
  return startLocalService(dataDir, [LISTINGS_BOT, ...SETTINGS_BOTS]);
}

/** SIGKILL, then waits until the process is gone and its port refuses connections. */
async function kill(service: LocalService): Promise<void> {
  process.kill(service.pid, 'SIGKILL');
  while (service.exitStatus() === null) await sleep(10);
  const stillAnswers = await fetch(`${service.url}/console/health`).then(
    () => true,
    () => false,
  );
  if (stillAnswers) throw new Error(`The service answered on ${service.url} after it was killed`);
}

interface Totals {
  lost: string[];
  unexpected: string[];
  landedAnyway: number;
  /** Records with acknowledged writes short of their activity entries, how many entries they lack, and entries no write explains. */
  entriesMissing: string[];
  missingEntries: number;
  entriesExtra: string[];
  unansweredWithEntry: number;
}

function add(totals: Totals, result: CheckResult, what: string): void {
  totals.lost.push(...result.lost.map((key) => `${what} ${key}`));
  totals.unexpected.push(...result.unexpected.map((key) => `${what} ${key}`));
  totals.landedAnyway += result.unansweredLanded.length;
}

async function check(baseUrl: string, dataDir: string, totals: Totals): Promise<void> {
  const { observed, ids, duplicates } = await readListings(baseUrl);
  for (const [key, id] of ids) listingIds.set(key, id);
  add(totals, listings.check(observed), 'listing');
  totals.unexpected.push(...duplicates.map((key) => `listing ${key} (a second row)`));
  const current = await readSettings(baseUrl);
  add(totals, settings.check(current), 'settings of');
  totals.unexpected.push(...(await versionMismatches(baseUrl, current)));
  // After the listings: their check knows the ids of listings created by writes cut off.
  readEntries(dataDir);
  const recorded = entries.check();
  totals.entriesMissing.push(...recorded.missing);
  totals.missingEntries += recorded.missingEntries;
  totals.entriesExtra.push(...recorded.extra);
  totals.unansweredWithEntry += recorded.unansweredWithEntry;
}

/** The activity entries written so far: a backup that begins now must hold every one of them. */
function activitySoFar(dataDir: string): { count: number; lastId: number } {
  const db = new Database(join(dataDir, CONSOLE_DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[], { count: number; lastId: number | null }>('SELECT count(*) AS count, max(id) AS lastId FROM activity').get()!;
    return { count: row.count, lastId: row.lastId ?? 0 };
  } finally {
    db.close();
  }
}

/** What a backup that begins now must hold, and the process taking it. */
interface TakenBackup {
  round: number;
  folder: string;
  /** Each listing as the writes acknowledged so far left it (records with an answer still owed are left out). */
  listings: Map<string, ListingState>;
  /** Records written since it began, filled in by the writers until the round ends. */
  written: Set<string>;
  activity: { count: number; lastId: number };
  /** The backup process was killed as well as the service. */
  backupKilled: boolean;
  /** The kill came while the backup process still ran. */
  killedDuring: boolean;
  /** How the backup process ended, and what it printed. */
  ended: string;
  output: string;
}

const backupTally = {
  taken: 0,
  killedDuring: 0,
  backupKilled: 0,
  completed: 0,
  cutOff: 0,
  /** Cut-off backups that left their `<folder>.incomplete` behind (the others were killed before making it). */
  leftIncomplete: 0,
  listingsChecked: 0,
  entriesChecked: 0,
  /** Anything a backup promised and did not keep: each is a failure. */
  problems: [] as string[],
};

/**
 * Starts `npm run backup` among the writers, and when it says it has begun, waits a random
 * moment and kills the service with SIGKILL, and every other time the backup process too (a
 * power cut, or an operator's Ctrl-\ at the worst moment). Returns once both are gone.
 */
async function backUpThenKill(service: LocalService, round: Round, roundNumber: number, folder: string, owned: string[][]): Promise<TakenBackup> {
  const listingsNow = new Map<string, ListingState>();
  for (const key of owned.flat()) {
    const state = listings.certain(key);
    if (state !== undefined) listingsNow.set(key, state);
  }
  writtenSinceBackup = new Set();
  const taken = { round: roundNumber, folder, listings: listingsNow, written: writtenSinceBackup, activity: activitySoFar(service.dataDir) };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', folder], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: service.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit').then(([code, signal]) => (signal ? `was killed by ${String(signal)}` : `exited with code ${String(code)}`));
  const begun = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Backing up')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => resolve());
  });
  await begun;
  await sleep(round.random.int(BACKUP_KILL_MS.min, BACKUP_KILL_MS.max));
  const backupKilled = backupTally.taken % 2 === 1;
  backupTally.taken += 1;
  const killedDuring = child.exitCode === null && child.signalCode === null;
  round.killed = true;
  if (backupKilled) child.kill('SIGKILL');
  await kill(service);
  const ended = await exited;
  if (killedDuring) backupTally.killedDuring += 1;
  if (backupKilled && killedDuring) backupTally.backupKilled += 1;
  return { ...taken, backupKilled, killedDuring, ended, output };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function integrityOf(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** How many of the entries up to `lastId` the copy holds. */
function entriesUpTo(dataDir: string, lastId: number): number {
  const db = new Database(join(dataDir, CONSOLE_DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[number], { count: number }>('SELECT count(*) AS count FROM activity WHERE id <= ?').get(lastId)!.count;
  } finally {
    db.close();
  }
}

/**
 * A backup after its round: either a whole copy under the folder's name, which a service
 * starts on and which holds what was acknowledged before it began, or no folder there at all.
 */
async function checkBackup(backup: TakenBackup): Promise<void> {
  const { round, folder } = backup;
  const problem = (text: string) => backupTally.problems.push(`round ${round}: ${text}`);
  const staging = `${folder}${INCOMPLETE_SUFFIX}`;
  if (!(await exists(folder))) {
    // Only a killed backup may end without its folder; one that was left to run must finish.
    if (backup.backupKilled && backup.ended.startsWith('was killed')) {
      backupTally.cutOff += 1;
      if (await exists(staging)) backupTally.leftIncomplete += 1;
    } else {
      problem(`the backup ${backup.ended} and wrote no ${folder}: ${backup.output.trim().split('\n').slice(-3).join(' / ')}`);
    }
    await rm(staging, { recursive: true, force: true });
    return;
  }
  backupTally.completed += 1;
  if (await exists(staging)) problem(`${staging} is still there beside the finished backup`);
  // Named by their owners, not by the backup's own list: a database it forgot is missed here.
  for (const name of [DATABASE_FILE, CONSOLE_DATABASE_FILE]) {
    if (!(await exists(join(folder, name)))) {
      problem(`the backup has no ${name}`);
      return;
    }
    const verdict = integrityOf(join(folder, name));
    if (verdict !== 'ok') problem(`${name} in the backup fails its integrity check: ${verdict}`);
  }
  const entries = entriesUpTo(folder, backup.activity.lastId);
  backupTally.entriesChecked += backup.activity.count;
  if (entries !== backup.activity.count) problem(`the backup holds ${entries} of the ${backup.activity.count} activity entries written before it began`);

  const restored = await start(folder);
  try {
    const { observed, duplicates } = await readListings(restored.url);
    for (const [key, state] of backup.listings) {
      if (backup.written.has(key)) continue;
      backupTally.listingsChecked += 1;
      if (!isDeepStrictEqual(observed.get(key) ?? null, state)) problem(`listing ${key} in the backup is not as the writes acknowledged before it began left it`);
    }
    for (const key of observed.keys()) if (!listings.has(key)) problem(`listing ${key} in the backup was never written`);
    for (const key of duplicates) problem(`listing ${key} appears twice in the backup`);
    for (const mismatch of await versionMismatches(restored.url, await readSettings(restored.url))) problem(`in the backup, ${mismatch}`);
  } finally {
    await restored.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The rounds that take a backup: `count` of them, spread evenly over the run, the last round among them. */
function backupRounds(count: number): Set<number> {
  return new Set(Array.from({ length: count }, (_, index) => Math.round(((index + 1) * KILLS) / count)));
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-durability-'));
  // Backups go to another folder, as an operator's would; never inside DATA_DIR.
  const backupsDir = await mkdtemp(join(tmpdir(), 'realty-durability-backups-'));
  const withBackup = backupRounds(BACKUPS);
  const random = createRandom(SEED);
  const owned = Array.from({ length: LISTING_WRITERS }, () => [] as string[]);
  const totals: Totals = { lost: [], unexpected: [], landedAnyway: 0, entriesMissing: [], missingEntries: 0, entriesExtra: [], unansweredWithEntry: 0 };
  log(`seed ${SEED}; ${KILLS} kills; ${LISTING_WRITERS} listing writers and ${SETTINGS_BOTS.length} settings writers; data in ${dataDir}`);
  if (BACKUPS > 0) log(`${BACKUPS} of the rounds take a backup (into ${backupsDir}) and kill the service during it`);
  let service = await start(dataDir);
  try {
    for (const [serialNumber, state] of await readSettings(service.url)) settings.track(serialNumber, state);
    for (let kills = 1; kills <= KILLS; kills += 1) {
      const round: Round = { baseUrl: service.url, killed: false, random };
      const writers = [...owned.map((keys, writer) => listingWriter(round, writer, keys)), ...SETTINGS_BOTS.map((id) => settingsWriter(round, id))];
      await sleep(random.int(RUN_MS.min, RUN_MS.max));
      let backup: TakenBackup | null = null;
      if (withBackup.has(kills)) {
        backup = await backUpThenKill(service, round, kills, join(backupsDir, `round-${kills}`), owned);
      } else {
        round.killed = true;
        await kill(service);
      }
      await Promise.all(writers);
      writtenSinceBackup = null;
      service = await start(dataDir);
      const lostBefore = totals.lost.length;
      const missingBefore = totals.entriesMissing.length;
      await check(service.url, dataDir, totals);
      if (totals.lost.length > lostBefore) log(`kill ${kills}: lost ${totals.lost.slice(lostBefore).join(', ')}`);
      if (totals.entriesMissing.length > missingBefore) log(`kill ${kills}: activity entries missing for ${totals.entriesMissing.slice(missingBefore).join(', ')}`);
      if (backup) {
        const problemsBefore = backupTally.problems.length;
        await checkBackup(backup);
        if (backupTally.problems.length > problemsBefore) log(`kill ${kills}: the backup ${backupTally.problems.slice(problemsBefore).join('; ')}`);
      }
    }
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupsDir, { recursive: true, force: true });
  }

  const acknowledged = listings.acknowledgedWrites + settings.acknowledgedWrites;
  log(`kills: ${KILLS}`);
  const listingWrites = tally.create + tally.update + tally.delete;
  log(
    `acknowledged writes: ${acknowledged} (listings: ${listings.acknowledgedWrites} of ${listingWrites} sent: ` +
      `${tally.create} creates, ${tally.update} updates, ${tally.delete} deletes; settings: ${settings.acknowledgedWrites} of ${tally.edit} edits sent)`,
  );
  log(`batches of creates (RealEstateBatch): ${tally.batch} sent, ${tally.batchAgain} of them sent again after a kill cut them off`);
  log(`writes cut off by the kills (no answer; may or may not have landed): ${listings.unansweredWrites + settings.unansweredWrites}, of which landed: ${totals.landedAnyway}`);
  log(`writes lost: ${totals.lost.length}`);
  log(
    `activity entries read: ${entriesRead}; acknowledged writes without their entry: ${totals.missingEntries}; ` +
      `cut-off writes that left an entry: ${totals.unansweredWithEntry}; entries no write explains: ${totals.entriesExtra.length}`,
  );
  if (totals.entriesMissing.length > 0) log(`records whose writes lack entries: ${totals.entriesMissing.join(', ')}`);
  if (totals.entriesExtra.length > 0) log(`entries no write explains: ${totals.entriesExtra.join(', ')}`);
  if (totals.unexpected.length > 0) log(`records nobody wrote: ${totals.unexpected.join(', ')}`);
  if (tally.rejected.length > 0) log(`writes the service refused: ${tally.rejected.join('; ')}`);
  if (BACKUPS > 0) {
    log(
      `backups taken among the writers: ${backupTally.taken}; the service killed -9 while one ran: ${backupTally.killedDuring}, ` +
        `the backup process killed with it: ${backupTally.backupKilled}`,
    );
    log(
      `backups completed: ${backupTally.completed} (each started as a service: ${backupTally.listingsChecked} listings as acknowledged before it began, ` +
        `${backupTally.entriesChecked} earlier activity entries); cut off by the kill, with no folder under the name asked for: ${backupTally.cutOff} ` +
        `(${backupTally.leftIncomplete} left <folder>${INCOMPLETE_SUFFIX}); backups not as promised: ${backupTally.problems.length}`,
    );
    if (backupTally.problems.length > 0) log(`backups not as promised: ${backupTally.problems.join('; ')}`);
  }
  const failures =
    totals.lost.length + totals.unexpected.length + tally.rejected.length + totals.missingEntries + totals.entriesExtra.length + backupTally.problems.length;
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[durability] failed:', error);
    process.exit(1);
  },
);

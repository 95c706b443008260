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
 * DURABILITY_KILLS (default 25) sets the number of kills, DURABILITY_WRITERS (default 6) the
 * listing writers, DURABILITY_SEED the random seed (printed, to replay a run's choices).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { call } from '../bench/api';
import { startLocalService, type LocalService } from '../bench/service';
import { CONSOLE_DATABASE_FILE } from '../server/console/store';
import { listingRowOf, type BatchRequest, type ChatbotDetail, type CreateListingRequest, type EditRequest, type ListingRow, type RequestOf, type ResponseOf } from '../src/api/contract';
import type { ActivityAction, ActivityTarget } from '../src/api/contract/activity';
import { createListing, createRandom, type Random } from '../src/demo-data';
import { EntryLedger, Ledger, type CheckResult, type Effect } from './ledger';
import { send } from './send';

const KILLS = positiveInteger('DURABILITY_KILLS', 25);
const LISTING_WRITERS = positiveInteger('DURABILITY_WRITERS', 6);
const SEED = positiveInteger('DURABILITY_SEED', Date.now() % 1_000_000_000);
/** How long the writers run before the kill: random in this range, so the kill hits any moment. */
const RUN_MS = { min: 200, max: 1500 } as const;

const LISTINGS_BOT = 'durability-listings';
const SETTINGS_BOTS = ['durability-settings-1', 'durability-settings-2'] as const;
/** Our listings' MLS numbers start with this; the bot's 60 seeded demo listings are left out of the check. */
const MLS_PREFIX = 'DUR-';
const PAGE_SIZE = 100;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}: must be a whole number of at least 1, got "${raw}"`);
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
      const body = { ...listingBody(key, random), Key: byId ? String(id) : key, KeyType: byId ? ('PlatformId' as const) : ('MLSNumber' as const) };
      const { Key: _key, KeyType: _keyType, ...fields } = body;
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

/** Every listing of ours the service holds, by MLS number; a second row for one number is reported. */
async function readListings(baseUrl: string): Promise<{ observed: Map<string, ListingState>; duplicates: string[] }> {
  const observed = new Map<string, ListingState>();
  const duplicates: string[] = [];
  for (let page = 1; ; page += 1) {
    const { List, VirtualCount } = await call(baseUrl, 'RealEstateList', { SerialNumber: LISTINGS_BOT, PageNumber: page, PageSize: PAGE_SIZE });
    for (const row of List) {
      if (!row.MLSNumber.startsWith(MLS_PREFIX)) continue;
      if (observed.has(row.MLSNumber)) duplicates.push(row.MLSNumber);
      observed.set(row.MLSNumber, stateOf(row));
      listingIds.set(row.MLSNumber, row.ID);
    }
    if (List.length === 0 || page * PAGE_SIZE >= VirtualCount) break;
  }
  return { observed, duplicates };
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
  const { observed, duplicates } = await readListings(baseUrl);
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

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-durability-'));
  const random = createRandom(SEED);
  const owned = Array.from({ length: LISTING_WRITERS }, () => [] as string[]);
  const totals: Totals = { lost: [], unexpected: [], landedAnyway: 0, entriesMissing: [], missingEntries: 0, entriesExtra: [], unansweredWithEntry: 0 };
  log(`seed ${SEED}; ${KILLS} kills; ${LISTING_WRITERS} listing writers and ${SETTINGS_BOTS.length} settings writers; data in ${dataDir}`);
  let service = await start(dataDir);
  try {
    for (const [serialNumber, state] of await readSettings(service.url)) settings.track(serialNumber, state);
    for (let kills = 1; kills <= KILLS; kills += 1) {
      const round: Round = { baseUrl: service.url, killed: false, random };
      const writers = [...owned.map((keys, writer) => listingWriter(round, writer, keys)), ...SETTINGS_BOTS.map((id) => settingsWriter(round, id))];
      await sleep(random.int(RUN_MS.min, RUN_MS.max));
      round.killed = true;
      await kill(service);
      await Promise.all(writers);
      service = await start(dataDir);
      const lostBefore = totals.lost.length;
      const missingBefore = totals.entriesMissing.length;
      await check(service.url, dataDir, totals);
      if (totals.lost.length > lostBefore) log(`kill ${kills}: lost ${totals.lost.slice(lostBefore).join(', ')}`);
      if (totals.entriesMissing.length > missingBefore) log(`kill ${kills}: activity entries missing for ${totals.entriesMissing.slice(missingBefore).join(', ')}`);
    }
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
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
  const failures = totals.lost.length + totals.unexpected.length + tally.rejected.length + totals.missingEntries + totals.entriesExtra.length;
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[durability] failed:', error);
    process.exit(1);
  },
);

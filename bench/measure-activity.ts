import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { operations } from '../src/api/contract/operations';
import { API_CLIENT, type ActivityAction, type ActivityPage, type ActivityTarget } from '../src/api/contract/activity';
import { createRandom, type Random } from '../src/demo-data';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db';
import { createActivityLog, NOT_SIGNED_IN } from '../server/console/activity';
import type { NewActivity } from '../server/console/activity-store';
import { cookieOf, dataOf, demoOwner, invitedMember, PASSWORD, post, withCookie } from '../server/console/console-test-client';
import { openConsoleStore, type ConsoleStore } from '../server/console/store';
import { timeRequests } from './measure-service';
import { atMost, figure, type Budget, type Figure } from './report';
import { median, percentile, round } from './stats';

/*
 * The Activity section of `npm run bench`: the activity record at 100,000 entries, on the
 * server alone. The server runs in this process (buildApp on a throwaway DATA_DIR, listening
 * on a loopback port) so the export's event-loop blocks can be watched; every request goes
 * over HTTP with a session cookie, as the console sends it. A request's time is the server's
 * own (Fastify's reply.elapsedTime: request received to answer written), since the client's
 * fetch shares this process's thread; the round trip is in each figure's note.
 *
 * - The Activity page's first page, for an Owner (everything) and an Agent granted three of
 *   the ten chatbots: no filter, each filter alone, and all of them at once.
 * - What writing an entry adds to the action it records: a service write's entry is its own
 *   commit, written before the answer goes (activity.ts); a console action's is one more row
 *   in the action's transaction. Both timed around the write itself, on the 100,000-entry
 *   store (the first beside a bare one-row commit: the disk's share); and an Edit through the
 *   route with and without its entry, interleaved.
 * - The CSV export of every entry: time, rate, and the longest the event loop was blocked
 *   (which this process's own reading of the download counts too, so it can only overstate).
 */

export const ACTIVITY_ENTRIES = 100_000;
const MEMBER_COUNT = 20;
const CHATBOTS = Array.from({ length: 10 }, (_, index) => `bench-activity-${index + 1}`);
/** The Agent's grant: a few of the chatbots. */
const AGENT_CHATBOTS = CHATBOTS.slice(0, 3);
const DAY = 24 * 3_600_000;
/** Within ACTIVITY_RETENTION_DAYS (365), so the server's start-up sweep keeps them all. */
const SPAN_DAYS = 360;

const pageBudget = atMost(20, 'ms');
const writeBudget = atMost(1, 'ms');
const blockBudget = atMost(50, 'ms');

/** How often each action happens, relative to the others: every action appears. */
const ACTION_WEIGHTS: Record<ActivityAction, number> = {
  'listing.update': 24,
  'listing.create': 14,
  'settings.save': 14,
  'sign-in': 14,
  'listing.delete': 8,
  'sign-out': 6,
  'file.upload': 4,
  'listings.batch': 3,
  'sign-in.fail': 3,
  'settings.restore': 2,
  'member.invite': 1,
  'member.change': 1,
  'invitation.accept': 0.8,
  'passkey.add': 0.5,
  'device.end': 0.5,
  'password.change': 0.5,
  'invitation.revoke': 0.3,
  'member.remove': 0.3,
  'member.sessions-end': 0.3,
  'passkey.remove': 0.2,
  'console.protect': 0.05,
  'console.setup': 0.05,
};
/** The actions whose entries name a chatbot (the writes passed to the service but uploads). */
const CHATBOT_ACTIONS = new Set<ActivityAction>(['settings.save', 'settings.restore', 'listing.create', 'listing.update', 'listing.delete', 'listings.batch']);
const SETTINGS_FIELDS = ['Name', 'WelcomeMessage', 'SystemMessage', 'Temperature', 'ChatBubbleColor', 'SuggestedMessage', 'Model', 'MessageLimit'];

const PAGE_FILTERS = ['no filter', 'member', 'chatbot', 'action', 'from/to (30 days)', 'all combined'] as const;
type PageFilter = (typeof PAGE_FILTERS)[number];
const READERS = ['Owner', 'Agent (3 of 10 chatbots)'] as const;
type Reader = (typeof READERS)[number];

const pageName = (reader: Reader, filter: PageFilter) => `Activity first page p95, ${reader}, ${filter}`;
const OWN_COMMIT_NAME = 'Activity: writing a service write’s entry (own commit), p95';
const IN_TRANSACTION_NAME = 'Activity: writing a console action’s entry (in its transaction), p95';
const EDIT_AB_NAME = 'Activity: an Edit through the route, with its entry minus without, p95';
const EXPORT_NAME = `Activity CSV export of ${ACTIVITY_ENTRIES.toLocaleString('en-US')} entries`;
const BLOCK_NAME = 'Activity CSV export: longest event-loop block';

/** Every figure of the section, for run.ts to mark unmeasured when the section fails. */
export const ACTIVITY_FIGURES: readonly [name: string, unit: string, budget?: Budget][] = [
  ...READERS.flatMap((reader) => PAGE_FILTERS.map((filter): [string, string, Budget] => [pageName(reader, filter), 'ms', pageBudget])),
  [OWN_COMMIT_NAME, 'ms', writeBudget],
  [IN_TRANSACTION_NAME, 'ms', writeBudget],
  [EDIT_AB_NAME, 'ms'],
  [EXPORT_NAME, 'rows/s'],
  [BLOCK_NAME, 'ms', blockBudget],
];

export interface ActivityBenchOptions {
  /** Repetitions of each timed series; a figure is the median of its runs. */
  runs: number;
  /** Sequential requests per page query and run. */
  requests: number;
  /** Timed entry writes (and Edits with and without their entry). */
  writes: number;
  add(item: Figure): void;
  log(message: string): void;
}

const memberIdOf = (index: number) => `bench-member-${String(index + 1).padStart(2, '0')}`;
const FIRST_NAMES = ['Dana', 'Ravi', 'Mei', 'Omar', 'Lena', 'Tom', 'Ines', 'Kofi', 'Sara', 'Juan'];
const LAST_NAMES = ['Ruiz', 'Patel', 'Chen', 'Haddad'];
const memberNameOf = (index: number) => `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[index % LAST_NAMES.length]}`;

function pickAction(random: Random, total: number): ActivityAction {
  let roll = random.next() * total;
  for (const [action, weight] of Object.entries(ACTION_WEIGHTS) as [ActivityAction, number][]) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'listing.update';
}

/** What an entry of `action` touched, shaped as activity.ts and the console's routes write it. */
function targetOf(action: ActivityAction, random: Random, index: number): ActivityTarget {
  const member = random.int(0, MEMBER_COUNT - 1);
  const fields = () => SETTINGS_FIELDS.filter(() => random.chance(0.3)).concat(random.pick(SETTINGS_FIELDS)).filter((field, at, all) => all.indexOf(field) === at);
  switch (action) {
    case 'settings.save':
      return { Fields: fields(), Version: Math.floor(index / 50) + 2 };
    case 'settings.restore':
      return { Fields: fields(), Version: Math.floor(index / 50) + 2, RestoredFrom: random.int(1, Math.floor(index / 50) + 1) };
    case 'listing.create':
      return { Keys: [String(index + 1_000)], KeyType: 'PlatformId', Count: 1 };
    case 'listing.update':
      return { Keys: [`MLS-${random.int(10_000, 99_999)}`], KeyType: 'MLSNumber', Count: 1 };
    case 'listing.delete': {
      const count = random.chance(0.9) ? 1 : random.int(2, 40);
      return { Keys: Array.from({ length: count }, () => String(random.int(1_000, index + 1_000))), KeyType: 'PlatformId', Count: count };
    }
    case 'listings.batch': {
      const count = random.int(10, 2_000);
      const failed = random.chance(0.8) ? 0 : random.int(1, 20);
      return { ImportId: `import-${index}`, Count: count, Succeeded: count - failed, Failed: failed };
    }
    case 'file.upload':
      return { FileName: `photo-${index}.jpg`, FileKind: 'image/jpeg' };
    case 'sign-in':
    case 'sign-out':
      return { Method: random.pick(['password', 'passkey', 'sso']) };
    case 'sign-in.fail':
      return { Method: 'password', MemberId: memberIdOf(member), Email: `member${member}@example.com` };
    case 'member.invite':
    case 'invitation.revoke':
    case 'invitation.accept':
    case 'member.change':
    case 'member.remove':
      return { MemberId: memberIdOf(member), Email: `member${member}@example.com`, Role: random.pick(['Admin', 'Editor', 'Agent', 'Viewer']), Chatbots: [random.pick(CHATBOTS)] };
    case 'member.sessions-end':
    case 'device.end':
      return { MemberId: memberIdOf(member), Sessions: random.int(1, 3) };
    case 'passkey.add':
    case 'passkey.remove':
      return { Name: 'Work laptop' };
    default:
      return { Email: 'owner@example.com', Method: 'password' };
  }
}

/**
 * `count` entries over the last SPAN_DAYS, oldest first as they would have been appended: ~20
 * members (a tenth of the service writes by API clients), ten chatbots, every action, a few
 * refusals. Deterministic (one seed).
 */
export function benchActivity(count: number, now: number): NewActivity[] {
  const random = createRandom(31);
  const total = Object.values(ACTION_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  const start = now - SPAN_DAYS * DAY;
  const step = (SPAN_DAYS * DAY) / count;
  return Array.from({ length: count }, (_, index): NewActivity => {
    const action = pickAction(random, total);
    const member = random.int(0, MEMBER_COUNT - 1);
    const apiClient = CHATBOT_ACTIONS.has(action) && random.chance(0.1);
    const failedSignIn = action === 'sign-in.fail';
    const refused = !failedSignIn && random.chance(0.02);
    return {
      at: Math.floor(start + (index + random.next()) * step),
      memberId: apiClient || failedSignIn ? null : memberIdOf(member),
      memberName: apiClient ? API_CLIENT : failedSignIn ? NOT_SIGNED_IN : memberNameOf(member),
      chatbotId: CHATBOT_ACTIONS.has(action) ? random.pick(CHATBOTS) : null,
      action,
      target: targetOf(action, random, index),
      code: failedSignIn ? 401 : refused ? 403 : 200,
      message: failedSignIn ? 'Wrong email or password' : refused ? 'Role Agent may not edit settings of this chatbot' : '',
    };
  });
}

/** Writes the entries into the console's store under `dataDir`, in one transaction; the time of the transaction alone. */
function seedActivity(dataDir: string, entries: readonly NewActivity[]): number {
  const store = openConsoleStore(dataDir);
  try {
    const started = performance.now();
    store.transaction(() => {
      for (const entry of entries) store.activity.add(entry);
    });
    return performance.now() - started;
  } finally {
    // The last connection's close folds the WAL into the main file.
    store.close();
  }
}

interface PageCase {
  reader: Reader;
  filter: PageFilter;
  query: string;
}

function pageCases(reader: Reader, chatbot: string, now: number): PageCase[] {
  // A month in the middle of the year; the combined filter widens it to a quarter so it still matches a few.
  const from = now - 200 * DAY;
  const filters: Record<PageFilter, Record<string, string | number>> = {
    'no filter': {},
    member: { member: memberIdOf(4) },
    chatbot: { chatbot },
    action: { action: 'listing.delete' },
    'from/to (30 days)': { from, to: from + 30 * DAY },
    'all combined': { member: memberIdOf(4), chatbot, action: 'listing.delete', from: from - 30 * DAY, to: from + 60 * DAY },
  };
  return PAGE_FILTERS.map((filter) => ({ reader, filter, query: new URLSearchParams(Object.entries(filters[filter]).map(([key, value]) => [key, String(value)])).toString() }));
}

/** The samples of `work` and of `control`, taken in turn so that the machine's drift falls on both alike. */
async function interleaved(samples: number, work: () => Promise<number> | number, control: () => Promise<number> | number): Promise<{ work: number[]; control: number[] }> {
  const times = { work: [] as number[], control: [] as number[] };
  for (let index = 0; index < samples; index += 1) {
    times.work.push(await work());
    times.control.push(await control());
  }
  return times;
}

const timed = (action: () => void): number => {
  const started = performance.now();
  action();
  return performance.now() - started;
};

const p95 = (values: readonly number[]) => percentile(values, 95);
const spread = (values: readonly number[]) => `p50 ${round(median(values), 3)} ms, p95 ${round(p95(values), 3)} ms`;

/**
 * `requests` sequential requests after a warm-up: the server's time for each (from its
 * onResponse hook, in order, since each request waits for the one before) and the round trip.
 */
async function serverTimes(server: Server, url: string, init: RequestInit, requests: number): Promise<{ server: number[]; roundTrip: number[] }> {
  server.answered.length = 0;
  const roundTrip = await timeRequests(url, init, requests, 10);
  return { server: server.answered.slice(-requests), roundTrip };
}

async function measurePages(options: ActivityBenchOptions, server: Server, readers: Record<Reader, { cookie: string; chatbot: string }>, now: number): Promise<void> {
  const { runs, requests, add, log } = options;
  const { baseUrl } = server;
  const cases = READERS.flatMap((reader) => pageCases(reader, readers[reader].chatbot, now));
  const headers = (reader: Reader) => withCookie(readers[reader].cookie);
  const matching = new Map<PageCase, number>();
  for (const each of cases) {
    const response = await fetch(`${baseUrl}/console/activity?${each.query}`, { headers: headers(each.reader) });
    const page = ((await response.json()) as { Data: ActivityPage | null }).Data;
    if (!response.ok || !page?.List.length) throw new Error(`${each.reader}, ${each.filter}: answered ${response.status} with ${page?.List.length ?? 0} entries`);
    matching.set(each, page.VirtualCount);
  }
  log(`the Activity page's first page: ${cases.length} queries, ${runs} runs of ${requests} requests each`);
  // Per case, one entry per run: the server's p95 and p50, and the round trip's.
  const samples = new Map(cases.map((each) => [each, { p95: [] as number[], p50: [] as number[], tripP50: [] as number[], tripP95: [] as number[] }]));
  for (let run = 0; run < runs; run += 1) {
    for (const each of cases) {
      const times = await serverTimes(server, `${baseUrl}/console/activity?${each.query}`, { headers: headers(each.reader) }, requests);
      const of = samples.get(each)!;
      of.p95.push(round(p95(times.server), 2));
      of.p50.push(median(times.server));
      of.tripP50.push(median(times.roundTrip));
      of.tripP95.push(p95(times.roundTrip));
    }
  }
  for (const each of cases) {
    const of = samples.get(each)!;
    add(
      figure(pageName(each.reader, each.filter), round(median(of.p95), 2), 'ms', pageBudget, {
        runs: of.p95,
        note:
          `p50 ${round(median(of.p50), 2)} ms; round trip p50 ${round(median(of.tripP50), 2)} ms, p95 ${round(median(of.tripP95), 2)} ms; ` +
          `${matching.get(each)!.toLocaleString('en-US')} matching; ${each.query || 'no query'}`,
      }),
    );
  }
}

async function measureWrites(options: ActivityBenchOptions, dataDir: string, server: Server, owner: string, now: number): Promise<void> {
  const { writes, add, log } = options;
  log(`writing entries: ${writes} on their own, ${writes} in a console action's transaction, ${writes} Edits with and without`);
  // The server's own path: the same log.afterService activity.ts calls, on connections of its own to the same file.
  const store: ConsoleStore = openConsoleStore(dataDir);
  try {
    const activity = createActivityLog(store, () => now);
    // The entries of an Edit, a listing update and a two-listing delete, in turn (a listing's also fills activity_listing_keys).
    const kinds: Pick<NewActivity, 'action' | 'target'>[] = [
      { action: 'settings.save', target: { Fields: ['WelcomeMessage', 'Name'], Version: 2 } },
      { action: 'listing.update', target: { Keys: ['MLS-12345'], KeyType: 'MLSNumber', Count: 1 } },
      { action: 'listing.delete', target: { Keys: ['1234', '1235'], KeyType: 'PlatformId', Count: 2 } },
    ];
    // The disk's share: a one-row commit to a file of its own beside it, opened the same way, in turn with the entries.
    const bare = openDatabase(join(dataDir, 'bare-commit.sqlite'));
    let index = 0;
    try {
      bare.exec('CREATE TABLE one (n INTEGER)');
      const insertOne = bare.prepare('INSERT INTO one VALUES (1)');
      const { work: ownCommit, control: bareCommit } = await interleaved(
        writes,
        () => {
          const entry = { memberId: memberIdOf(0), memberName: memberNameOf(0), chatbotId: CHATBOTS[0]!, code: 200, message: '', ...kinds[(index += 1) % kinds.length]! };
          return timed(() => activity.afterService(entry));
        },
        () => timed(() => insertOne.run()),
      );
      add(
        figure(OWN_COMMIT_NAME, round(p95(ownCommit), 3), 'ms', writeBudget, {
          note:
            `${spread(ownCommit)}; ${writes} entries (a settings save, a listing update, a listing delete in turn), each its own commit ` +
            `on the appender connection (synchronous=NORMAL), as activity.ts writes it before the answer goes; a bare synchronous=FULL ` +
            `one-row commit on the same disk ${spread(bareCommit)}`,
        }),
      );
    } finally {
      bare.close();
    }

    // A console action (a member's role change) in one transaction, with its entry and without.
    const member = store.addMember({ email: 'bench-changed@example.com', name: 'Bench Changed', role: 'Viewer', chatbots: [] }, now);
    const actor = { memberId: memberIdOf(0), memberName: memberNameOf(0) };
    const entryTimes: number[] = [];
    const change = (index: number) => store.changeMember(member, { role: index % 2 === 0 ? 'Viewer' : 'Agent', chatbots: [CHATBOTS[index % CHATBOTS.length]!], disabled: false });
    let turn = 0;
    const { work: withEntry, control: withoutEntry } = await interleaved(
      writes,
      () =>
        timed(() =>
          store.transaction(() => {
            const changed = change((turn += 1));
            entryTimes.push(timed(() => activity.success(actor, 'member.change', { MemberId: changed.id, Role: changed.role, Chatbots: changed.chatbots })));
          }),
        ),
      () => timed(() => store.transaction(() => change((turn += 1)))),
    );
    add(
      figure(IN_TRANSACTION_NAME, round(p95(entryTimes), 3), 'ms', writeBudget, {
        note: `${spread(entryTimes)}; the whole transaction with its entry ${spread(withEntry)}, without ${spread(withoutEntry)}`,
      }),
    );
  } finally {
    store.close();
  }

  // An Edit through the route, as the owner: recorded, or marked so the recorder skips it (see startServer); the server's time of each.
  const edit = (recorded: boolean) => async () => {
    const headers = { ...withCookie(owner), 'content-type': 'application/json', ...(recorded ? {} : { [UNRECORDED_HEADER]: '1' }) };
    const body = JSON.stringify({ serialNumber: CHATBOTS[0], WelcomeMessage: `Welcome ${Math.random()}` });
    const response = await fetch(`${server.baseUrl}${operations.Edit.path}`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`Edit answered ${response.status}`);
    return server.answered.at(-1)!;
  };
  for (let index = 0; index < 20; index += 1) await edit(index % 2 === 0)();
  const { work: recorded, control: unrecorded } = await interleaved(writes, edit(true), edit(false));
  add(
    figure(EDIT_AB_NAME, round(p95(recorded) - p95(unrecorded), 3), 'ms', undefined, {
      note: `server time with its entry ${spread(recorded)}; without ${spread(unrecorded)}; p50 difference ${round(median(recorded) - median(unrecorded), 3)} ms; ${writes} of each, in turn`,
    }),
  );
}

interface ExportRun {
  ms: number;
  rows: number;
  bytes: number;
  longestBlockMs: number;
}

/** Downloads the CSV export, counting its rows, while the event loop's delay is sampled every millisecond. */
async function exportOnce(baseUrl: string, cookie: string): Promise<ExportRun> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  let lines = 0;
  let bytes = 0;
  try {
    const response = await fetch(`${baseUrl}/console/activity.csv`, { headers: withCookie(cookie) });
    if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    }
  } finally {
    delay.disable();
  }
  // The header line is not an entry.
  return { ms: performance.now() - started, rows: lines - 1, bytes, longestBlockMs: delay.max / 1e6 };
}

async function measureExport(options: ActivityBenchOptions, baseUrl: string, owner: string): Promise<void> {
  const { runs, add, log } = options;
  log(`exporting every entry as CSV, ${runs} times`);
  const exports: ExportRun[] = [];
  for (let run = 0; run < runs; run += 1) exports.push(await exportOnce(baseUrl, owner));
  const short = exports.find((run) => run.rows < ACTIVITY_ENTRIES);
  if (short) throw new Error(`the export wrote ${short.rows} rows, not ${ACTIVITY_ENTRIES} or more`);
  const rates = exports.map((run) => round(run.rows / (run.ms / 1000), 0));
  const { rows, bytes } = exports[0]!;
  add(
    figure(EXPORT_NAME, round(median(rates), 0), 'rows/s', undefined, {
      runs: rates,
      note: `${round(median(exports.map((run) => run.ms)) / 1000, 2)} s for ${rows.toLocaleString('en-US')} rows, ${round(bytes / 1024 / 1024, 1)} MB, request to last byte`,
    }),
  );
  const blocks = exports.map((run) => round(run.longestBlockMs, 1));
  add(figure(BLOCK_NAME, round(median(blocks), 1), 'ms', blockBudget, { runs: blocks, note: 'monitorEventLoopDelay at 1 ms, server and download in one process' }));
}

/** A request with this header is answered as usual but writes no entry: the Edit A/B's "without". Bench only. */
const UNRECORDED_HEADER = 'x-bench-unrecorded';

interface Server {
  app: FastifyInstance;
  baseUrl: string;
  /** The server's time for each request answered, in ms, in order. */
  answered: number[];
}

async function startServer(dataDir: string): Promise<Server> {
  const app = await buildApp({ dataDir, logLevel: 'silent', streamDelayMs: 0, distDir: join(dataDir, 'no-dist'), extraChatbotIds: CHATBOTS });
  // activity.ts writes a request's entry once, and not at all when it is marked written already.
  app.addHook('onRequest', async (request) => {
    if (request.headers[UNRECORDED_HEADER] !== undefined) request.activityRecorded = true;
  });
  const answered: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    answered.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, answered };
}

/** The whole section; figures go to `options.add` as they are measured. */
export async function measureActivity(options: ActivityBenchOptions): Promise<void> {
  const { add, log } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-bot-bench-activity-'));
  let app: FastifyInstance | undefined;
  try {
    const now = Date.now();
    log(`seeding ${ACTIVITY_ENTRIES.toLocaleString('en-US')} activity entries (data in ${dataDir})`);
    const generateStarted = performance.now();
    const entries = benchActivity(ACTIVITY_ENTRIES, now);
    const generateMs = performance.now() - generateStarted;
    const insertMs = seedActivity(dataDir, entries);
    add(figure(`Seeding ${ACTIVITY_ENTRIES.toLocaleString('en-US')} activity entries (one transaction)`, round(insertMs / 1000, 2), 's', undefined, { note: `plus ${round(generateMs / 1000, 1)} s generating them` }));

    const server = await startServer(dataDir);
    app = server.app;
    const owner = cookieOf(await post(app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(app)));
    const agent = await invitedMember(app, owner, 'Agent', AGENT_CHATBOTS);
    const members = dataOf<ActivityPage>(await app.inject({ method: 'GET', url: '/console/activity?pageSize=1', headers: withCookie(agent.cookie) })).Members;
    if (members.length < MEMBER_COUNT) throw new Error(`the Agent sees ${members.length} members in the record, not ${MEMBER_COUNT} or more`);

    await measurePages(options, server, { Owner: { cookie: owner, chatbot: CHATBOTS[4]! }, 'Agent (3 of 10 chatbots)': { cookie: agent.cookie, chatbot: AGENT_CHATBOTS[1]! } }, now);
    await measureWrites(options, dataDir, server, owner, now);
    await measureExport(options, server.baseUrl, owner);
  } finally {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

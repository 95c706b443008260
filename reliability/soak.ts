/**
 * `npm run soak`: the load mix of `npm run load` for a long time against one service, to find
 * what only time shows: memory, descriptors or disk that keep growing.
 *
 * For SOAK_MINUTES (default 30), at the same time: streamed chats one after another on
 * SOAK_CHATS connections, RealEstateList calls at SOAK_LIST_RATE a second (pages and filters
 * varied), listing writers creating, updating and deleting, and the widget's public API under
 * the flood of `npm run load` while real visitors ask (widget-flood.ts). The service runs
 * with a short per-address window and a small visitor-file cap, so the flood keeps being
 * refused and let through again, and old visitor files keep being removed, all the run long.
 *
 * Every SOAK_SAMPLE_SECONDS (default 60) it samples the service: resident memory, the heap
 * after a full collection (reliability/soak-probe.ts, loaded into the service for this run
 * only), open file descriptors, the databases' and their logs' sizes, the rows they keep and
 * the visitor files on disk. At the end soak-growth.ts compares the last third of the
 * samples with the first. Exits non-zero when a figure grew past its tolerance, when any
 * request of the mix failed, or when the flood was never refused.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { call, headersOf } from '../bench/api';
import { startLocalService, type LocalService } from '../bench/service';
import { DATABASE_FILE, FILES_FOLDER } from '../server/app';
import { configFromEnv } from '../server/config';
import { CONSOLE_DATABASE_FILE } from '../server/console/store';
import { createListing, DEMO_CITIES } from '../src/demo-data';
import { type ClientAskRequest } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { isWholeStreamedAnswer } from './answer-checks';
import { send } from './send';
import { judgeGrowth, type SoakSample } from './soak-growth';
import { runWidgetFlood, type WidgetFloodReport } from './widget-flood';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const CHATS = Number(process.env.SOAK_CHATS ?? 10);
const LIST_RATE = Number(process.env.SOAK_LIST_RATE ?? 50);
const WRITERS = 2;

/** The service's settings for the run: the flood's window and the file cap small enough to turn over many times. */
const SERVICE_ENV = {
  STREAM_DELAY_MS: '25',
  TRUST_PROXY: 'loopback',
  WIDGET_ADDRESS_WINDOW_MINUTES: '5',
  WIDGET_FILES_PER_CHATBOT: '100',
  WIDGET_FILE_MB_PER_CHATBOT: '64',
  WIDGET_FILE_KEEP_MINUTES: '1',
};
const CAP = (() => {
  const limits = configFromEnv({ ...process.env, ...SERVICE_ENV }).widgetLimits;
  return { files: limits.filesPerChatbot, bytes: limits.fileBytesPerChatbot };
})();

const CHAT_BOT = 'soak-chat';
const LIST_BOT = 'soak-list';
const WIDGET_BOT = 'soak-widget';
const QUESTIONS = ['Show me 3 bedroom homes for sale', 'Any 2 bedroom homes for rent?', 'What is for sale under $500k?'];
const NO_LIMITS = { RateLimitCount: 1_000_000_000, RateLimitTime: 1, MessageLimit: -1 } as const;

const MB = 1024 * 1024;

function log(message: string): void {
  console.log(`[soak] ${message}`);
}

interface Tally {
  done: number;
  errors: number;
  samples: string[];
}
const tally = (): Tally => ({ done: 0, errors: 0, samples: [] });
function failed(into: Tally, what: string): void {
  into.errors += 1;
  if (into.samples.length < 5) into.samples.push(what.slice(0, 200));
}

/** One streamed question after another on one connection, each answer read to its closing object. */
async function chatLoop(baseUrl: string, until: number, into: Tally, index: number): Promise<void> {
  const sessionID = (await call(baseUrl, 'GetSession', { serialNumber: CHAT_BOT })).SessionID;
  for (let turn = 0; Date.now() < until; turn += 1) {
    const body: ClientAskRequest = { sessionID, content: QUESTIONS[(index + turn) % QUESTIONS.length]!, stream: true };
    try {
      const response = await fetch(`${baseUrl}${operations.ClientAsk.path}`, { method: 'POST', headers: headersOf('ClientAsk'), body: JSON.stringify(body) });
      const text = await response.text();
      if (response.ok && isWholeStreamedAnswer(text)) into.done += 1;
      else failed(into, `${response.status} ${text}`);
    } catch (error) {
      failed(into, String(error));
    }
  }
}

/** RealEstateList at a steady rate, a different page and filter each time, as people paging and filtering. */
async function listLoop(baseUrl: string, until: number, into: Tally): Promise<void> {
  const gapMs = 1000 / LIST_RATE;
  const inFlight = new Set<Promise<void>>();
  // Every other call pages through all listings; the rest filter by one of the seeded cities.
  const filters = [{}, ...DEMO_CITIES.map(({ City }) => ({ CityName: City }))];
  for (let turn = 0; Date.now() < until; turn += 1) {
    const filter = turn % 2 === 0 ? { PageNumber: 1 + ((turn / 2) % 3) } : filters[1 + ((turn - 1) / 2) % (filters.length - 1)]!;
    const request = send(baseUrl, 'RealEstateList', { SerialNumber: LIST_BOT, PageSize: 20, ...filter }).then((reply) => {
      if (reply.kind === 'ok' && reply.data.List.length > 0) into.done += 1;
      else failed(into, JSON.stringify(reply));
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    await sleep(gapMs);
  }
  await Promise.all(inFlight);
}

/** Creates a listing, updates it twice (a status, then clears a field), deletes it: the table stays the size it was. */
async function writeLoop(baseUrl: string, until: number, into: Tally, writer: number): Promise<void> {
  for (let turn = 0; Date.now() < until; turn += 1) {
    const listing = createListing({ SerialNumber: LIST_BOT, MLSNumber: `SOAK-${writer}-${turn}`, Location: 'Soak test' });
    const created = await send(baseUrl, 'RealEstateCreate', listing);
    if (created.kind !== 'ok') {
      failed(into, JSON.stringify(created));
      continue;
    }
    const key = { Key: created.data, KeyType: 'PlatformId' as const };
    const updates = [
      await send(baseUrl, 'RealEstateUpdate', { ...listing, ...key, Status: 'Sold' }),
      await send(baseUrl, 'RealEstateUpdate', { ...listing, ...key, Location: null }),
    ];
    const deleted = await send(baseUrl, 'RealEstateDelete', { SerialNumber: LIST_BOT, Keys: [created.data], KeyType: 'PlatformId' });
    const bad = [...updates, deleted].filter((reply) => reply.kind !== 'ok');
    if (bad.length > 0) failed(into, JSON.stringify(bad[0]));
    else into.done += 1;
    await sleep(50);
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** The heap after a full collection, as the probe in the service writes it on SIGUSR2. */
async function heapOf(service: LocalService, probeFile: string): Promise<number> {
  const asked = Date.now();
  process.kill(service.pid, 'SIGUSR2');
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      const figures = JSON.parse(await readFile(probeFile, 'utf8')) as { at: number; heapUsed: number };
      if (figures.at >= asked) return figures.heapUsed;
    } catch {
      // Not written yet.
    }
    await sleep(50);
  }
  throw new Error('the service did not answer the memory probe within 10 s');
}

/** Rows the service keeps that grow by design, read on a connection of our own (WAL lets it read beside the writer). */
function keptRows(dataDir: string): number {
  const service = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  const consoleStore = new Database(join(dataDir, CONSOLE_DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const count = (db: Database.Database, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    return ['messages', 'sessions', 'listings', 'files'].reduce((sum, table) => sum + count(service, table), 0) + count(consoleStore, 'activity');
  } finally {
    service.close();
    consoleStore.close();
  }
}

async function visitorFilesOf(dataDir: string): Promise<{ count: number; bytes: number }> {
  const folder = join(dataDir, FILES_FOLDER);
  const names = await readdir(folder).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((name) => sizeOf(join(folder, name))));
  return { count: names.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

async function sample(service: LocalService, probeFile: string, startedAt: number): Promise<SoakSample> {
  const status = await readFile(`/proc/${service.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  const openFiles = (await readdir(`/proc/${service.pid}/fd`)).length;
  const databases = [DATABASE_FILE, CONSOLE_DATABASE_FILE].map((name) => join(service.dataDir, name));
  const files = await visitorFilesOf(service.dataDir);
  return {
    at: Math.round((Date.now() - startedAt) / 1000),
    rssBytes: rssKb * 1024,
    heapBytes: await heapOf(service, probeFile),
    openFiles,
    databaseBytes: (await Promise.all(databases.map(sizeOf))).reduce((sum, size) => sum + size, 0),
    walBytes: (await Promise.all(databases.map((path) => sizeOf(`${path}-wal`)))).reduce((sum, size) => sum + size, 0),
    keptRows: keptRows(service.dataDir),
    visitorFiles: files.count,
    visitorFileBytes: files.bytes,
  };
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

function describeSample(sample: SoakSample): string {
  return (
    `${String(Math.round(sample.at / 60)).padStart(3)} min: RSS ${mb(sample.rssBytes)} MB, heap ${mb(sample.heapBytes)} MB, ${sample.openFiles} fds, ` +
    `databases ${mb(sample.databaseBytes)} MB (+ log ${mb(sample.walBytes)} MB), ${sample.keptRows.toLocaleString('en-US')} rows kept, ` +
    `${sample.visitorFiles} visitor files (${mb(sample.visitorFileBytes)} MB)`
  );
}

function floodFailures(report: WidgetFloodReport): string[] {
  const { visitors, flood } = report;
  const actions = [flood.sessions, flood.uploads, flood.questions];
  const refused = actions.reduce((sum, action) => sum + action.refused, 0);
  const broken = actions.reduce((sum, action) => sum + action.failed + action.other, 0);
  log(
    `widget: ${visitors.count} real visitors, ${visitors.wholeAnswers} whole answers, ${visitors.errors} errors; ` +
      `flood ${refused.toLocaleString('en-US')} refused (429), ${actions.reduce((sum, action) => sum + action.letThrough, 0).toLocaleString('en-US')} let through, ${broken} failed`,
  );
  return [
    ...(visitors.errors > 0 ? [`real visitors got ${visitors.errors} errors: ${visitors.errorSamples.join(' | ')}`] : []),
    ...(visitors.wholeAnswers === 0 ? ['no real visitor got an answer'] : []),
    ...(refused === 0 ? ['nothing of the flood was refused'] : []),
    ...(broken > 0 ? [`the flood got ${broken} failures or unexpected refusals: ${flood.samples.join(' | ')}`] : []),
  ];
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-soak-'));
  const probeFile = join(dataDir, 'soak-probe.json');
  const service = await startLocalService(dataDir, [CHAT_BOT, LIST_BOT, WIDGET_BOT], { ...SERVICE_ENV, SOAK_PROBE_FILE: probeFile }, [
    '--expose-gc',
    '--import',
    './reliability/soak-probe.ts',
  ]);
  try {
    await call(service.url, 'Edit', { serialNumber: CHAT_BOT, ...NO_LIMITS });
    await call(service.url, 'Edit', { serialNumber: WIDGET_BOT, RateLimitCount: 20, RateLimitTime: 60, MessageLimit: -1, EnableUploadImage: true });
    log(
      `${MINUTES} min against one service: ${CHATS} streamed chats at a time, ${LIST_RATE} list calls a second, ${WRITERS} listing writers, ` +
        `and the widget flood with real visitors; a sample every ${SAMPLE_SECONDS} s`,
    );
    const startedAt = Date.now();
    const until = startedAt + MINUTES * 60_000;
    const chats = tally();
    const lists = tally();
    const writes = tally();
    const samples: SoakSample[] = [await sample(service, probeFile, startedAt)];
    log(describeSample(samples[0]!));

    let sampling = true;
    const sampler = (async () => {
      while (sampling && Date.now() < until) {
        await sleep(Math.min(SAMPLE_SECONDS * 1000, Math.max(0, until - Date.now())));
        if (service.exitStatus()) return;
        const taken = await sample(service, probeFile, startedAt);
        samples.push(taken);
        log(`${describeSample(taken)}; chats ${chats.done}, lists ${lists.done}, write cycles ${writes.done}, errors ${chats.errors + lists.errors + writes.errors}`);
      }
    })();
    const [flood] = await Promise.all([
      runWidgetFlood({
        baseUrl: service.url,
        chatbotId: WIDGET_BOT,
        seconds: MINUTES * 60,
        floodAddresses: ['203.0.113.1', '203.0.113.2', '203.0.113.3'],
        clientsPerFloodAddress: 2,
        questionsPerFloodSession: 20,
        visitors: 10,
      }),
      ...Array.from({ length: CHATS }, (_, index) => chatLoop(service.url, until, chats, index)),
      listLoop(service.url, until, lists),
      ...Array.from({ length: WRITERS }, (_, writer) => writeLoop(service.url, until, writes, writer)),
    ]);
    sampling = false;
    await sampler;
    const died = service.exitStatus();
    if (died) throw new Error(`the service ${died} during the soak`);

    const failures: string[] = [];
    for (const [name, figures] of [['streamed chats', chats], ['list calls', lists], ['listing write cycles', writes]] as const) {
      log(`${name}: ${figures.done.toLocaleString('en-US')} done, ${figures.errors} errors`);
      if (figures.errors > 0) failures.push(`${figures.errors} ${name} failed: ${figures.samples.join(' | ')}`);
      if (figures.done === 0) failures.push(`no ${name} completed`);
    }
    failures.push(...floodFailures(flood));

    const verdicts = judgeGrowth(samples, CAP);
    log('growth, last third against the first:');
    for (const verdict of verdicts) {
      log(`  ${verdict.ok ? 'ok  ' : 'FAIL'} ${verdict.figure}: ${verdict.first} → ${verdict.last} (${verdict.rule})`);
      if (!verdict.ok) failures.push(`${verdict.figure} grew: ${verdict.first} → ${verdict.last}, over ${verdict.rule}`);
    }
    for (const failure of failures) log(`FAILED: ${failure}`);
    if (failures.length === 0) log(`passed: ${samples.length} samples over ${MINUTES} min, nothing grew past its tolerance, no request failed`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[soak] failed:', error);
    process.exit(1);
  },
);

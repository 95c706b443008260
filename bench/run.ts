/**
 * `npm run bench`: builds the app, starts the local service on a throwaway database, seeds
 * 100,000 listings, measures every figure of the performance budget and prints one line per
 * figure, then writes the same to bench/results.json. Exits non-zero when a budget is missed.
 *
 * BENCH_QUICK=1 runs fewer repetitions (for working on the bench itself; the figures are then
 * not the budgeted medians). BENCH_SKIP_BUILD=1 reuses the current dist/. BENCH_PROFILE=1 adds,
 * to each browser figure, where the page's main thread spent its time (see bench/profile.ts).
 * BENCH_ONLY=stream,typing measures only the named sections (see SECTIONS). BENCH_RUNS=15 repeats
 * each browser figure 15 times instead of 5 (never fewer), for a steadier median when comparing builds.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { DATABASE_FILE } from '../server/app';
import { fragmentsOf } from '../server/responder/answer-question';
import type { CreateListingRequest } from '../src/api/contract';
import { call } from './api';
import { launchBrowser } from './browser';
import { entryScripts, gzippedSizes } from './bundle-size';
import { longProse } from './long-answer';
import { measureWidgetLauncher } from './measure-widget';
import { WIDGET_SCRIPT_FILE } from '../server/routes/widget';
import {
  measureDashboardLoad,
  measurePageChanges,
  measureRenderCensus,
  measureStream,
  measureTyping,
  scriptsOfRoute,
  type StreamRun,
} from './measure-browser';
import { measureLatency, measureThroughput, operationLoad, type Throughput } from './measure-service';
import { atLeast, atMost, figure, formatLine, unmeasured, writeResults, type Budget, type Figure } from './report';
import { benchListings, BIG_CITY, removeListings, seedListings, writeJsonServerDatabase, type SeededListings } from './seed';
import { allCpus, freePort, pinProcess, ROOT, startLocalService, startProcess, type RunningProcess } from './service';
import { max, median, percentile, round } from './stats';

const QUICK = process.env.BENCH_QUICK === '1';
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
/** One extra, profiled repetition per browser figure, whose hot spots go into the figure's note. */
const PROFILE = process.env.BENCH_PROFILE === '1';

/** Repetitions: every time figure is a median over at least 5 runs (fewer in quick mode). */
const RUNS = QUICK ? 2 : Math.max(5, Number(process.env.BENCH_RUNS) || 5);
const LATENCY_REQUESTS = QUICK ? 100 : 300;
const PAGE_CHANGES = QUICK ? 3 : 7;
const KEYSTROKES = QUICK ? 12 : 40;
const THROUGHPUT_SECONDS = QUICK ? 3 : 8;
const THROUGHPUT_ROUNDS = QUICK ? 1 : 3;

const LISTING_COUNT = 100_000;
const ANSWER_FRAGMENTS = 4000;
const LISTINGS_BOT = 'bench-listings';
const CHAT_BOT = 'bench-chat';
const SETTINGS_BOT = 'bench-settings';
/** Greets with "Hello!" followed by the long AnswerSuffix: 1 + 3,999 fragments. */
const GREETING = 'Hello!';
const CHAT_QUESTION = `3 bedroom homes for rent in ${BIG_CITY.City}`;
/** Rate limits out of the way: the load tests send thousands of questions a second. */
const NO_LIMITS = { RateLimitCount: 1_000_000_000, RateLimitTime: 1, MessageLimit: -1 } as const;

const KB = 1024;
const figures: Figure[] = [];
/** The local service once started, so a failing measurement can tell whether it died. */
let serviceProcess: RunningProcess | undefined;

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function add(item: Figure): void {
  figures.push(item);
  console.log(formatLine(item));
}

const SECTIONS = ['bundle', 'widget', 'latency', 'dashboard', 'first-load', 'table', 'stream', 'typing', 'census', 'throughput'] as const;
type Section = (typeof SECTIONS)[number];
/** BENCH_ONLY=stream,typing measures only those sections (for working on the bench itself). */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
for (const name of ONLY) {
  if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`BENCH_ONLY: unknown section "${name}"; sections: ${SECTIONS.join(', ')}`);
}
const wanted = (section: Section) => ONLY.size === 0 || ONLY.has(section);

/** Runs one measurement; a failure becomes an unmeasured (failing) figure instead of ending the bench. */
async function attempt(section: Section, names: readonly [name: string, unit: string, budget?: Budget][], work: () => Promise<void>) {
  if (!wanted(section)) return;
  try {
    await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`[bench] ${names[0]![0]}: ${reason}`);
    const died = serviceProcess?.exitStatus();
    if (died) console.error(`[bench] the local service ${died}; its last output:\n${serviceProcess!.output().slice(-4000)}`);
    for (const [name, unit, budget] of names) add(unmeasured(name, unit, budget, `not measured: ${reason}`));
  }
}

async function build(): Promise<void> {
  log('building the app (vite build)');
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`vite build failed:\n${output}`);
}

const kilobytes = (bytes: number) => round(bytes / KB, 1);

function ratioRuns(service: Throughput[], reference: Throughput[]): number[] {
  return service.map((run, index) => round(run.perSecond / reference[index]!.perSecond, 2));
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!SKIP_BUILD) await build();

  const firstLoadBudget = atMost(200, 'KB');
  const entryName = 'First-load JS, gzipped (index.html scripts and preloads)';
  await attempt('bundle', [[entryName, 'KB', firstLoadBudget]], async () => {
    const entry = gzippedSizes(entryScripts());
    add(figure(entryName, kilobytes(entry.gzipBytes), 'KB', firstLoadBudget, { note: entry.files.map((file) => `${file.path} ${kilobytes(file.gzipBytes)} KB`).join(', ') }));
  });

  const widgetBudget = atMost(20, 'KB');
  const widgetName = 'Widget script, gzipped (/widget.js)';
  await attempt('widget', [[widgetName, 'KB', widgetBudget]], async () => {
    const widget = gzippedSizes([`/${WIDGET_SCRIPT_FILE}`]);
    add(figure(widgetName, kilobytes(widget.gzipBytes), 'KB', widgetBudget));
  });

  const dataDir = await mkdtemp(join(tmpdir(), 'realty-bot-bench-'));
  const databaseFile = join(dataDir, DATABASE_FILE);
  let service: RunningProcess | undefined;
  let jsonServer: RunningProcess | undefined;
  let seeded: SeededListings | undefined;
  try {
    log(`starting the local service (data in ${dataDir})`);
    service = await startLocalService(dataDir, [LISTINGS_BOT, CHAT_BOT, SETTINGS_BOT]);
    serviceProcess = service;
    const baseURL = service.url;

    const suffix = longProse(ANSWER_FRAGMENTS - 1);
    await call(baseURL, 'Edit', { serialNumber: CHAT_BOT, WelcomeMessage: GREETING, AnswerSuffix: suffix, ...NO_LIMITS });
    await call(baseURL, 'Edit', { serialNumber: LISTINGS_BOT, ...NO_LIMITS });

    const needsListings = (['latency', 'dashboard', 'first-load', 'table', 'throughput'] as const).some(wanted);
    let listings: CreateListingRequest[] = [];
    if (needsListings) {
      log(`seeding ${LISTING_COUNT.toLocaleString('en-US')} listings`);
      const generateStarted = performance.now();
      listings = benchListings(LISTINGS_BOT, LISTING_COUNT);
      const generateMs = performance.now() - generateStarted;
      seeded = seedListings(databaseFile, LISTINGS_BOT, listings);
      if (seeded.lastId - seeded.firstId + 1 !== LISTING_COUNT) throw new Error('The seeded listings did not get consecutive ids');
      add(
        figure('Seeding 100,000 listings (one transaction)', round(seeded.insertMs / 1000, 2), 's', undefined, {
          note: `plus ${round(generateMs / 1000, 1)} s generating them`,
        }),
      );
    }

    // ---- The service on its own, before the browser adds load.
    const listBudget = atMost(10, 'ms');
    const listName = `List latency in the service, p95 (${BIG_CITY.City}, page 500 of 100)`;
    await attempt('latency', [[listName, 'ms', listBudget]], async () => {
      const body = { SerialNumber: LISTINGS_BOT, CityName: BIG_CITY.City, PageNumber: 500, PageSize: 100 };
      const check = await call(baseURL, 'RealEstateList', body);
      if (check.List.length !== 100) throw new Error(`page 500 holds ${check.List.length} rows, not 100`);
      const runs: number[] = [];
      const medians: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const times = await measureLatency(baseURL, 'RealEstateList', body, LATENCY_REQUESTS);
        runs.push(round(percentile(times, 95), 2));
        medians.push(median(times));
      }
      add(
        figure(listName, round(median(runs), 2), 'ms', listBudget, {
          runs,
          note: `median request ${round(median(medians), 2)} ms; ${check.VirtualCount} matching listings; ${LATENCY_REQUESTS} sequential requests per run`,
        }),
      );
    });

    // ---- The browser.
    let browser: Browser | undefined;
    const theBrowser = async () => (browser ??= await launchBrowser());
    try {
      const dashboardBudget = atMost(1500, 'ms');
      await attempt('dashboard', [['Time to a usable dashboard (CPU 4x, cold cache)', 'ms', dashboardBudget]], async () => {
        log('dashboard load');
        const { samples: times, hotSpots } = await measureDashboardLoad(await theBrowser(), baseURL, LISTINGS_BOT, RUNS, PROFILE);
        const runs = times.map((time) => round(time, 0));
        add(figure('Time to a usable dashboard (CPU 4x, cold cache)', round(median(times), 0), 'ms', dashboardBudget, { runs, note: hotSpots }));
      });

      const landingName = 'First-load JS, gzipped (landing page: / to listings)';
      await attempt('first-load', [[landingName, 'KB', firstLoadBudget]], async () => {
        const landing = await scriptsOfRoute(await theBrowser(), baseURL, '/', (page) =>
          page.locator('table[aria-label="Listings"] tbody tr').first().waitFor(),
        );
        const settings = await scriptsOfRoute(await theBrowser(), baseURL, `/bots/${SETTINGS_BOT}/settings`, (page) =>
          page.getByRole('textbox', { name: 'System message' }).waitFor(),
        );
        const chat = await scriptsOfRoute(await theBrowser(), baseURL, `/bots/${CHAT_BOT}/chat`, (page) => page.getByRole('textbox', { name: 'Message' }).waitFor());
        const size = (scripts: string[]) => `${kilobytes(gzippedSizes(scripts).gzipBytes)} KB`;
        const landingSize = gzippedSizes(landing);
        add(
          figure(landingName, kilobytes(landingSize.gzipBytes), 'KB', firstLoadBudget, {
            note: `${landingSize.files.length} files; a first visit to settings loads ${size(settings)}, to chat ${size(chat)}`,
          }),
        );
      });

      const pageBudget = atMost(150, 'ms');
      const pageName = 'Table page change (100 rows, 100,000 listings)';
      await attempt('table', [[pageName, 'ms', pageBudget]], async () => {
        log('table page changes');
        const { samples: times, hotSpots } = await measurePageChanges(await theBrowser(), baseURL, LISTINGS_BOT, Math.max(PAGE_CHANGES, RUNS), PROFILE);
        add(figure(pageName, round(median(times), 1), 'ms', pageBudget, { runs: times.map((time) => round(time, 1)), note: hotSpots }));
      });

      const longTaskBudget = atMost(0, '');
      const fpsBudget = atLeast(50, 'fps');
      const delayBudget = atMost(17, 'ms');
      await attempt(
        'stream',
        [
          ['Streaming: long tasks over 50 ms', '', longTaskBudget],
          ['Streaming: frame rate', 'fps', fpsBudget],
          ['Fragment-to-screen delay, p95', 'ms', delayBudget],
        ],
        async () => {
          log('streaming a 4,000-fragment answer');
          const answer = await call(baseURL, 'ClientAsk', {
            sessionID: (await call(baseURL, 'GetSession', { serialNumber: CHAT_BOT })).SessionID,
            content: 'hello',
          });
          const fragments = fragmentsOf(answer.content);
          if (fragments.length !== ANSWER_FRAGMENTS) throw new Error(`the answer has ${fragments.length} fragments, not ${ANSWER_FRAGMENTS}`);
          const runs: StreamRun[] = [];
          for (let run = 0; run < RUNS; run += 1) runs.push(await measureStream(await theBrowser(), baseURL, CHAT_BOT, 'hello', fragments));
          const hotSpots = PROFILE ? (await measureStream(await theBrowser(), baseURL, CHAT_BOT, 'hello', fragments, true)).hotSpots : undefined;
          const longTaskCounts = runs.map((run) => run.longTasks.length);
          const longest = max(runs.flatMap((run) => run.longTasks.map((task) => task.duration)).concat(0));
          add(
            figure('Streaming: long tasks over 50 ms', median(longTaskCounts), '', longTaskBudget, {
              runs: longTaskCounts,
              note: [
                `longest ${round(longest, 0)} ms; long animation frames (over 50 ms) per run [${runs.map((run) => run.longFrames.length).join(', ')}]; ` +
                  `first chunk to last paint ${round(median(runs.map((run) => run.windowMs)), 0)} ms, ` +
                  `${median(runs.map((run) => run.chunkCount))} network chunks, ${median(runs.map((run) => run.paintCount))} paints (medians)`,
                hotSpots,
              ]
                .filter(Boolean)
                .join('; '),
            }),
          );
          const fps = runs.map((run) => round(run.fps, 1));
          add(
            figure('Streaming: frame rate', round(median(fps), 1), 'fps', fpsBudget, {
              runs: fps,
              note: `longest frame per run [${runs.map((run) => round(run.longestFrameMs, 0)).join(', ')}] ms`,
            }),
          );
          const delays = runs.map((run) => round(percentile(run.delays, 95), 1));
          add(
            figure('Fragment-to-screen delay, p95', round(median(delays), 1), 'ms', delayBudget, {
              runs: delays,
              note:
                `median fragment ${round(median(runs.map((run) => median(run.delays))), 1)} ms; ` +
                `painted by the first frame after their arrival: ${round(median(runs.map((run) => run.nextFrameShare)) * 100, 1)} % of fragments; ` +
                `a frame's start to its paint: median ${round(median(runs.flatMap((run) => run.frameToPaint)), 1)} ms`,
            }),
          );
        },
      );

      const typingBudget = atMost(16, 'ms');
      const noRenders = atMost(0, '');
      const launcherBudget = atMost(150, 'ms');
      const launcherName = 'Widget launcher painted after the script starts (4x CPU)';
      await attempt('widget', [[launcherName, 'ms', launcherBudget]], async () => {
        log('widget launcher on the test page');
        const runs: number[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(round(await measureWidgetLauncher(await theBrowser(), baseURL, SETTINGS_BOT, 4), 1));
        add(figure(launcherName, round(median(runs), 1), 'ms', launcherBudget, { runs, note: 'includes the settings request; script first line to the first frame painted with the launcher' }));
      });
      await attempt('typing', [['Settings typing, p95 per keystroke', 'ms', typingBudget]], async () => {
        log('typing in SystemMessage');
        const handled: number[] = [];
        const painted: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const result = await measureTyping(await theBrowser(), baseURL, SETTINGS_BOT, KEYSTROKES);
          handled.push(round(percentile(result.handled, 95), 1));
          painted.push(round(percentile(result.painted, 95), 1));
        }
        const hotSpots = PROFILE ? (await measureTyping(await theBrowser(), baseURL, SETTINGS_BOT, KEYSTROKES, true)).hotSpots : undefined;
        add(
          figure('Settings typing, p95 per keystroke', round(median(handled), 1), 'ms', typingBudget, {
            runs: handled,
            note: [`keydown until handled and laid out; ${KEYSTROKES} keys per run`, hotSpots].filter(Boolean).join('; '),
          }),
        );
        add(figure('Settings typing, p95 keydown to next paint', round(median(painted), 1), 'ms', undefined, { runs: painted }));
      });
      await attempt(
        'census',
        [
          ['Settings typing: components rendered outside preview+field', '', noRenders],
          ['Settings typing: DOM changes outside preview+field', '', noRenders],
        ],
        async () => {
          const census = await measureRenderCensus(await theBrowser(), baseURL, SETTINGS_BOT, Math.max(KEYSTROKES, 15));
          const where = census.laterKeys.where.join('; ') || 'none';
          add(
            figure('Settings typing: components rendered outside preview+field', census.laterKeys.maxRenders, 'per key', noRenders, {
              note: `max over keystrokes 2..${census.keys}; ${census.insideRendersPerKey} inside per key; outside: ${where}`,
            }),
          );
          add(
            figure('Settings typing: DOM changes outside preview+field', census.laterKeys.maxMutations, 'per key', noRenders, {
              note: `first keystroke (form becomes dirty): ${census.firstKey.renders} renders, ${census.firstKey.mutations} DOM changes outside: ${census.firstKey.where.join('; ') || 'none'}`,
            }),
          );
        },
      );
    } finally {
      await browser?.close();
    }

    // ---- Throughput on one core, the service beside json-server on the same rows.
    const ratioBudget = atLeast(2, 'x');
    const ratioName = 'Throughput: RealEstateList / json-server list';
    await attempt('throughput', [[ratioName, 'x', ratioBudget]], async () => {
      log('throughput (autocannon)');
      const jsonFile = join(dataDir, 'json-server-db.json');
      await writeJsonServerDatabase(jsonFile, listings, seeded!);
      const port = await freePort();
      jsonServer = await startProcess({
        name: 'json-server',
        command: process.execPath,
        args: [join(ROOT, 'node_modules/json-server/lib/bin.js'), jsonFile, '--port', String(port), '--host', '127.0.0.1'],
        port,
        readyPath: '/listings?_page=1&_per_page=1',
        timeoutMs: 120_000,
      });
      const coreCount = cpus().length;
      const pinned =
        coreCount >= 2 &&
        (await pinProcess(service!.pid, '0')) &&
        (await pinProcess(jsonServer.pid, '0')) &&
        (await pinProcess(process.pid, '1'));

      const listLoad = operationLoad(baseURL, 'RealEstateList', { SerialNumber: LISTINGS_BOT, PageNumber: 500, PageSize: 100 }, THROUGHPUT_SECONDS);
      const session = await call(baseURL, 'GetSession', { serialNumber: LISTINGS_BOT });
      const askLoad = operationLoad(baseURL, 'ClientAsk', { sessionID: session.SessionID, content: CHAT_QUESTION, stream: false }, THROUGHPUT_SECONDS);
      const referenceLoad = { url: `${jsonServer.url}/listings?_page=500&_per_page=100`, seconds: THROUGHPUT_SECONDS };
      const list: Throughput[] = [];
      const ask: Throughput[] = [];
      const reference: Throughput[] = [];
      try {
        for (let pass = 0; pass < THROUGHPUT_ROUNDS; pass += 1) {
          reference.push(await measureThroughput(referenceLoad));
          list.push(await measureThroughput(listLoad));
          ask.push(await measureThroughput(askLoad));
        }
      } finally {
        if (pinned) await pinProcess(process.pid, allCpus(coreCount));
      }
      const failed = [...list, ...ask, ...reference].reduce((sum, run) => sum + run.failed, 0);
      if (failed > 0) throw new Error(`${failed} requests failed under load`);
      const perSecond = (runs: Throughput[]) => round(median(runs.map((run) => run.perSecond)), 0);
      const where = pinned ? 'servers pinned to core 0, load from core 1' : 'not pinned (no taskset or one core)';
      add(figure(ratioName, round(median(ratioRuns(list, reference)), 2), 'x', ratioBudget, { runs: ratioRuns(list, reference), note: where }));
      add(figure('Throughput: RealEstateList (page 500 of 100)', perSecond(list), 'req/s'));
      add(figure('Throughput: json-server /listings?_page=500&_per_page=100', perSecond(reference), 'req/s'));
      add(
        figure('Throughput: ClientAsk, non-streamed', perSecond(ask), 'req/s', undefined, {
          note: `"${CHAT_QUESTION}"; ${round(median(ratioRuns(ask, reference)), 2)}x json-server's list`,
        }),
      );
    });
  } finally {
    await jsonServer?.stop();
    if (seeded) {
      const removal = removeListings(databaseFile, seeded);
      add(figure('Removing the seeded listings', round(removal.ms / 1000, 2), 's', undefined, { note: `${removal.removed} rows` }));
    }
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const resultsFile = join(ROOT, 'bench/results.json');
  await writeResults(resultsFile, figures, { quick: QUICK, runs: RUNS, seconds: Math.round((Date.now() - started) / 1000) });
  const failedBudgets = figures.filter((item) => item.budget && item.pass !== true);
  log(`${figures.length} figures written to bench/results.json${QUICK ? ' (quick mode: fewer runs than the budget asks for)' : ''}`);
  if (failedBudgets.length > 0) {
    log(`${failedBudgets.length} budget(s) missed: ${failedBudgets.map((item) => item.name).join('; ')}`);
    return 1;
  }
  log('every budget met');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(2);
  },
);

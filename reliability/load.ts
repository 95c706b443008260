/**
 * `npm run load`: the local service under a steady mixed load, with no error allowed.
 *
 * For LOAD_SECONDS (default 30), at the same time: 50 connections each ask one streamed
 * question after another (ClientAsk with stream on, reading every answer to its closing
 * object), and RealEstateList is called 200 times a second. The service runs as its own
 * process with its normal stream pace (25 ms between fragments); autocannon runs here.
 * Prints, for each load, the requests, the errors (non-2xx, timeouts, socket errors and
 * answers that fail the checks below) and the p50/p99 latency, and exits non-zero on any
 * error.
 *
 * An answer counts only when it is whole: the chat stream's fragments must add up to the
 * closing object's Answer, and a list answer must be a Success envelope with listings.
 *
 * Then, for LOAD_FLOOD_SECONDS (default LOAD_SECONDS), the widget's public API under a flood
 * while real visitors ask (widget-flood.ts): a few addresses open sessions, attach images and
 * ask as fast as they are answered, while 20 visitors, each from an address of its own, ask
 * streamed questions. The service trusts the loopback as its proxy (TRUST_PROXY), so each
 * client's address travels in X-Forwarded-For. Prints the visitors' whole answers and errors,
 * and how much of the flood was refused (429) and let through. Fails when a visitor got an
 * error or a cut answer, when nothing of the flood was refused, when more got through than
 * the per-address limits allow, or when the flood got a 5xx or no answer.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { call, headersOf } from '../bench/api';
import { startLocalService } from '../bench/service';
import { configFromEnv } from '../server/config';
import { type ClientAskRequest, type ListListingsRequest } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { isListPage, isWholeStreamedAnswer } from './answer-checks';
import { quantile, runWidgetFlood, visitorQuestionsAtMost, type WidgetFloodReport } from './widget-flood';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CHAT_CONNECTIONS = 50;
const LIST_RATE = 200;
/**
 * autocannon spreads the rate over the sockets (2 calls a second each), and a socket waits
 * for its answer before the next call: enough sockets that a slow answer does not lower the rate.
 */
const LIST_CONNECTIONS = 100;
/**
 * autocannon's timeout covers a whole answer, and a streamed one takes at least 5.25 s at
 * the normal pace (more on a busy machine, which p99 shows): 60 s tells a hung stream from a slow one.
 */
const CHAT_TIMEOUT_SECONDS = 60;
/** The service's default pace between two streamed fragments (server/config.ts). */
const STREAM_DELAY_MS = '25';

const CHAT_BOT = 'load-chat';
const LIST_BOT = 'load-list';
const WIDGET_BOT = 'load-widget';

const FLOOD_SECONDS = Number(process.env.LOAD_FLOOD_SECONDS ?? SECONDS);
/** A handful of addresses (TEST-NET-3), as one script on a few machines or behind one NAT would come from. */
const FLOOD_ADDRESSES = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
const FLOOD_CLIENTS_PER_ADDRESS = 4;
const REAL_VISITORS = 20;
/** The demo chatbot's per-session limit: the flood asks up to it in each session, so only the per-address limits can stop it. */
const WIDGET_RATE_LIMIT = { RateLimitCount: 20, RateLimitTime: 60 } as const;
/** The service reads the same environment (bench/service.ts passes it on), so these are its limits. */
const WIDGET_LIMITS = configFromEnv(process.env).widgetLimits;
/**
 * What a per-address limit lets the flood's addresses through in the flood phase, at most: a
 * window's worth each, plus the part of the next window the phase reaches into (it slides).
 */
function floodAllowance(limit: number): number {
  return Math.ceil(FLOOD_ADDRESSES.length * limit * (1 + FLOOD_SECONDS / (WIDGET_LIMITS.addressWindowMinutes * 60)));
}
/**
 * The widget chatbot's MessageLimit: what the per-address limits let the flood ask, plus the
 * most the visitors can ask, and not a question more. With the limits it is never reached;
 * without them the flood spends it, the visitors get the monthly-limit answer, and the run fails.
 */
const WIDGET_MESSAGE_LIMIT = floodAllowance(WIDGET_LIMITS.questionsPerAddress) + visitorQuestionsAtMost(REAL_VISITORS, FLOOD_SECONDS);
/** Answered from the bot's 60 demo listings: about 210 fragments, so about 5.5 s at 25 ms each. */
const QUESTION = 'Show me 3 bedroom homes for sale';
/** The rate limits are not under test: 50 sessions asking non-stop would hit any realistic one. */
const NO_LIMITS = { RateLimitCount: 1_000_000_000, RateLimitTime: 1, MessageLimit: -1 } as const;

function log(message: string): void {
  console.log(`[load] ${message}`);
}

/**
 * One streamed answer before the load (it also warms the service up): its fragment count
 * times the pace is the least time any streamed chat can take, for reading p50 and p99.
 */
async function pacedFloorMs(baseUrl: string, sessionID: number): Promise<{ fragments: number; floorMs: number }> {
  const body: ClientAskRequest = { sessionID, content: QUESTION, stream: true };
  const response = await fetch(`${baseUrl}${operations.ClientAsk.path}`, { method: 'POST', headers: headersOf('ClientAsk'), body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok || !isWholeStreamedAnswer(text)) throw new Error(`The first streamed answer was not whole (${response.status}): ${text.slice(0, 300)}`);
  const fragments = text.split('\n\n').filter((frame) => frame.trim()).length - 1;
  return { fragments, floorMs: fragments * Number(STREAM_DELAY_MS) };
}

interface CpuTimes {
  /** CPU seconds of all the process's threads. */
  used: number;
  /** Seconds its main thread (the event loop) was ready to run but waited for a CPU. */
  waited: number;
}

/** From Linux's /proc (clock ticks are 100 a second there); null elsewhere. */
async function cpuTimesOf(pid: number): Promise<CpuTimes | null> {
  try {
    // The fields after the command name, which sits in parentheses: utime and stime are the 12th and 13th.
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    const [, waitNs] = (await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ');
    return { used: (Number(stat[11]) + Number(stat[12])) / 100, waited: Number(waitNs) / 1e9 };
  } catch {
    return null;
  }
}

interface Figures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

function figuresOf(result: Result): Figures {
  return {
    requests: result.requests.total,
    // autocannon's errors include timeouts; non-2xx answers and failed body checks come apart.
    errors: result.errors + result.non2xx + result.mismatches,
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
  };
}

/** How much CPU the service used between two readings, and how long its event loop waited for one. */
function serviceCpuText(before: CpuTimes | null, after: CpuTimes | null, seconds: number): string {
  if (before === null || after === null) return 'unknown';
  return `${((after.used - before.used) / seconds).toFixed(2)} cores (its event loop waited ${(after.waited - before.waited).toFixed(1)} s for a CPU)`;
}

const count = (value: number) => value.toLocaleString('en-US');

/** Prints the flood phase's figures; true when it failed. */
function reportFlood(report: WidgetFloodReport, cpu: string): boolean {
  const { visitors, flood } = report;
  const tallies = [flood.sessions, flood.uploads, flood.questions];
  const sum = (pick: (tally: (typeof tallies)[number]) => number) => tallies.reduce((total, tally) => total + pick(tally), 0);
  const refused = sum((tally) => tally.refused);
  const letThrough = sum((tally) => tally.letThrough);
  const other = sum((tally) => tally.other);
  const failed = sum((tally) => tally.failed);
  const allowed = {
    sessions: floodAllowance(WIDGET_LIMITS.sessionsPerAddress),
    uploads: floodAllowance(WIDGET_LIMITS.uploadsPerAddress),
    questions: floodAllowance(WIDGET_LIMITS.questionsPerAddress),
  };
  log(
    `real visitors: ${visitors.count} visitors, ${visitors.wholeAnswers} whole streamed answers, ${visitors.errors} errors, ` +
      `p50 ${quantile(visitors.answerMs, 0.5)} ms, p99 ${quantile(visitors.answerMs, 0.99)} ms`,
  );
  log(
    `flood: ${count(refused + letThrough + other + failed)} requests, ${count(refused)} refused (429), ${count(letThrough)} let through ` +
      `(${flood.sessions.letThrough} sessions of ${allowed.sessions} allowed, ${flood.uploads.letThrough} uploads of ${allowed.uploads}, ` +
      `${flood.questions.letThrough} questions of ${allowed.questions}), ${other} other refusals, ${failed} failed (5xx or no answer)`,
  );
  const answered = flood.questions.letThrough + visitors.wholeAnswers;
  log(
    `questions answered for ${WIDGET_BOT}: ${count(answered)} of its MessageLimit ${count(WIDGET_MESSAGE_LIMIT)} ` +
      `(flood ${count(flood.questions.letThrough)}, real visitors ${visitors.wholeAnswers}); CPU over the flood: service ${cpu}`,
  );
  const overLimits = (['sessions', 'uploads', 'questions'] as const).filter((action) => flood[action].letThrough > allowed[action]);
  const failures = [
    ...(visitors.errors > 0 ? [`${visitors.errors} real visitors' requests failed: ${visitors.errorSamples.join(' | ')}`] : []),
    ...(visitors.wholeAnswers === 0 ? ['no real visitor got an answer'] : []),
    ...(refused === 0 ? ['nothing of the flood was refused'] : []),
    ...overLimits.map((action) => `the flood got ${flood[action].letThrough} ${action} through, more than the ${allowed[action]} its addresses are allowed`),
    ...(failed + other > 0 ? [`the flood got ${failed} failures and ${other} other refusals: ${flood.samples.join(' | ')}`] : []),
  ];
  for (const failure of failures) log(`widget flood: ${failure}`);
  return failures.length > 0;
}

function describe(result: Result): string {
  const parts = [`${result.errors} socket errors (${result.timeouts} timeouts)`, `${result.non2xx} non-2xx`, `${result.mismatches} bad answers`];
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}: ${count}`);
  return `${parts.join(', ')}; status codes ${codes.join(', ')}`;
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-load-'));
  // The loopback stands for the proxy in front, so the widget flood's clients can each have an address.
  const service = await startLocalService(dataDir, [CHAT_BOT, LIST_BOT, WIDGET_BOT], { STREAM_DELAY_MS, TRUST_PROXY: 'loopback' });
  try {
    await call(service.url, 'Edit', { serialNumber: CHAT_BOT, ...NO_LIMITS });
    await call(service.url, 'Edit', { serialNumber: WIDGET_BOT, ...WIDGET_RATE_LIMIT, MessageLimit: WIDGET_MESSAGE_LIMIT, EnableUploadImage: true });
    // One session per connection, as 50 visitors would have.
    const sessions: number[] = [];
    for (let index = 0; index < CHAT_CONNECTIONS; index += 1) {
      sessions.push((await call(service.url, 'GetSession', { serialNumber: CHAT_BOT })).SessionID);
    }
    let nextSession = 0;
    const paced = await pacedFloorMs(service.url, sessions[0]!);
    const listBody: ListListingsRequest = { SerialNumber: LIST_BOT, PageNumber: 1, PageSize: 20 };

    const before = { service: await cpuTimesOf(service.pid), script: process.cpuUsage(), load: loadavg()[0]! };
    log(`${SECONDS} s: ${CHAT_CONNECTIONS} streamed chats at a time, and ${LIST_RATE} list calls a second; stream pace ${STREAM_DELAY_MS} ms per fragment`);
    const [chat, list] = await Promise.all([
      autocannon({
        url: `${service.url}${operations.ClientAsk.path}`,
        connections: CHAT_CONNECTIONS,
        duration: SECONDS,
        timeout: CHAT_TIMEOUT_SECONDS,
        requests: [
          {
            method: 'POST',
            headers: headersOf('ClientAsk'),
            setupRequest: (request, context: { sessionID?: number }) => {
              context.sessionID ??= sessions[nextSession++ % sessions.length]!;
              const body: ClientAskRequest = { sessionID: context.sessionID, content: QUESTION, stream: true };
              return { ...request, body: JSON.stringify(body) };
            },
          },
        ],
        verifyBody: isWholeStreamedAnswer,
      }),
      autocannon({
        url: `${service.url}${operations.RealEstateList.path}`,
        connections: LIST_CONNECTIONS,
        overallRate: LIST_RATE,
        duration: SECONDS,
        method: 'POST',
        headers: headersOf('RealEstateList'),
        body: JSON.stringify(listBody),
        verifyBody: isListPage,
      }),
    ]);

    const serviceCpu = await cpuTimesOf(service.pid);
    const scriptCpu = process.cpuUsage(before.script);
    const died = service.exitStatus();
    if (died) throw new Error(`the service ${died} during the load`);
    const chatFigures = figuresOf(chat);
    const listFigures = figuresOf(list);
    log(
      `streamed chats: ${chatFigures.requests} requests, ${chatFigures.errors} errors, p50 ${chatFigures.p50} ms, p99 ${chatFigures.p99} ms ` +
        `(whole answers, ${chatFigures.perSecond} a second; one answer alone: ${paced.fragments} fragments, at least ${paced.floorMs} ms at the stream pace)`,
    );
    log(
      `list calls: ${listFigures.requests} requests, ${listFigures.errors} errors, p50 ${listFigures.p50} ms, p99 ${listFigures.p99} ms ` +
        `(${listFigures.perSecond} a second of ${LIST_RATE} asked)`,
    );
    // The machine is shared: how busy it was, and who used the CPU, tells a slow service from a starved one.
    const cores = (seconds: number) => (seconds / SECONDS).toFixed(2);
    log(
      `CPU over the run: service ${serviceCpuText(before.service, serviceCpu, SECONDS)}, load generator ${cores((scriptCpu.user + scriptCpu.system) / 1e6)} cores; ` +
        `machine load average ${before.load.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`,
    );
    // A load that completed nothing proves nothing: an answer slower than the run fails it too.
    const failed = chatFigures.errors + listFigures.errors > 0 || chatFigures.requests === 0 || listFigures.requests === 0;
    if (failed) {
      log(`streamed chats: ${describe(chat)}`);
      log(`list calls: ${describe(list)}`);
    }

    log(
      `widget flood, ${FLOOD_SECONDS} s: ${FLOOD_ADDRESSES.length} addresses x ${FLOOD_CLIENTS_PER_ADDRESS} clients open sessions, attach images and ask as fast as answered, ` +
        `while ${REAL_VISITORS} real visitors ask, each from an address of its own (X-Forwarded-For through TRUST_PROXY=loopback)`,
    );
    const beforeFlood = await cpuTimesOf(service.pid);
    const flood = await runWidgetFlood({
      baseUrl: service.url,
      chatbotId: WIDGET_BOT,
      seconds: FLOOD_SECONDS,
      floodAddresses: FLOOD_ADDRESSES,
      clientsPerFloodAddress: FLOOD_CLIENTS_PER_ADDRESS,
      questionsPerFloodSession: WIDGET_RATE_LIMIT.RateLimitCount,
      visitors: REAL_VISITORS,
    });
    const diedInFlood = service.exitStatus();
    if (diedInFlood) throw new Error(`the service ${diedInFlood} during the widget flood`);
    const floodFailed = reportFlood(flood, serviceCpuText(beforeFlood, await cpuTimesOf(service.pid), FLOOD_SECONDS));
    return failed || floodFailed ? 1 : 0;
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[load] failed:', error);
    process.exit(1);
  },
);

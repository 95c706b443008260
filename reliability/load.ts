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
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { call, headersOf } from '../bench/api';
import { startLocalService } from '../bench/service';
import { operations, type ClientAskRequest, type ListListingsRequest } from '../src/api/contract';
import { isListPage, isWholeStreamedAnswer } from './answer-checks';

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

function describe(result: Result): string {
  const parts = [`${result.errors} socket errors (${result.timeouts} timeouts)`, `${result.non2xx} non-2xx`, `${result.mismatches} bad answers`];
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}: ${count}`);
  return `${parts.join(', ')}; status codes ${codes.join(', ')}`;
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'realty-load-'));
  const service = await startLocalService(dataDir, [CHAT_BOT, LIST_BOT], { STREAM_DELAY_MS });
  try {
    await call(service.url, 'Edit', { serialNumber: CHAT_BOT, ...NO_LIMITS });
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
    const serviceText =
      serviceCpu === null || before.service === null
        ? 'unknown'
        : `${cores(serviceCpu.used - before.service.used)} cores (its event loop waited ${(serviceCpu.waited - before.service.waited).toFixed(1)} s for a CPU)`;
    log(
      `CPU over the run: service ${serviceText}, load generator ${cores((scriptCpu.user + scriptCpu.system) / 1e6)} cores; ` +
        `machine load average ${before.load.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`,
    );
    // A load that completed nothing proves nothing: an answer slower than the run fails it too.
    const failed = chatFigures.errors + listFigures.errors > 0 || chatFigures.requests === 0 || listFigures.requests === 0;
    if (failed) {
      log(`streamed chats: ${describe(chat)}`);
      log(`list calls: ${describe(list)}`);
    }
    return failed ? 1 : 0;
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

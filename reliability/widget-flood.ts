/**
 * A flood against the widget's public API (/widget/*) while real visitors ask, for
 * `npm run load` (and any longer run that wants the same mix). The service must trust the
 * loopback as its proxy (TRUST_PROXY=loopback): every client's address travels in
 * X-Forwarded-For, as the proxy in front of a public service writes it.
 *
 * - The flood: a few addresses, several clients each, as fast as answers come. Each client
 *   opens a session, attaches an image, asks up to the chatbot's RateLimitCount in it without
 *   streaming (a script wants the cheapest answer), and opens the next; once sessions are
 *   refused it asks in the ones it already has. That is how a script would spend a chatbot's
 *   MessageLimit or fill the disk past the per-session limits.
 * - Real visitors: each from an address of its own, as the widget does: reads the settings,
 *   opens a session, asks a few streamed questions with a pause to read and type between
 *   them, and leaves; another visitor, from another address, takes its place.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { VISITOR_TOKEN_HEADER, WIDGET_PATHS, type ClientAskRequest, type VisitorSession } from '../src/api/contract';
import { PNG } from '../server/test-media';
import { isWholeStreamedAnswer } from './answer-checks';
import { sendAsClient, type WidgetReply } from './send';

export interface WidgetFloodOptions {
  baseUrl: string;
  chatbotId: string;
  seconds: number;
  floodAddresses: readonly string[];
  clientsPerFloodAddress: number;
  /** Questions a flood client asks in each of its sessions: the chatbot's RateLimitCount, so the per-session limit never stops it. */
  questionsPerFloodSession: number;
  /** Real visitors asking at any moment. */
  visitors: number;
}

export type FloodAction = 'sessions' | 'uploads' | 'questions';

interface Tally {
  /** Answered 2xx: the flood got what it asked for. */
  letThrough: number;
  /** Answered 429. */
  refused: number;
  /** Any other 4xx. */
  other: number;
  /** 5xx, or no answer at all: the service failed under the flood. */
  failed: number;
}

export interface WidgetFloodReport {
  visitors: {
    /** Visitors who came, each from an address of its own. */
    count: number;
    wholeAnswers: number;
    errors: number;
    /** The first few errors, to say what went wrong. */
    errorSamples: string[];
    /** Milliseconds from the question to the whole answer, sorted. */
    answerMs: number[];
  };
  flood: Record<FloodAction, Tally> & { samples: string[] };
}

/** A visitor's questions: each answer streams a hundred or more fragments, several seconds at the normal pace. */
const VISITOR_QUESTIONS = ['Show me 3 bedroom homes for sale', 'Any 2 bedroom homes for rent?', 'What is for sale under $500k?'];
/** Questions one visitor asks before leaving. */
const QUESTIONS_PER_VISITOR = 3;
/** A visitor's pause to read an answer and type the next question. */
const VISITOR_PAUSE_MS = 2_000;
/** A browser's page embedding the widget. */
const VISITOR_PAGE = 'https://agency.example';
/** Sessions a flood client keeps to ask in once new ones are refused. */
const FLOOD_SESSIONS_KEPT = 20;
const SAMPLES = 5;
/** The image each flood session attaches (fetch wants bytes of their own ArrayBuffer). */
const FLOOD_IMAGE = new Uint8Array(PNG);

/**
 * The most questions `visitors` can ask in `seconds`: a visit asks QUESTIONS_PER_VISITOR with a
 * pause before each but the first, so it takes at least that many pauses less one, answers aside.
 */
export function visitorQuestionsAtMost(visitors: number, seconds: number): number {
  const shortestVisitMs = (QUESTIONS_PER_VISITOR - 1) * VISITOR_PAUSE_MS;
  return visitors * QUESTIONS_PER_VISITOR * (Math.floor((seconds * 1000) / shortestVisitMs) + 1);
}

/** The n-th real visitor's address, in the benchmarking network 198.18.0.0/15: never one of the flood's. */
function visitorAddress(index: number): string {
  return `198.${18 + ((index >> 16) & 1)}.${(index >> 8) & 255}.${index & 255}`;
}

/** Keeps the first few different failures: a thousand of the same one say no more than one. */
function keepSample(samples: string[], sample: string): void {
  if (samples.length < SAMPLES && !samples.includes(sample)) samples.push(sample);
}

const emptyTally = (): Tally => ({ letThrough: 0, refused: 0, other: 0, failed: 0 });

function describeReply(reply: WidgetReply): string {
  return reply.kind === 'no-answer' ? `no answer (${reply.reason})` : `${reply.status} ${reply.text.slice(0, 160)}`;
}

function sessionIn(reply: WidgetReply): VisitorSession | null {
  if (reply.kind !== 'answered' || reply.status !== 200) return null;
  return (JSON.parse(reply.text) as { Data: VisitorSession }).Data;
}

export async function runWidgetFlood(options: WidgetFloodOptions): Promise<WidgetFloodReport> {
  const { baseUrl, chatbotId } = options;
  const deadline = Date.now() + options.seconds * 1000;
  const url = (path: string) => `${baseUrl}${path}`;
  const report: WidgetFloodReport = {
    visitors: { count: 0, wholeAnswers: 0, errors: 0, errorSamples: [], answerMs: [] },
    flood: { sessions: emptyTally(), uploads: emptyTally(), questions: emptyTally(), samples: [] },
  };

  async function floodRequest(action: FloodAction, address: string, path: string, init: Parameters<typeof sendAsClient>[2]): Promise<WidgetReply> {
    const reply = await sendAsClient(url(path), address, init);
    const tally = report.flood[action];
    const status = reply.kind === 'answered' ? reply.status : 0;
    if (status >= 200 && status < 300) tally.letThrough += 1;
    else if (status === 429) tally.refused += 1;
    else {
      if (status >= 400 && status < 500) tally.other += 1;
      else tally.failed += 1;
      keepSample(report.flood.samples, `${action}: ${describeReply(reply)}`);
    }
    return reply;
  }

  async function floodClient(address: string): Promise<void> {
    const kept: VisitorSession[] = [];
    while (Date.now() < deadline) {
      const opened = sessionIn(await floodRequest('sessions', address, WIDGET_PATHS.session(chatbotId), { method: 'POST' }));
      if (opened && kept.length < FLOOD_SESSIONS_KEPT) kept.push(opened);
      const session = opened ?? kept[Math.floor(Math.random() * kept.length)];
      if (!session) continue;
      const token = { [VISITOR_TOKEN_HEADER]: session.VisitorToken };
      const query = new URLSearchParams({ sessionID: String(session.SessionID), fileName: 'flood.png' });
      await floodRequest('uploads', address, `${WIDGET_PATHS.upload(chatbotId)}?${query}`, { method: 'POST', headers: { ...token, 'content-type': 'image/png' }, body: FLOOD_IMAGE });
      for (let question = 0; question < options.questionsPerFloodSession && Date.now() < deadline; question += 1) {
        const body: ClientAskRequest = { sessionID: session.SessionID, content: `flood ${question}`, stream: false };
        await floodRequest('questions', address, WIDGET_PATHS.ask(chatbotId), { method: 'POST', headers: { ...token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      }
    }
  }

  let nextVisitor = 0;
  function visitorError(what: string, reply: WidgetReply): false {
    report.visitors.errors += 1;
    keepSample(report.visitors.errorSamples, `${what}: ${describeReply(reply)}`);
    return false;
  }

  /** One visitor's visit; false when something failed, which ends it, as the visitor would give up. */
  async function visit(address: string): Promise<boolean> {
    const page = { origin: VISITOR_PAGE, 'sec-fetch-site': 'cross-site' };
    const settings = await sendAsClient(url(WIDGET_PATHS.settings(chatbotId)), address, { method: 'GET', headers: page });
    if (settings.kind !== 'answered' || settings.status !== 200) return visitorError('settings', settings);
    const opened = await sendAsClient(url(WIDGET_PATHS.session(chatbotId)), address, { method: 'POST', headers: { ...page, 'content-type': 'application/json' }, body: '{}' });
    const session = sessionIn(opened);
    if (!session) return visitorError('session', opened);
    for (let question = 0; question < QUESTIONS_PER_VISITOR && Date.now() < deadline; question += 1) {
      if (question > 0) await sleep(VISITOR_PAUSE_MS);
      const body: ClientAskRequest = { sessionID: session.SessionID, content: VISITOR_QUESTIONS[question % VISITOR_QUESTIONS.length]!, stream: true };
      const started = performance.now();
      const answer = await sendAsClient(url(WIDGET_PATHS.ask(chatbotId)), address, {
        method: 'POST',
        headers: { ...page, 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: session.VisitorToken },
        body: JSON.stringify(body),
      });
      if (answer.kind !== 'answered' || answer.status !== 200 || !isWholeStreamedAnswer(answer.text)) return visitorError('question', answer);
      report.visitors.wholeAnswers += 1;
      report.visitors.answerMs.push(Math.round(performance.now() - started));
    }
    return true;
  }

  async function visitorSlot(): Promise<void> {
    while (Date.now() < deadline) {
      report.visitors.count += 1;
      // The next visitor comes a moment after a failed visit, not in a tight loop of failures.
      if (!(await visit(visitorAddress(nextVisitor++)))) await sleep(VISITOR_PAUSE_MS);
    }
  }

  await Promise.all([
    ...options.floodAddresses.flatMap((address) => Array.from({ length: options.clientsPerFloodAddress }, () => floodClient(address))),
    ...Array.from({ length: options.visitors }, () => visitorSlot()),
  ]);
  report.visitors.answerMs.sort((a, b) => a - b);
  return report;
}

/** The `share` quantile of sorted values (0 when there are none). */
export function quantile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

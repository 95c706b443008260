import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SECRET_KEY_HEADER, SESSION_KEY_HEADER, type OperationName } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { buildApp, DATABASE_FILE } from '../app';
import { DEMO_CHATBOT_ID, DEMO_SECRET_KEY, DEMO_SESSION_KEY } from '../config';
import { applyMutation, fuzzCase, jsonText, spoil, VALID_BODIES, type FuzzCase, type FuzzFixtures } from './bodies';
import { PNG } from '../test-media';

export interface FuzzFailure {
  problem: '5xx' | 'not an envelope' | 'rejected but changed state';
  status: number;
  /** The generated case as JSON, cut short (some values are huge). */
  case: string;
  /** The start of the body sent and of the answer, enough to reproduce. */
  sent: string;
  answer: string;
}

export interface FuzzFigures {
  seed: number;
  bodies: number;
  accepted: number;
  rejected: number;
  serverErrors: number;
  nonEnvelope: number;
  rejectedChangedState: number;
  byOperation: Record<string, number>;
  failures: FuzzFailure[];
}

/** The state a request may change: every table, row by row. */
function stateDigest(db: Database.Database): string {
  const hash = createHash('sha256');
  for (const table of ['chatbots', 'listings', 'sessions', 'messages', 'files']) {
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().iterate()) hash.update(JSON.stringify(row));
    hash.update(`|${table}|`);
  }
  return hash.digest('hex');
}

const ENVELOPE_KEYS = ['Code', 'Data', 'Message', 'Success', 'Version'];

/** Null when the answer is the envelope the interface promises (or, for a streamed answer, SSE frames of JSON). */
function envelopeProblem(status: number, contentType: string, body: string): string | null {
  if (contentType.startsWith('text/event-stream')) {
    if (status !== 200) return 'an event stream with a status other than 200';
    const frames = body.split('\n\n').filter((frame) => frame.trim() !== '');
    for (const frame of frames) {
      if (!frame.startsWith('data: ')) return 'an event stream frame without data:';
      JSON.parse(frame.slice('data: '.length));
    }
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'not an object';
  const envelope = parsed as Record<string, unknown>;
  if (Object.keys(envelope).sort().join() !== ENVELOPE_KEYS.join()) return `keys ${Object.keys(envelope).join(', ')}`;
  if (envelope.Code !== status) return `Code ${String(envelope.Code)} but HTTP status ${status}`;
  if (typeof envelope.Version !== 'string' || typeof envelope.Message !== 'string') return 'Version or Message not text';
  if (status === 200) return envelope.Success === true && envelope.Message === '' ? null : 'a 200 without Success';
  if (envelope.Success !== false || envelope.Data !== null || envelope.Message.trim() === '') return 'a failure without Success false, Data null and a Message';
  return null;
}

async function prepareFixtures(app: FastifyInstance): Promise<FuzzFixtures> {
  const post = async (name: OperationName, body: unknown) => {
    const response = await app.inject({ method: 'POST', url: operations[name].path, headers: { [SECRET_KEY_HEADER]: DEMO_SECRET_KEY }, payload: body as InjectOptions['payload'] });
    return (response.json() as { Data: Record<string, unknown> }).Data;
  };
  const session = await post('GetSession', { serialNumber: DEMO_CHATBOT_ID });
  const file = await post('GetPreUploadUrl', { fileName: 'photo.png' });
  await app.inject({ method: 'PUT', url: String(file.PreUploadUrl), headers: { 'content-type': 'image/png' }, payload: PNG });
  return { chatbotId: DEMO_CHATBOT_ID, sessionId: Number(session.SessionID), fileId: Number(file.FileStoreId) };
}

function headersOf(name: OperationName, how: FuzzCase['credential'], contentType: string | null): Record<string, string> {
  const own = operations[name].credential === 'session' ? SESSION_KEY_HEADER : SECRET_KEY_HEADER;
  const other = own === SESSION_KEY_HEADER ? SECRET_KEY_HEADER : SESSION_KEY_HEADER;
  const keyOf = (header: string) => (header === SESSION_KEY_HEADER ? DEMO_SESSION_KEY : DEMO_SECRET_KEY);
  const headers: Record<string, string> = {};
  if (how === 'right') headers[own] = keyOf(own);
  if (how === 'wrong') headers[own] = 'not-the-key';
  if (how === 'other-kind') headers[other] = own === SESSION_KEY_HEADER ? 'not-the-key' : keyOf(other);
  if (contentType !== null) headers['content-type'] = contentType;
  return headers;
}

/**
 * Sends `runs` generated requests (fast-check, from `seed`) to every operation of the
 * registry on a fresh service, and counts what the interface forbids: a 5xx, an answer that
 * is not the envelope, and a refused request that changed the database.
 */
export async function runFuzz({ runs, seed = Date.now() % 2 ** 31 }: { runs: number; seed?: number }): Promise<FuzzFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'realty-bot-fuzz-'));
  const app = await buildApp({ dataDir, distDir: join(dataDir, 'no-dist'), logLevel: process.env.FUZZ_LOG === '1' ? 'error' : 'silent', streamDelayMs: 0 });
  const reader = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  const names = Object.keys(operations) as OperationName[];
  const figures: FuzzFigures = {
    seed,
    bodies: 0,
    accepted: 0,
    rejected: 0,
    serverErrors: 0,
    nonEnvelope: 0,
    rejectedChangedState: 0,
    byOperation: Object.fromEntries(names.map((name) => [name, 0])),
    failures: [],
  };
  try {
    await app.ready();
    const fixtures = await prepareFixtures(app);
    let before = stateDigest(reader);
    for (const generated of fc.sample(fuzzCase(names), { numRuns: runs, seed })) {
      const spec = operations[generated.operation];
      const variants = VALID_BODIES[generated.operation](fixtures);
      const start = variants[generated.variant % variants.length];
      const body = generated.mutations.reduce(applyMutation, start);
      const text = spoil(body === undefined ? '' : jsonText(body), generated.spoiling);
      const method = generated.method ?? spec.method;
      const request: InjectOptions = {
        method,
        url: `${spec.path}${generated.suffix}`,
        headers: headersOf(generated.operation, generated.credential, generated.contentType),
      };
      if (text !== '' || method === 'POST') request.payload = text;
      const response = await app.inject(request);
      const after = stateDigest(reader);
      figures.bodies += 1;
      figures.byOperation[generated.operation]! += 1;
      const status = response.statusCode;
      const fail = (problem: FuzzFailure['problem']) =>
        figures.failures.push({ problem, status, case: JSON.stringify(generated).slice(0, 400), sent: text.slice(0, 200), answer: response.body.slice(0, 300) });
      if (status === 200) figures.accepted += 1;
      else figures.rejected += 1;
      if (status >= 500) {
        figures.serverErrors += 1;
        fail('5xx');
      }
      // A HEAD answer has no body by definition.
      if (method !== 'HEAD' && envelopeProblem(status, String(response.headers['content-type'] ?? ''), response.body) !== null) {
        figures.nonEnvelope += 1;
        fail('not an envelope');
      }
      if (status !== 200 && after !== before) {
        figures.rejectedChangedState += 1;
        fail('rejected but changed state');
      }
      before = after;
    }
  } finally {
    reader.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** The one line the README quotes. */
export function summaryOf(figures: FuzzFigures): string {
  return (
    `fuzz (seed ${figures.seed}): ${figures.bodies} bodies to ${Object.keys(figures.byOperation).length} operations ` +
    `(${figures.accepted} accepted, ${figures.rejected} refused): ${figures.serverErrors} answered 5xx, ` +
    `${figures.nonEnvelope} not an envelope, ${figures.rejectedChangedState} refused but changed state`
  );
}

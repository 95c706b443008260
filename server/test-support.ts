import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  type Envelope,
  type OperationName,
  type ResponseOf,
} from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { buildApp, type AppOptions } from './app';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY } from './config';
import { COOKIE_NAME } from './console/access';
import { issueSetupLink } from './console/links';
import { openConsoleStore } from './console/store';

/** Helpers for the service tests: a fresh app on a temporary data directory, and typed calls. */

export const SECRET = { authorization: DEMO_SECRET_KEY } as const;
export const SESSION = { 'chatrobot-sessionkey': DEMO_SESSION_KEY } as const;
export const BOT = 'demo-bot';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Closes the app (and, unless `keepData`, deletes its data directory). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export function temporaryDir(prefix = 'realty-bot-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestApp(options: AppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? temporaryDir();
  const app = await buildApp({
    dataDir,
    streamDelayMs: 0,
    logLevel: 'silent',
    // No built app unless a test brings one.
    distDir: join(dataDir, 'no-dist'),
    ...options,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The credential headers the operation wants, with the demo keys. */
export function credentialsFor(name: OperationName): Record<string, string> {
  return operations[name].credential === 'session' ? { ...SESSION } : { ...SECRET };
}

export interface Called {
  status: number;
  envelope: Envelope<unknown>;
  response: LightMyRequestResponse;
}

export async function call(
  app: FastifyInstance,
  name: OperationName,
  body?: unknown,
  headers: Record<string, string> = credentialsFor(name),
): Promise<Called> {
  const spec = operations[name];
  const request: InjectOptions = { method: spec.method, url: spec.path, headers };
  if (spec.method === 'POST') request.payload = body as InjectOptions['payload'];
  const response = await app.inject(request);
  return { status: response.statusCode, envelope: errorEnvelopeSchema.parse(response.json()), response };
}

/** Calls an operation that must succeed and returns its Data, checked against the contract. */
export async function ok<Name extends OperationName>(
  app: FastifyInstance,
  name: Name,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<ResponseOf<Name>> {
  const { status, envelope } = await call(app, name, body, headers);
  expect(envelope.Message).toBe('');
  expect(status).toBe(200);
  return envelopeSchema(operations[name].response).parse(envelope).Data as ResponseOf<Name>;
}

/** Calls an operation that must fail with `status`, and returns its Message. */
export async function failing(
  app: FastifyInstance,
  name: OperationName,
  body: unknown,
  status: number,
  headers?: Record<string, string>,
): Promise<string> {
  const { status: actual, envelope } = await call(app, name, body, headers);
  expect({ status: actual, Success: envelope.Success, Code: envelope.Code, Data: envelope.Data }).toEqual({
    status,
    Success: false,
    Code: status,
    Data: null,
  });
  return envelope.Message;
}

/** The objects of an SSE body, in order. */
export function sseObjects(body: string): unknown[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      return JSON.parse(frame.slice('data: '.length)) as unknown;
    });
}

/**
 * Headers of a console request by a signed-in Owner: the first owner of `test`'s console, made
 * with a setup link as an operator would (so it works in proxy mode, which has no demo owner),
 * and the browser's same-origin Fetch Metadata.
 */
export async function ownerSession(test: TestApp): Promise<Record<string, string>> {
  const store = openConsoleStore(test.dataDir);
  const token = new URL(issueSetupLink(store, 'http://localhost', Date.now())).hash.slice('#token='.length);
  store.close();
  const response = await test.app.inject({
    method: 'POST',
    url: '/console/setup',
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: { token, email: 'owner@example.com', name: 'Test Owner', password: 'correct horse battery staple' },
  });
  const cookie = response.cookies.find((each) => each.name === COOKIE_NAME);
  if (response.statusCode !== 200 || !cookie) throw new Error(`The first owner could not be set up: ${response.statusCode} ${response.body}`);
  return { cookie: `${COOKIE_NAME}=${cookie.value}`, 'sec-fetch-site': 'same-origin' };
}

// @vitest-environment node
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_FILE_BYTES, VISITOR_TOKEN_HEADER, WIDGET_PATHS, type OperationName, type VisitorSession } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { JSON_BODY_LIMIT } from '../app';
import { defaultWidgetLimits } from '../config';
import { UPLOAD_BODY_LIMIT } from '../routes/files';
import { UPLOADS_PER_WINDOW } from '../widget/visitor-files';
import { SECRET, SESSION, credentialsFor, startTestApp, type TestApp } from '../test-support';
import { PNG } from '../test-media';
import { FOREIGN_HOST_EXAMPLE } from './build-document';
import { OPERATION_DOCS, UPLOAD_OPERATION_ID, UPLOAD_PATH, type OpenApiDocument, type OpenApiOperation } from './build-document';
import { documentValidator, type DocumentValidator } from './document-validator';
import { OPENAPI_PATH } from './routes';
import { WIDGET_OPERATIONS, type WidgetOperationName } from './widget-document';

/**
 * Real requests to a fresh local service, valid ones for every operation and refused ones for
 * every error class, each answer checked against the document the service itself serves:
 * its status is one the document lists for the operation, its Content-Type one the document
 * lists for that status, and its body matches that schema (ajv; a stream event by event).
 * The valid requests are the document's own examples, and where the answer is deterministic
 * it must equal the documented example too. The last test checks every listed status was seen.
 */

type Name = OperationName | typeof UPLOAD_OPERATION_ID | WidgetOperationName;
const NAMES = Object.keys(operations) as OperationName[];

let service: TestApp;
let document: OpenApiDocument;
let validator: DocumentValidator;
const seen = new Set<string>();

beforeAll(async () => {
  service = await startTestApp();
  document = (await service.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  validator = await documentValidator(document);
});
afterAll(() => service.close());

function where(name: Name): { path: string; method: string } {
  if (name === UPLOAD_OPERATION_ID) return { path: UPLOAD_PATH, method: 'PUT' };
  return Object.hasOwn(WIDGET_OPERATIONS, name) ? WIDGET_OPERATIONS[name as WidgetOperationName] : operations[name as OperationName];
}

function operationOf(name: Name): OpenApiOperation {
  const { path, method } = where(name);
  return validator.operation(path, method);
}

/** The documented example of the request body. */
function exampleBody(name: OperationName): Record<string, unknown> {
  return operationOf(name).requestBody?.content['application/json']?.examples?.demo?.value as Record<string, unknown>;
}

/** The documented example of an answer (its envelope). */
function exampleAnswer(name: Name, status: number): { Data: unknown; Message: string } {
  const examples = operationOf(name).responses[String(status)]?.content?.['application/json']?.examples ?? {};
  return Object.values(examples)[0]!.value as { Data: unknown; Message: string };
}

/** Sends a request and checks the answer against the document. */
async function send(name: Name, request: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await service.app.inject(request);
  const { path, method } = where(name);
  const problems = validator.answerProblems(path, method, response);
  expect({ name, status: response.statusCode, problems }).toEqual({ name, status: response.statusCode, problems: [] });
  seen.add(`${name} ${response.statusCode}`);
  return response;
}

function call(name: OperationName, body: unknown, headers: Record<string, string> = credentialsFor(name), payload?: string | Buffer) {
  const spec = operations[name];
  return send(name, {
    method: spec.method,
    url: spec.path,
    headers,
    ...(spec.method === 'POST' ? { payload: payload ?? (body as InjectOptions['payload']) } : {}),
  });
}

/** Calls with the documented example body; the answer must be the documented example where `exact`. */
async function callExample(name: OperationName, exact = true) {
  const response = await call(name, exampleBody(name));
  expect(response.statusCode).toBe(200);
  if (exact) expect({ name, Data: response.json().Data }).toEqual({ name, Data: exampleAnswer(name, 200).Data });
  return response.json().Data;
}

function expectRefusal(response: LightMyRequestResponse, name: Name, status: number, message = exampleAnswer(name, status).Message) {
  expect({ name, status: response.statusCode, Message: response.json().Message }).toEqual({ name, status, Message: message });
}

/** What each operation names that can be missing, to get its 404. */
const MISSING: Partial<Record<OperationName, Record<string, unknown>>> = {
  Edit: { serialNumber: 'no-such-bot' },
  Detail: { serialNumber: 'no-such-bot' },
  Versions: { serialNumber: 'no-such-bot' },
  VersionDetail: { serialNumber: 'no-such-bot' },
  GetSession: { serialNumber: 'no-such-bot' },
  ClientAsk: { sessionID: 987_654_321 },
  RealEstateCreate: { SerialNumber: 'no-such-bot' },
  RealEstateUpdate: { SerialNumber: 'no-such-bot' },
  RealEstateList: { SerialNumber: 'no-such-bot' },
  RealEstateDelete: { SerialNumber: 'no-such-bot' },
  RealEstateBatch: { SerialNumber: 'no-such-bot' },
  ConfirmUpload: { FileStoreId: 987_654_321 },
};

describe('the local service answers as the OpenAPI document says', () => {
  it('answers every operation\'s documented example with the documented answer', async () => {
    await callExample('ModelList');
    await callExample('Detail');
    await callExample('Edit');
    // The history's times are those of this service's start: the shape is checked, not the values.
    await callExample('Versions', false);
    await callExample('VersionDetail', false);
    await callExample('GetSession');
    await callExample('ClientAsk');
    await callExample('RealEstateList');
    await callExample('RealEstateCreate');
    await callExample('RealEstateUpdate');
    await callExample('RealEstateBatch');
    const batchCreated = (exampleAnswer('RealEstateBatch', 200).Data as { Results: Array<{ PlatformId?: string }> }).Results[0]!.PlatformId!;
    expect((await call('RealEstateDelete', { SerialNumber: exampleBody('RealEstateBatch').SerialNumber, Keys: [batchCreated], KeyType: 'PlatformId' })).json().Data).toEqual({ SuccessCount: 1 });
    await callExample('RealEstateDelete');
    // The listings are back as they were: the same page again.
    await callExample('RealEstateList');

    // Streamed: the same answer as the documented stream, event by event (the ids go on counting).
    const streamed = await call('ClientAsk', { ...exampleBody('ClientAsk'), stream: true });
    expect(streamed.statusCode).toBe(200);
    const documentedStream = String(operationOf('ClientAsk').responses[200]!.content!['text/event-stream']!.examples!.demo!.value);
    const contents = (body: string) => body.split('\n\n').filter(Boolean).map((frame) => JSON.parse(frame.slice('data: '.length)).content ?? JSON.parse(frame.slice('data: '.length)).Answer);
    expect(contents(streamed.body)).toEqual(contents(documentedStream));

    // The three-step upload, with the documented file.
    const { FileStoreId, PreUploadUrl } = await callExample('GetPreUploadUrl', false);
    expect({ FileStoreId, PreUploadUrl: String(PreUploadUrl).replace(/token=.*/, 'token=') }).toEqual({
      FileStoreId: (exampleAnswer('GetPreUploadUrl', 200).Data as { FileStoreId: number }).FileStoreId,
      PreUploadUrl: String((exampleAnswer('GetPreUploadUrl', 200).Data as { PreUploadUrl: string }).PreUploadUrl).replace(/token=.*/, 'token='),
    });
    const receipt = exampleAnswer(UPLOAD_OPERATION_ID, 200).Data as { Size: number; ContentType: string };
    const put = await send(UPLOAD_OPERATION_ID, { method: 'PUT', url: PreUploadUrl, headers: { 'content-type': receipt.ContentType }, payload: Buffer.concat([PNG, Buffer.alloc(receipt.Size - PNG.length)]) });
    expect(put.json().Data).toEqual(receipt);
    await callExample('ConfirmUpload');
  });

  it('accepts either credential for the listing writes, and the session key alone for the list', async () => {
    const created = await call('RealEstateCreate', { ...exampleBody('RealEstateCreate'), MLSNumber: 'SESSION-1', Url: 'https://homes.example.com/session-1' }, { ...SESSION });
    expect(created.statusCode).toBe(200);
    const deleted = await call('RealEstateDelete', { SerialNumber: exampleBody('RealEstateDelete').SerialNumber, Keys: [created.json().Data], KeyType: 'PlatformId' }, { ...SECRET });
    expect(deleted.json().Data).toEqual({ SuccessCount: 1 });
    expect((await call('RealEstateList', exampleBody('RealEstateList'), { ...SESSION })).statusCode).toBe(200);
  });

  it('refuses each error class as documented', async () => {
    for (const name of NAMES) {
      const spec = operations[name];
      const documented = operationOf(name).responses;
      // 401: no credential, and wrong keys in both headers.
      expectRefusal(await call(name, exampleBody(name), {}), name, 401);
      expectRefusal(await call(name, exampleBody(name), { authorization: 'wrong', 'chatrobot-sessionkey': 'wrong' }), name, 401, expect.any(String));
      // 403: from a page of another site (or, for the GET, a foreign Host), refused before the keys are looked at.
      if (spec.method === 'GET') expectRefusal(await call(name, exampleBody(name), { ...credentialsFor(name), host: FOREIGN_HOST_EXAMPLE }), name, 403);
      else expectRefusal(await call(name, exampleBody(name), { ...credentialsFor(name), 'sec-fetch-site': 'cross-site' }), name, 403);
      if (!spec.request) continue;
      // 400: the documented invalid body, with the documented Message; and a body that is not JSON.
      expectRefusal(await call(name, OPERATION_DOCS[name].invalid), name, 400);
      expectRefusal(await call(name, undefined, { ...credentialsFor(name), 'content-type': 'application/json' }, '{"unfinished'), name, 400, 'The request body is not valid JSON.');
      // 413 and 415.
      const huge = JSON.stringify({ padding: 'x'.repeat(OPERATION_DOCS[name].bodyLimit ?? JSON_BODY_LIMIT) });
      expectRefusal(await call(name, undefined, { ...credentialsFor(name), 'content-type': 'application/json' }, huge), name, 413);
      expectRefusal(await call(name, undefined, { ...credentialsFor(name), 'content-type': 'text/plain' }, 'hello'), name, 415);
      // 404: what the body names does not exist.
      if (documented[404]) {
        const missing = MISSING[name];
        expect(missing, `MISSING has no entry for ${name}`).toBeDefined();
        expectRefusal(await call(name, { ...exampleBody(name), ...missing }), name, 404);
      }
    }
    // A refusal of a streamed ask comes as an envelope, before any stream.
    expectRefusal(await call('ClientAsk', { ...OPERATION_DOCS.ClientAsk.invalid, stream: true }), 'ClientAsk', 400);
  });

  it('refuses a message past the chatbot\'s rate limit with 429', async () => {
    const bot = exampleBody('GetSession').serialNumber;
    expect((await call('Edit', { serialNumber: bot, RateLimitCount: 1, RateLimitTime: 3600 })).statusCode).toBe(200);
    const sessionID = (await call('GetSession', { serialNumber: bot })).json().Data.SessionID;
    expect((await call('ClientAsk', { sessionID, content: 'Hello' })).statusCode).toBe(200);
    expectRefusal(await call('ClientAsk', { sessionID, content: 'Hello again' }), 'ClientAsk', 429);
    expectRefusal(await call('ClientAsk', { sessionID, content: 'Hello again', stream: true }), 'ClientAsk', 429);
  });

  it('refuses the upload step\'s errors as documented', async () => {
    const put = (url: string, payload: Buffer) => send(UPLOAD_OPERATION_ID, { method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload });
    const bytes = PNG;
    const { FileStoreId, PreUploadUrl } = (await call('GetPreUploadUrl', { fileName: 'kitchen.png' })).json().Data;
    expectRefusal(await put(`/files/upload/${FileStoreId}?token=guess`, bytes), UPLOAD_OPERATION_ID, 403);
    expectRefusal(await put(`/files/upload/987654321?token=guess`, bytes), UPLOAD_OPERATION_ID, 404);
    expectRefusal(await put(PreUploadUrl, Buffer.alloc(0)), UPLOAD_OPERATION_ID, 400);
    expectRefusal(await put(PreUploadUrl, Buffer.alloc(UPLOAD_BODY_LIMIT + 1)), UPLOAD_OPERATION_ID, 413);
    expect((await put(PreUploadUrl, bytes)).statusCode).toBe(200);
    expect((await call('ConfirmUpload', { FileStoreId })).statusCode).toBe(200);
    expectRefusal(await put(PreUploadUrl, bytes), UPLOAD_OPERATION_ID, 409);
  });

  it('answers the widget\'s public operations as documented', async () => {
    const bot = exampleBody('GetSession').serialNumber as string;
    const page = { host: 'localhost:8787', origin: 'https://shop.example.com', 'sec-fetch-site': 'cross-site' };
    const foreign = { ...page, origin: 'https://example.com.evil.net' };
    const json = { 'content-type': 'application/json' };
    expect((await call('Edit', { serialNumber: bot, EnableUploadImage: true, RateLimitCount: 2, RateLimitTime: 3600 })).statusCode).toBe(200);

    // The settings: the documented example is what a fresh service shows a visitor (but for what the Edit above set).
    const settings = await send('WidgetSettings', { method: 'GET', url: WIDGET_PATHS.settings(bot), headers: page });
    expect(settings.json().Data).toEqual({ ...(exampleAnswer('WidgetSettings', 200).Data as object), EnableUploadImage: true });
    expectRefusal(await send('WidgetSettings', { method: 'GET', url: WIDGET_PATHS.settings('no-such-bot'), headers: page }), 'WidgetSettings', 404);
    const session: VisitorSession = (await send('WidgetSession', { method: 'POST', url: WIDGET_PATHS.session(bot), headers: page })).json().Data;
    expectRefusal(await send('WidgetSession', { method: 'POST', url: WIDGET_PATHS.session('no-such-bot'), headers: page }), 'WidgetSession', 404);
    const token = { [VISITOR_TOKEN_HEADER]: session.VisitorToken };

    const upload = (headers: Record<string, string>, payload: Buffer, query = `sessionID=${session.SessionID}&fileName=porch.png`, url = WIDGET_PATHS.upload(bot)) =>
      send('WidgetUpload', { method: 'POST', url: `${url}?${query}`, headers: { ...headers, 'content-type': 'image/png' }, payload });
    const file = (await upload({ ...page, ...token }, PNG)).json().Data;
    expect(file).toMatchObject({ FileName: 'porch.png', ContentType: 'image/png', Size: PNG.length });
    expectRefusal(await upload({ ...page, ...token }, Buffer.alloc(0)), 'WidgetUpload', 400);
    expectRefusal(await upload({ ...page, ...token }, Buffer.alloc(VISITOR_FILE_BYTES + 1)), 'WidgetUpload', 413);
    expectRefusal(await upload({ ...page, ...token }, PNG, undefined, WIDGET_PATHS.upload('no-such-bot')), 'WidgetUpload', 404);
    expectRefusal(await upload({ ...page, [VISITOR_TOKEN_HEADER]: 'guess' }, PNG), 'WidgetUpload', 403, expect.stringMatching(/^widget-visitor-token: /));

    const ask = (headers: Record<string, string>, body: unknown, url = WIDGET_PATHS.ask(bot)) =>
      send('WidgetAsk', { method: 'POST', url, headers: { ...json, ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
    const streamed = await ask({ ...page, ...token }, { sessionID: session.SessionID, content: 'Hello', stream: true, chatAskType: 'Image', fileIds: [file.FileStoreId] });
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    expect((await ask({ ...page, ...token }, { sessionID: session.SessionID, content: 'Hello' })).json().Data.content).toEqual(expect.any(String));
    expectRefusal(await ask({ ...page, ...token }, { sessionID: session.SessionID, content: '   ' }), 'WidgetAsk', 400);
    expectRefusal(await ask(foreign, { sessionID: session.SessionID, content: 'Hello' }), 'WidgetAsk', 403, expect.stringMatching(/^widget-visitor-token: /));
    expectRefusal(await ask({ ...page, ...token }, { sessionID: session.SessionID, content: 'Hello' }, WIDGET_PATHS.ask('no-such-bot')), 'WidgetAsk', 404);
    expectRefusal(await ask({ ...page, ...token }, JSON.stringify({ padding: 'x'.repeat(JSON_BODY_LIMIT) })), 'WidgetAsk', 413);
    expectRefusal(await ask({ ...page, ...token, 'content-type': 'text/plain' }, 'hello'), 'WidgetAsk', 415);
    expectRefusal(await ask({ ...page, ...token }, { sessionID: session.SessionID, content: 'Hello again' }), 'WidgetAsk', 429);

    // Under VerifyDomain, a page outside Domains is refused with the documented Message.
    expect((await call('Edit', { serialNumber: bot, VerifyDomain: true, Domains: 'shop.example.com' })).statusCode).toBe(200);
    expectRefusal(await send('WidgetSettings', { method: 'GET', url: WIDGET_PATHS.settings(bot), headers: foreign }), 'WidgetSettings', 403);
    expectRefusal(await send('WidgetSession', { method: 'POST', url: WIDGET_PATHS.session(bot), headers: foreign }), 'WidgetSession', 403);
    expectRefusal(await upload({ ...foreign, ...token }, PNG), 'WidgetUpload', 403);
    // Every upload of the session so far counts, refused ones too: the limit comes within one window's worth.
    let limited = await upload({ ...page, ...token }, PNG);
    for (let sent = 0; sent < UPLOADS_PER_WINDOW && limited.statusCode === 200; sent += 1) limited = await upload({ ...page, ...token }, PNG);
    expectRefusal(limited, 'WidgetUpload', 429);
    expect((await call('Edit', { serialNumber: bot, VerifyDomain: false, EnableUploadImage: false, RateLimitCount: 20, RateLimitTime: 1 })).statusCode).toBe(200);

    // One client address opening session after session meets its per-address limit.
    const openFrom = () => send('WidgetSession', { method: 'POST', url: WIDGET_PATHS.session(bot), headers: page, remoteAddress: '203.0.113.77' });
    let opened = await openFrom();
    for (let tries = 0; tries < defaultWidgetLimits().sessionsPerAddress && opened.statusCode === 200; tries += 1) opened = await openFrom();
    expectRefusal(opened, 'WidgetSession', 429);
  });

  it('has seen every status the document lists, for every operation', () => {
    const listed = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`)),
    );
    expect([...seen].sort()).toEqual(listed.sort());
  });
});

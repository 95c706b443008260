// @vitest-environment node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_VERSION,
  MAX_PAGE_SIZE,
  SECRET_KEY_HEADER,
  SESSION_KEY_HEADER,
  VISITOR_TOKEN_HEADER,
  WIDGET_PATHS,
  envelopeSchema,
  type OperationName,
} from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { JSON_BODY_LIMIT } from '../app';
import { contentSecurityPolicy, apiReferenceContentSecurityPolicy } from '../security-headers';
import { SECRET, startTestApp, temporaryDir, type TestApp } from '../test-support';
import { buildOpenApiDocument, ERROR_STATUSES, UPLOAD_OPERATION_ID, UPLOAD_PATH, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from './build-document';
import { documentValidator, type DocumentValidator } from './document-validator';
import { DOCUMENT_FILE, STALE_HINT, documentText } from './generated-files';
import { WIDGET_OPERATIONS } from './widget-document';
import { API_REFERENCE_PATH, OPENAPI_PATH, inlineScriptHashes } from './routes';

const document = buildOpenApiDocument({ jsonBodyLimit: JSON_BODY_LIMIT });
const NAMES = Object.keys(operations) as OperationName[];
let validator: DocumentValidator;
beforeAll(async () => {
  validator = await documentValidator(document);
});

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function operationOf(name: OperationName): OpenApiOperation {
  const spec = operations[name];
  const operation = document.paths[spec.path]?.[spec.method.toLowerCase() as 'get' | 'post'];
  if (!operation) throw new Error(`${name} is missing from the document`);
  return operation;
}

function schemaOf(name: string): JsonSchema & { properties: Record<string, JsonSchema>; required: string[] } {
  return document.components.schemas[name] as JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };
}

/** Every operation of the document with its path template and method. */
function allOperations(doc: OpenApiDocument): Array<{ path: string; method: string; operation: OpenApiOperation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as OpenApiOperation })),
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect(validated.info.title).toBe(document.info.title);
  });

  it('has only valid JSON Schema 2020-12 component schemas (ajv, strict)', () => {
    for (const schema of Object.values(validator.dereferenced.components.schemas)) {
      expect(validator.problems(schema, null)).toBeInstanceOf(Array);
    }
  });

  it('carries the interface version that answers report in Version', () => {
    expect(document.info.version).toBe(API_VERSION);
  });

  it('has every operation of the contract at its path and method, the upload step and the widget\'s public operations', () => {
    const listed = allOperations(document).map(({ path, method, operation }) => `${operation.operationId} ${method.toUpperCase()} ${path}`);
    const expected = [
      ...NAMES.map((name) => `${name} ${operations[name].method} ${operations[name].path}`),
      `${UPLOAD_OPERATION_ID} PUT ${UPLOAD_PATH}`,
      ...Object.entries(WIDGET_OPERATIONS).map(([name, { method, path }]) => `${name} ${method} ${path}`),
    ];
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('describes the widget\'s operations as keyless, local-only, with their path, token and answers', () => {
    for (const [name, { method, path }] of Object.entries(WIDGET_OPERATIONS)) {
      const operation = document.paths[path]![method.toLowerCase() as 'get' | 'post']!;
      expect({ name, security: operation.security, tags: operation.tags }).toEqual({ name, security: [], tags: ['Widget'] });
      expect(operation.description).toMatch(/Local service only \(in proxy mode it answers 404\)/);
      expect(operation.parameters?.find((parameter) => parameter.name === 'chatbotId')).toMatchObject({ in: 'path', required: true });
      // Built from the same paths the widget calls.
      expect(path.replace('{chatbotId}', 'demo-bot')).toBe(WIDGET_PATHS[name.replace('Widget', '').toLowerCase() as 'settings' | 'session' | 'upload' | 'ask']('demo-bot'));
    }
    const ask = document.paths[WIDGET_OPERATIONS.WidgetAsk.path]!.post!;
    expect(ask.parameters?.find((parameter) => parameter.in === 'header')).toMatchObject({ name: VISITOR_TOKEN_HEADER, required: true });
    expect(ask.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ClientAskRequest' });
    expect(Object.keys(ask.responses[200]!.content!)).toEqual(['application/json', 'text/event-stream']);
    expect(schemaOf('VisitorSettingsEnvelope').properties.Data).toEqual({ $ref: '#/components/schemas/VisitorSettings' });
    // The visitor's settings are the allow-list: nothing secret is described.
    for (const secret of ['SystemMessage', 'Domains', 'EmailForDailyLeads', 'MessageLimit']) expect(schemaOf('VisitorSettings').properties).not.toHaveProperty(secret);
    const upload = document.paths[WIDGET_OPERATIONS.WidgetUpload.path]!.post!;
    expect(upload.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(['path chatbotId', `header ${VISITOR_TOKEN_HEADER}`, 'query sessionID', 'query fileName']);
    expect(Object.keys(upload.responses).map(Number).sort()).toEqual([200, 400, 403, 404, 413, 429]);
  });

  it('names both credential headers as security schemes, and which operation takes which', () => {
    expect(document.components.securitySchemes).toEqual({
      SecretKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: SECRET_KEY_HEADER }),
      SessionKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: SESSION_KEY_HEADER }),
    });
    const expected = {
      secret: [{ SecretKey: [] }],
      session: [{ SessionKey: [] }],
      // Two requirement objects: either one is enough.
      secretOrSession: [{ SecretKey: [] }, { SessionKey: [] }],
    };
    for (const name of NAMES) expect({ name, security: operationOf(name).security }).toEqual({ name, security: expected[operations[name].credential] });
    expect(operationOf('RealEstateList').security).toEqual([{ SessionKey: [] }]);
    expect(operationOf('RealEstateCreate').security).toHaveLength(2);
    expect(document.paths[UPLOAD_PATH]!.put!.security).toEqual([]);
  });

  it('describes each request body from the contract: required fields, enums, formats and ranges', () => {
    for (const name of NAMES) {
      const body = operationOf(name).requestBody;
      if (operations[name].request === null) expect(body).toBeUndefined();
      else expect({ name, body: body?.content['application/json']?.schema, required: body?.required }).toEqual({ name, body: { $ref: `#/components/schemas/${name}Request` }, required: true });
    }
    const list = schemaOf('RealEstateListRequest');
    expect(list.required).toEqual(['SerialNumber']);
    expect(list.additionalProperties).toBe(false);
    expect(list.properties.SaleType).toMatchObject({ enum: ['for_sale', 'for_rent'] });
    expect(list.properties.PageSize).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE });
    const create = schemaOf('RealEstateCreateRequest');
    expect(create.required).toEqual(expect.arrayContaining(['SerialNumber', 'SaleType', 'Status', 'Url', 'YearBuilt', 'AreaUnit']));
    expect(create.required).not.toContain('Images');
    expect(create.properties.Url).toMatchObject({ type: 'string', format: 'uri', pattern: '^(?:https?):' });
    expect(create.properties.YearBuilt).toMatchObject({ type: 'integer', minimum: 1000, maximum: 2200 });
    expect(create.properties.Latitude).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    expect(create.properties.ExtensionColumn).toMatchObject({ type: 'array', maxItems: 100, items: { $ref: '#/components/schemas/ExtensionColumnEntry' } });
    const edit = schemaOf('EditRequest');
    expect(edit.required).toEqual(['serialNumber']);
    expect(edit.properties.TalkToHumanEmail).toMatchObject({ anyOf: [{ const: '' }, { format: 'email' }] });
    expect(edit.properties.ChatBubbleColor).toMatchObject({ pattern: expect.any(String), description: expect.stringContaining('rgb(r,g,b)') });
    expect(edit.properties.MessageLimit).toMatchObject({ type: 'integer', description: expect.stringContaining('-1') });
    const ask = schemaOf('ClientAskRequest');
    expect(ask.properties.chatAskType).toMatchObject({ anyOf: [{ enum: ['Text', 'Audio', 'Image', 'Video'] }, { type: 'null' }] });
    expect(ask.properties.content).toMatchObject({ maxLength: 20_000 });
  });

  it('wraps every answer in the envelope with the operation\'s Data', () => {
    for (const name of NAMES) {
      const answer = operationOf(name).responses[200]!.content!['application/json']!;
      expect(answer.schema).toEqual({ $ref: `#/components/schemas/${name}Envelope` });
      expect(schemaOf(`${name}Envelope`).properties.Data).toEqual({ $ref: `#/components/schemas/${name}Data` });
      expect(schemaOf(`${name}Envelope`).required).toEqual(['Data', 'Version', 'Success', 'Code', 'Message']);
    }
  });

  it('describes the streamed ClientAsk answer as text/event-stream with its fragment and final objects', () => {
    const streamed = operationOf('ClientAsk').responses[200]!.content!['text/event-stream']!;
    expect(streamed['x-itemSchema']).toEqual({ $ref: '#/components/schemas/ClientAskStreamEvent' });
    expect(schemaOf('ClientAskStreamEvent').anyOf).toEqual([{ $ref: '#/components/schemas/StreamFragment' }, { $ref: '#/components/schemas/StreamFinal' }]);
    expect(schemaOf('StreamFragment').required).toEqual(['content']);
    expect(schemaOf('StreamFinal').required).toEqual(['QuestionID', 'AnswerID', 'Answer', 'TotalToken']);
    const example = String(streamed.examples?.demo?.value);
    expect(validator.answerProblems(operations.ClientAsk.path, 'post', { statusCode: 200, headers: { 'content-type': 'text/event-stream' }, body: example })).toEqual([]);
  });

  it('lists the error answers of each operation with the envelope', () => {
    for (const name of NAMES) {
      const spec = operations[name];
      const statuses = Object.keys(operationOf(name).responses).map(Number);
      // 403: a foreign Host, or (for the POSTs) a page of another site, is refused on every operation.
      const expected = [200, 401, 403];
      if (spec.request) expected.push(400, 413, 415);
      if (!['ModelList', 'GetPreUploadUrl'].includes(name)) expected.push(404);
      if (name === 'ClientAsk') expected.push(429);
      expect({ name, statuses: statuses.sort() }).toEqual({ name, statuses: expected.sort() });
    }
    expect(Object.keys(document.paths[UPLOAD_PATH]!.put!.responses).map(Number).sort()).toEqual([200, 400, 403, 404, 409, 413]);
    for (const { operation } of allOperations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '200') continue;
        expect(response.content?.['application/json']?.schema).toEqual({ $ref: `#/components/schemas/Error${status}Envelope` });
      }
    }
    for (const status of ERROR_STATUSES) expect(schemaOf(`Error${status}Envelope`).properties.Code).toMatchObject({ const: status });
  });

  it('has examples from the demo data that match their schemas and the contract', () => {
    let count = 0;
    for (const { path, method, operation } of allOperations(validator.dereferenced)) {
      const bodies = [operation.requestBody, ...Object.values(operation.responses)];
      for (const body of bodies) {
        for (const [type, media] of Object.entries(body?.content ?? {})) {
          for (const [key, example] of Object.entries(media.examples ?? {})) {
            count += 1;
            const problems =
              type === 'text/event-stream'
                ? validator.answerProblems(path, method, { statusCode: 200, headers: { 'content-type': type }, body: String(example.value) })
                : validator.problems(media.schema, example.value);
            expect({ operation: operation.operationId, type, key, problems }).toEqual({ operation: operation.operationId, type, key, problems: [] });
          }
        }
      }
    }
    expect(count).toBeGreaterThan(60);
    // The same examples, read by the contract's own schemas.
    for (const name of NAMES) {
      const operation = operationOf(name);
      const spec = operations[name];
      if (spec.request) expect(spec.request.safeParse(operation.requestBody!.content['application/json']!.examples!.demo!.value).success).toBe(true);
      const answer = operation.responses[200]!.content!['application/json']!.examples!.demo!.value;
      expect(envelopeSchema(spec.response).safeParse(answer).success).toBe(true);
    }
  });

  it('is committed in docs/openapi.json, up to date with the contract', () => {
    const committed = readFileSync(DOCUMENT_FILE, 'utf8');
    expect(committed === documentText(document), `docs/openapi.json is out of date with the contract. ${STALE_HINT}`).toBe(true);
  });
});

describe('GET /openapi.json and the reference page', () => {
  it('serves the document, in local and in proxy mode', async () => {
    running = await startTestApp();
    const local = await running.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^application\/json/);
    expect(local.json()).toEqual(document);
    await running.close();

    running = await startTestApp({ upstream: { url: 'https://hosted.example.com', secretKey: null, sessionKey: null, chatbotIds: [] } });
    const proxied = await running.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(proxied.json()).toEqual(document);
    const page = await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    // Hosted keys are nobody's to hand out: the page is not filled with any.
    expect(page.body).not.toContain('securitySchemes');
  });

  it('serves the reference page with the app\'s policy plus the hash of its one inline script', async () => {
    running = await startTestApp();
    const page = await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const hashes = inlineScriptHashes(page.body);
    expect(hashes).toHaveLength(1);
    const expected = apiReferenceContentSecurityPolicy('local', hashes);
    expect(expected['script-src']).toEqual(["'self'", `'sha256-${hashes[0]}'`]);
    const header = String(page.headers['content-security-policy']);
    expect(header.split(';')).toEqual(Object.entries(expected).map(([name, sources]) => [name, ...sources].join(' ')));
    expect(header).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*;.*script|script-src[^;]*unsafe-inline/);
    // Its script is bundled in the package and served from this origin; the page reads the document from here too.
    expect(page.body).toContain('<script src="js/scalar.js">');
    expect(page.body).toContain('"url": "./openapi.json"');
    // No key, not even the demo ones: "try it" from a signed-in member's browser carries the console session.
    expect(page.body).not.toContain('demo-secret-key');
    expect(page.body).not.toContain('demo-session-key');
    const script = await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/js/scalar.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const copy = await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/openapi.json` });
    expect(copy.json()).toEqual(document);
    // Every other answer keeps the app's policy.
    const other = await running.app.inject({ method: 'GET', url: operations.ModelList.path, headers: SECRET });
    expect(String(other.headers['content-security-policy']).split(';')).toContain(`script-src ${contentSecurityPolicy('local')['script-src']!.join(' ')}`);
  });

  it('keeps both paths out of the single-page app fallback', async () => {
    const dataDir = temporaryDir();
    const dist = join(dataDir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    running = await startTestApp({ dataDir, distDir: dist });
    const html = { accept: 'text/html' };
    expect((await running.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: html })).json()).toEqual(document);
    expect((await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/`, headers: html })).body).toContain('Scalar.createApiReference');
    const bare = await running.app.inject({ method: 'GET', url: API_REFERENCE_PATH, headers: html });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`${API_REFERENCE_PATH}/`);
    const unknown = await running.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/nothing-here`, headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Success: false, Code: 404 });
    // The app's own routes still fall back to index.html.
    expect((await running.app.inject({ method: 'GET', url: '/connection', headers: html })).body).toContain('<div id="root">');
  });
});

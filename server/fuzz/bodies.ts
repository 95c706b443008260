import fc from 'fast-check';
import { type OperationName } from '../../src/api/contract';
import { createListing } from '../../src/demo-data';

/**
 * Generated requests for the service, valid and broken, shared by the property test
 * (fuzz.test.ts) and `npm run fuzz` (main.ts), which only differ in how many they send.
 */

/** Text put into the body as is: numbers JSON.stringify cannot write (1e309, -0) and invalid tokens (NaN). */
export class Raw {
  constructor(readonly text: string) {}
}

export type Value = null | boolean | number | string | Raw | Value[] | { [key: string]: Value };

/** JSON text of a value; objects keep own keys such as "__proto__" (built with Object.fromEntries). */
export function jsonText(value: Value): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return `{${Object.keys(value)
    .map((key) => `${JSON.stringify(key)}:${jsonText(value[key]!)}`)
    .join(',')}}`;
}

const objectOf = (entries: ReadonlyArray<readonly [string, Value]>): { [key: string]: Value } => Object.fromEntries(entries);

/** Bigger than the 1 MB JSON body limit. */
export const OVER_LIMIT_TEXT = 'x'.repeat(1024 * 1024 + 10);
const DEEP_NESTING = new Raw(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
const DEEP_ARRAY = new Raw(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
const HUGE_ARRAY = new Raw(`[${'0,'.repeat(99_999)}0]`);
const LONG_TEXT = 'é'.repeat(300_000);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const nastyKey = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, '', ' ', 'toString', 'hasOwnProperty', 'valueOf', 'then', 'Bogus', 'serialnumber', 'SerialNumber', '0', 'a.b'),
  fc.string({ maxLength: 12 }),
);

const strangeText = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '1_000',
  ' 42 ',
  '007',
  'null',
  'true',
  '\u0000',
  '\u202Etxt.exe',
  '\uD800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%',
  '_',
  '__proto__',
  '../../etc/passwd',
  '😀'.repeat(100),
);

const strangeNumber = fc.constantFrom(
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('-0'),
  new Raw('1e-400'),
  new Raw('9007199254740993'),
  new Raw('1E2'),
  new Raw('0.5'),
  -1,
  0,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
);

/** Anything a careless or hostile client might put where a field's value goes. */
export const nastyValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    strangeText,
    strangeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom<Value>(DEEP_NESTING, DEEP_ARRAY, HUGE_ARRAY, LONG_TEXT, 'x'.repeat(20_001)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(nastyKey, tie('value')), { maxLength: 4 }).map(objectOf),
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => objectOf([[key, objectOf([['polluted', true], ['isAdmin', true]])]])),
  ),
})).value;

/** What the valid bodies refer to: a chatbot, a session of it, an uploaded (unconfirmed) file. */
export interface FuzzFixtures {
  chatbotId: string;
  sessionId: number;
  fileId: number;
}

/**
 * Valid bodies of each operation (variants, so several paths of a handler are reached). Typed
 * by the registry: a new operation in src/api/contract/operations.ts does not compile here
 * until it has one, so it is fuzzed too.
 */
export const VALID_BODIES: Record<OperationName, (fixtures: FuzzFixtures) => ReadonlyArray<Value | undefined>> = {
  Edit: ({ chatbotId }): Value[] => [
    { serialNumber: chatbotId, WelcomeMessage: 'Hello again' },
    { serialNumber: chatbotId, Model: 'gpt-4o-mini', RateLimitCount: 1000, RateLimitTime: 1 },
  ],
  Detail: ({ chatbotId }) => [{ serialNumber: chatbotId }],
  Versions: ({ chatbotId }): Value[] => [{ serialNumber: chatbotId }, { serialNumber: chatbotId, PageNumber: 2, PageSize: 5 }],
  VersionDetail: ({ chatbotId }) => [{ serialNumber: chatbotId, Version: 1 }],
  GetSession: ({ chatbotId }) => [{ serialNumber: chatbotId }],
  ModelList: () => [undefined],
  ClientAsk: ({ sessionId, fileId }): Value[] => [
    { sessionID: sessionId, content: '3 bedroom homes in Austin', stream: false },
    { sessionID: sessionId, content: 'cheapest rentals', stream: true },
    { sessionID: sessionId, content: 'what is this?', chatAskType: 'Image', fileIds: [fileId], stream: false },
    { sessionID: sessionId, content: '', chatAskType: 'Audio', fileIds: [fileId] },
  ],
  RealEstateCreate: ({ chatbotId }) => [plain(createListing({ SerialNumber: chatbotId }))],
  RealEstateUpdate: ({ chatbotId }) => [
    { ...plain(createListing({ SerialNumber: chatbotId })), Key: '1', KeyType: 'PlatformId' },
    { ...plain(createListing({ SerialNumber: chatbotId })), Key: 'https://homes.example.com/x', KeyType: 'URL' },
  ],
  RealEstateList: ({ chatbotId }): Value[] => [
    { SerialNumber: chatbotId, CityName: 'Austin', SaleType: 'for_sale', PageNumber: 1, PageSize: 20 },
    { SerialNumber: chatbotId, MLSNumber: 'X', PageNumber: 3, PageSize: 100 },
  ],
  RealEstateDelete: ({ chatbotId }) => [{ SerialNumber: chatbotId, KeyType: 'MLSNumber', Keys: ['NO-SUCH-MLS'] }],
  RealEstateBatch: ({ chatbotId }): Value[] => [
    {
      SerialNumber: chatbotId,
      ImportId: 'fuzz-import',
      Items: [
        { RowKey: 2, Operation: 'Create', Listing: plain(createListing({ SerialNumber: chatbotId })) },
        { RowKey: 3, Operation: 'Update', Listing: { ...plain(createListing({ SerialNumber: chatbotId })), Key: 'https://homes.example.com/x', KeyType: 'URL' } },
      ],
    },
  ],
  GetPreUploadUrl: () => [{ fileName: 'photo.jpg' }],
  ConfirmUpload: ({ fileId }) => [{ FileStoreId: fileId }],
};

function plain(value: object): { [key: string]: Value } {
  return JSON.parse(JSON.stringify(value)) as { [key: string]: Value };
}

/** How a valid body is broken (or not: some runs send it as it is). */
export type Mutation =
  | { kind: 'valid' }
  | { kind: 'replace'; path: number[]; value: Value }
  | { kind: 'remove'; pick: number }
  | { kind: 'add'; key: string; value: Value }
  | { kind: 'whole'; value: Value }
  | { kind: 'over-limit'; pick: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'valid' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), path: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), value: nastyValue }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('add' as const), key: nastyKey, value: nastyValue }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: nastyValue }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('over-limit' as const), pick: fc.nat() }), weight: 1 },
);

const isObject = (value: Value | undefined): value is { [key: string]: Value } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Raw);

/** `value` with the part `path` leads to (an index into keys or items at each level) replaced. */
function replaceAt(value: Value, path: readonly number[], replacement: Value): Value {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if (Array.isArray(value) && value.length > 0) {
    const index = step % value.length;
    return value.map((item, at) => (at === index ? replaceAt(item, rest, replacement) : item));
  }
  if (isObject(value) && Object.keys(value).length > 0) {
    const entries = Object.entries(value);
    const index = step % entries.length;
    return objectOf(entries.map(([key, item], at) => [key, at === index ? replaceAt(item, rest, replacement) : item]));
  }
  return replacement;
}

export function applyMutation(body: Value | undefined, change: Mutation): Value | undefined {
  if (change.kind === 'valid') return body;
  if (change.kind === 'whole') return change.value;
  const fields: Array<[string, Value]> = isObject(body) ? Object.entries(body) : [];
  if (change.kind === 'add') return objectOf([...fields, [change.key, change.value]]);
  if (body === undefined || fields.length === 0) return change.kind === 'over-limit' ? OVER_LIMIT_TEXT : body;
  if (change.kind === 'replace') return replaceAt(body, change.path, change.value);
  const index = change.pick % fields.length;
  if (change.kind === 'remove') return objectOf(fields.filter((_, at) => at !== index));
  return objectOf(fields.map(([key, old], at) => [key, at === index ? OVER_LIMIT_TEXT : old]));
}

/** How the text is spoiled on the way (most requests send it intact). */
export type Spoiling = { kind: 'none' } | { kind: 'truncate'; at: number } | { kind: 'append'; text: string } | { kind: 'replace'; text: string };

export const spoiling: fc.Arbitrary<Spoiling> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 12 },
  { arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('append' as const), text: fc.constantFrom('}', ']', ',', ' garbage', '\u0000', '{}') }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      text: fc.constantFrom('', ' ', 'null', '"text"', '42', '[]', 'NaN', '{', '\uFEFF{}', "{'single': 'quotes'}", '{"a":1,}', '{"a":1}{"b":2}'),
    }),
    weight: 1,
  },
);

export function spoil(text: string, how: Spoiling): string {
  switch (how.kind) {
    case 'none':
      return text;
    case 'truncate':
      return text.slice(0, text.length === 0 ? 0 : how.at % text.length);
    case 'append':
      return text + how.text;
    case 'replace':
      return how.text;
  }
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  '',
] as const;

/** `null` sends no Content-Type header at all. */
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 10 },
  { arbitrary: fc.constantFrom<string | null>(...CONTENT_TYPES, null), weight: 2 },
);

/** Whether the request carries its operation's credential, none, or a wrong one. */
export const credential = fc.oneof(
  { arbitrary: fc.constant('right' as const), weight: 10 },
  { arbitrary: fc.constantFrom('none' as const, 'wrong' as const, 'other-kind' as const), weight: 1 },
);

/** Most requests go to the operation's own address with its own method; some do not. */
export const addressSuffix = fc.oneof(
  { arbitrary: fc.constant(''), weight: 12 },
  { arbitrary: fc.constantFrom('?x=1', '/', '%', '%E0%A4%A', '?%', '?a=%ZZ', '/..%2f..%2fetc', '//', '?__proto__[x]=1', '%00'), weight: 1 },
);
export const methodOverride = fc.oneof(
  { arbitrary: fc.constant(null), weight: 15 },
  { arbitrary: fc.constantFrom('GET' as const, 'POST' as const, 'PUT' as const, 'DELETE' as const, 'PATCH' as const, 'OPTIONS' as const, 'HEAD' as const), weight: 1 },
);

export interface FuzzCase {
  operation: OperationName;
  /** Which of the operation's valid bodies is the start. */
  variant: number;
  /** Applied in order: one or a few. */
  mutations: Mutation[];
  spoiling: Spoiling;
  contentType: string | null;
  credential: 'right' | 'none' | 'wrong' | 'other-kind';
  /** Appended to the operation's path. */
  suffix: string;
  /** Another method than the operation's, or null. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD' | null;
}

export function fuzzCase(names: readonly OperationName[]): fc.Arbitrary<FuzzCase> {
  return fc.record({
    operation: fc.constantFrom(...names),
    variant: fc.nat(),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
    spoiling,
    contentType,
    credential,
    suffix: addressSuffix,
    method: methodOverride,
  });
}

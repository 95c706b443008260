import { z } from 'zod';
import {
  API_VERSION,
  chatbotSettingsShape,
  domainsText,
  RGB_PATTERN,
  rgbColor,
  MAX_DELETE_KEYS,
  MAX_BATCH_ITEMS,
  batchItemSchema,
  BATCH_BODY_LIMIT,
  MAX_PAGE_SIZE,
  SECRET_KEY_HEADER,
  SESSION_KEY_HEADER,
  envelopeSchema,
  errorEnvelopeSchema,
  extensionColumnEntry,
  listingRowSchema,
  messageOfZodError,
  modelSchema,
  preUploadResponseDataSchema,
  streamFinalSchema,
  streamFragmentSchema,
  uploadReceiptSchema,
  type Credential,
  type OperationName,
  type RequestOf,
  type ResponseOf,
  type StreamFinal,
  type UploadReceipt,
  listingRowOf,
} from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { DEMO_CHATBOT_SETTINGS, DEMO_CITIES, demoListings } from '../../src/demo-data';
import { EITHER_MESSAGE, SECRET_MESSAGE, SESSION_MESSAGE } from '../auth';
import { defaultConfig, DEMO_CHATBOT_ID, DEMO_SECRET_KEY, DEMO_SESSION_KEY, seededChatbotIds } from '../config';
import { ACCEPTED_FORMATS, MEDIA_SIZE_LIMITS } from '../media-types';
import { crossSiteMessage, hostRefusal } from '../request-guard';
import { MODELS } from '../models';
import { answerQuestion, estimateTokens, fragmentsOf } from '../responder/answer-question';
import { NO_SESSION } from '../routes/chat';
import { NO_CHATBOT } from '../routes/chatbot';
import { ALREADY_CONFIRMED, NO_FILE, UPLOAD_BODY_LIMIT, WRONG_UPLOAD_TOKEN, fileUrl, uploadPath } from '../routes/files';
import { DEFAULT_PAGE_SIZE, NO_LISTING_CHATBOT } from '../routes/listings';
import { DEMO_LISTING_COUNT } from '../seed';
import { RECEIPT_DAYS } from '../db/import-receipts';
import { WIDGET_SCHEMAS, WIDGET_TAG, widgetPaths } from './widget-document';
import {
  ERROR_STATUSES,
  errorResponse,
  fileBytesBody,
  frameworkMessage,
  json,
  jsonSchemaOf,
  megabytes,
  ref,
  success,
  describeConstraints,
  withoutDialect,
  type ErrorStatus,
  type JsonSchema,
  type OpenApiOperation,
  type OpenApiResponse,
} from './document-parts';

export { ERROR_STATUSES, type ErrorStatus, type Example, type JsonSchema, type MediaType, type OpenApiOperation, type OpenApiParameter, type OpenApiResponse } from './document-parts';

/**
 * The OpenAPI 3.1 document of the interface, generated from the contract (src/api/contract):
 * every schema in it is zod's own JSON Schema (`z.toJSONSchema`) of a contract schema, so
 * the document cannot say something the contract does not. What zod cannot express (the
 * refinements: ClientAsk's rules on files, MessageLimit's -1) is said in words, beside the
 * refinement (`.meta()`) or in the operation's description here. The examples are the demo
 * data (src/demo-data) as a fresh local service answers it; server/openapi tests send them.
 *
 * Served at GET /openapi.json (built once at start-up) and written to docs/openapi.json by
 * `npm run openapi`; a test fails when that file is out of date.
 */

/*
 * What the contract's refinements check, said for the document: a refinement has no JSON Schema
 * form. Registered here rather than with `.meta()` in the contract, so these words stay out of
 * the browser's first load (the contract's schemas are part of it).
 */
z.globalRegistry.add(rgbColor, { pattern: RGB_PATTERN.source, description: 'A colour written as rgb(r,g,b), each channel a whole number 0 to 255.' });
z.globalRegistry.add(domainsText, { description: 'Host names separated by commas, such as example.com, shop.example.com; empty for none.' });
z.globalRegistry.add(batchItemSchema.shape.Listing, {
  description: "Exactly the body of RealEstateCreate (Operation Create) or RealEstateUpdate (Operation Update); checked by the service as that request's body would be, item by item.",
});
z.globalRegistry.add(chatbotSettingsShape.MessageLimit, { description: 'Messages per calendar month: -1 (unlimited) or at least 1.' });

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; summary: string; description: string };
  servers?: Array<{ url: string; description: string }>;
  tags: Array<{ name: Tag; description: string }>;
  paths: Record<string, Partial<Record<'get' | 'post' | 'put', OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<SecuritySchemeName, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
  };
}

export interface DocumentOptions {
  /** The body limit of the JSON operations (server/app.ts JSON_BODY_LIMIT), for the 413 answers. */
  jsonBodyLimit: number;
}

type Tag = 'Chatbot' | 'Chat' | 'Listings' | 'Files' | typeof WIDGET_TAG.name;
type SecuritySchemeName = 'SecretKey' | 'SessionKey';


/** The operation that is not in the contract's registry: the PUT of the bytes to PreUploadUrl. */
export const UPLOAD_OPERATION_ID = 'UploadFile';
export const UPLOAD_PATH = '/files/upload/{FileStoreId}';

/** The answer of a success: the contract's envelope, with what every success carries. */
function successEnvelope(data: Parameters<typeof envelopeSchema>[0]) {
  return z.object({ ...envelopeSchema(data).shape, Success: z.literal(true), Code: z.literal(200), Message: z.literal('') });
}

/** The answer of a failure: HTTP status == Code, and Message says what was wrong. */
function errorEnvelope(status: ErrorStatus) {
  return z.object({ ...errorEnvelopeSchema.shape, Success: z.literal(false), Code: z.literal(status), Message: z.string().min(1) });
}

// ---------------------------------------------------------------------------------------------
// Schemas

/**
 * components.schemas: every request body (`<Operation>Request`), every Data (`<Operation>Data`)
 * and its envelope (`<Operation>Envelope`), the error envelopes, and the pieces they share.
 * `io: 'input'` everywhere: the document describes what travels, which is what each side parses.
 */
function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const add = (schema: z.core.$ZodType, id: string) => registry.add(schema, { id });
  add(listingRowSchema, 'ListingRow');
  add(extensionColumnEntry, 'ExtensionColumnEntry');
  add(modelSchema, 'Model');
  // The contract's schemas are zod/mini, which has no .meta(): a classic object of the same shape carries the words.
  const fragment = z.object(streamFragmentSchema.shape).meta({ description: 'A fragment of a streamed answer: the next piece of its text.' });
  const final = z.object(streamFinalSchema.shape).meta({
    description: 'The last event of a streamed answer: the message ids, the whole answer (the fragments add up to it) and the tokens used.',
  });
  add(fragment, 'StreamFragment');
  add(final, 'StreamFinal');
  add(z.union([fragment, final]).meta({ description: 'One event of a streamed ClientAsk answer: StreamFragment objects, then one StreamFinal.' }), 'ClientAskStreamEvent');
  for (const [name, spec] of Object.entries(operations)) {
    if (spec.request) add(spec.request, `${name}Request`);
    add(spec.response, `${name}Data`);
    add(successEnvelope(spec.response), `${name}Envelope`);
  }
  add(uploadReceiptSchema, 'UploadReceipt');
  add(successEnvelope(uploadReceiptSchema), 'UploadReceiptEnvelope');
  for (const [id, schema] of Object.entries(WIDGET_SCHEMAS)) {
    add(schema, id);
    add(successEnvelope(schema), `${id}Envelope`);
  }
  for (const status of ERROR_STATUSES) add(errorEnvelope(status), `Error${status}Envelope`);

  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    override: describeConstraints,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema as JsonSchema)]));
}

// ---------------------------------------------------------------------------------------------
// Examples: the demo data, as a fresh local service (one seeded chatbot) answers it.

const BOT = DEMO_CHATBOT_ID;
/** The seeded listings with the ids a fresh database gives them (1, 2, … in order). */
const SEEDED = demoListings(BOT, DEMO_LISTING_COUNT).map(({ SerialNumber: _bot, ...fields }, index) => ({ ...fields, ID: index + 1 }));
/** A listing that is not seeded yet: the next demo listing. */
const NEW_LISTING = demoListings(BOT, DEMO_LISTING_COUNT + 1).at(-1)!;
/** The one after it, for the batch's example. */
const BATCH_LISTING = demoListings(BOT, DEMO_LISTING_COUNT + 2).at(-1)!;

const LIST_REQUEST = {
  SerialNumber: BOT,
  CityName: DEMO_CITIES[0]!.City,
  SaleType: 'for_sale',
  PageNumber: 1,
  PageSize: 2,
} satisfies RequestOf<'RealEstateList'>;
/** Newest first, as the service pages them. */
const LISTED = SEEDED.filter((listing) => listing.City === LIST_REQUEST.CityName && listing.SaleType === LIST_REQUEST.SaleType).sort(
  (a, b) => b.ID - a.ID,
);

const QUESTION = 'Hello';
const ANSWER = answerQuestion({
  question: QUESTION,
  settings: DEMO_CHATBOT_SETTINGS,
  listings: { cities: () => DEMO_CITIES.map((city) => city.City).sort(), search: () => ({ records: [], total: 0 }) },
}).content;
const TOTAL_TOKEN = estimateTokens(QUESTION, ANSWER);
const STREAM_FINAL: StreamFinal = { QuestionID: 1, AnswerID: 2, Answer: ANSWER, TotalToken: TOTAL_TOKEN };
/** The body of a streamed answer, frame by frame, as the service writes it. */
const STREAM_BODY = [...fragmentsOf(ANSWER).map((content) => ({ content })), STREAM_FINAL]
  .map((object) => `data: ${JSON.stringify(object)}\n\n`)
  .join('');

const UPLOAD_FILE_NAME = 'front porch.png';
const UPLOAD_SIZE = 48_213;
/** The shape of a real token (24 random bytes, base64url); each upload gets its own. */
const EXAMPLE_UPLOAD_TOKEN = 'kq3J0oPZb6N1Wg2yVtK8sLmA4dRfEhCu';
const UPLOAD_RECEIPT: UploadReceipt = { FileStoreId: 1, Size: UPLOAD_SIZE, ContentType: 'image/png' };

/** A Host the examples show refused. */
export const FOREIGN_HOST_EXAMPLE = 'rebound.attacker.example';

const FORBIDDEN_TEXT =
  "Refused before anything else is read: the `Host` is not one this server is meant for (`localhost`, `127.0.0.1`, `[::1]` and the names in ALLOWED_HOSTS), or a request that changes something came from a page of another site (`Sec-Fetch-Site` other than `same-origin`/`none`; without it, an `Origin` or `Referer` of another origin). Programs that send none of those headers are not affected.";

/** The Message the service gives a body the contract refuses. */
function refusalOf(name: OperationName, body: unknown): string {
  const schema = operations[name].request;
  const result = schema?.safeParse(body, { reportInput: true });
  if (!result || result.success) throw new Error(`The ${name} 400 example is accepted by the contract; pick one it refuses.`);
  return messageOfZodError(result.error);
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface OperationDoc<Name extends OperationName> {
  tag: Tag;
  summary: string;
  description: string;
  /** Example body (undefined for ModelList, which takes none). */
  request: RequestOf<Name>;
  /** Example Data of the answer. */
  response: ResponseOf<Name>;
  /** A body the contract refuses; its Message is the 400 example. */
  invalid?: Record<string, unknown>;
  /** The 404 Message, for operations that name something that may not exist. */
  notFound?: string;
  /** The 429 Message, for the operation that has limits. */
  tooManyRequests?: string;
  /** Its own JSON body limit, when not the service's (DocumentOptions.jsonBodyLimit). */
  bodyLimit?: number;
}

const mediaRules = (['Image', 'Audio', 'Video'] as const)
  .map((kind) => `\`${kind}\`: ${ACCEPTED_FORMATS[kind]}, at most ${megabytes(MEDIA_SIZE_LIMITS[kind])} each`)
  .join('; ');

/** How each operation is described, and its examples (server/openapi tests send them to a fresh local service). */
export const OPERATION_DOCS: { [Name in OperationName]: OperationDoc<Name> } = {
  Edit: {
    tag: 'Chatbot',
    summary: 'Edit chatbot settings',
    description:
      "Changes any subset of a chatbot's settings: only `serialNumber` is required, and a setting left out keeps its value. `Model` must be an available `Key` of ModelList. Data is 1.",
    request: {
      serialNumber: BOT,
      Name: DEMO_CHATBOT_SETTINGS.Name,
      WelcomeMessage: DEMO_CHATBOT_SETTINGS.WelcomeMessage,
      ChatBubbleColor: DEMO_CHATBOT_SETTINGS.ChatBubbleColor,
      RateLimitCount: DEMO_CHATBOT_SETTINGS.RateLimitCount,
      RateLimitTime: DEMO_CHATBOT_SETTINGS.RateLimitTime,
    },
    response: 1,
    invalid: { serialNumber: BOT, TalkToHumanEmail: 'agent at sunrise-realty' },
    notFound: NO_CHATBOT,
  },
  Detail: {
    tag: 'Chatbot',
    summary: 'Read chatbot settings',
    description: "Every setting of a chatbot, as Edit last left it. (Our addition to the interface: it has no way to read settings back.)",
    request: { serialNumber: BOT },
    response: { ...DEMO_CHATBOT_SETTINGS, serialNumber: BOT },
    invalid: { serialNumber: '' },
    notFound: NO_CHATBOT,
  },
  Versions: {
    tag: 'Chatbot',
    summary: 'List the settings versions',
    description:
      "The chatbot's settings history, newest first: version 1 is its first settings, and every Edit that changed something adds one, in the Edit's own transaction. `ChangedFields` names what that save changed; `Source` is `created`, `console` (this console's saves, which send the `x-settings-source` header) or `other`; `RestoredFrom` names the version a restore brought back. `VirtualCount` is the number of versions; `PageSize` is 1 to 100 (default 20). (Our addition to the interface.)",
    request: { serialNumber: BOT, PageNumber: 1, PageSize: 20 },
    response: { List: [{ Version: 1, CreatedAt: Date.UTC(2026, 0, 1), ChangedFields: [], Source: 'created', RestoredFrom: null }], VirtualCount: 1 },
    invalid: { serialNumber: BOT, PageSize: 0 },
    notFound: NO_CHATBOT,
  },
  VersionDetail: {
    tag: 'Chatbot',
    summary: 'Read one settings version',
    description: 'One version of the settings history with every setting as it was saved. (Our addition to the interface.)',
    request: { serialNumber: BOT, Version: 1 },
    response: { Version: 1, CreatedAt: Date.UTC(2026, 0, 1), ChangedFields: [], Source: 'created', RestoredFrom: null, Settings: { ...DEMO_CHATBOT_SETTINGS } },
    invalid: { serialNumber: BOT, Version: 0 },
    notFound: NO_CHATBOT,
  },
  GetSession: {
    tag: 'Chatbot',
    summary: 'Open a chat session',
    description: 'Opens a chat session with a chatbot. ClientAsk sends its `SessionID` as `sessionID`.',
    request: { serialNumber: BOT },
    response: { SessionID: 1 },
    invalid: { serialNumber: BOT, Name: 'not a field of this operation' },
    notFound: NO_CHATBOT,
  },
  ModelList: {
    tag: 'Chatbot',
    summary: 'List the AI models',
    description: "The models a chatbot can use. `Key` is what Edit's `Model` takes; `Status` false means listed but not selectable.",
    request: undefined,
    response: MODELS.map((model) => ({ ...model })),
  },
  ClientAsk: {
    tag: 'Chat',
    summary: 'Message a chatbot',
    description: [
      "Sends a visitor's message in a session (GetSession) and answers it: as one envelope when `stream` is false or absent, or as server-sent events when `stream` is true.",
      '',
      'Rules the schema cannot show:',
      '- `chatAskType` `Text` (or absent, or null): no `fileIds`, and `content` must not be blank.',
      `- With files (from the upload steps): ${mediaRules}. \`Image\` takes one or more files, \`Audio\` and \`Video\` exactly one; \`content\` may then be empty.`,
      "- Limits: `RateLimitCount` messages per `RateLimitTime` seconds in a session, and `MessageLimit` messages per calendar month for the chatbot (both chatbot settings); past them the answer is 429.",
      '',
      'Streamed: each event is a line `data: <JSON>` and a blank line. The events are `StreamFragment` objects (`{"content": "…"}`, the answer piece by piece), then one `StreamFinal` (`QuestionID`, `AnswerID`, the whole `Answer`, `TotalToken`). A refusal (400, 401, 404, 429…) comes before the stream starts, as an envelope with its status.',
    ].join('\n'),
    request: { sessionID: 1, content: QUESTION },
    response: { messageid: 2, content: ANSWER, totalToken: TOTAL_TOKEN, noAnswer: false },
    invalid: { sessionID: 1, content: '   ' },
    notFound: NO_SESSION,
    tooManyRequests: DEMO_CHATBOT_SETTINGS.RateLimitMessage,
  },
  RealEstateCreate: {
    tag: 'Listings',
    summary: 'Create a listing',
    description: "Adds a listing to a chatbot. Data is the new listing's id as text: its `ID` in RealEstateList, and its key with `KeyType` PlatformId.",
    request: NEW_LISTING,
    // A fresh service has seeded the demo listings of every chatbot it seeds (the demo one and its staging twin).
    response: String(DEMO_LISTING_COUNT * seededChatbotIds(defaultConfig()).length + 1),
    invalid: { ...NEW_LISTING, SaleType: 'auction' },
    notFound: NO_LISTING_CHATBOT,
  },
  RealEstateUpdate: {
    tag: 'Listings',
    summary: 'Update a listing',
    description:
      'Replaces the fields of every listing of the chatbot that `Key` selects: `KeyType` PlatformId matches the listing\'s id, MLSNumber its MLS number, URL its `Url`. Data is how many listings were updated (0 when none matched).',
    request: { ...NEW_LISTING, Status: 'Sold', Key: NEW_LISTING.MLSNumber, KeyType: 'MLSNumber' },
    response: 1,
    invalid: { ...NEW_LISTING, KeyType: 'MLSNumber' },
    notFound: NO_LISTING_CHATBOT,
  },
  RealEstateList: {
    tag: 'Listings',
    summary: 'List listings',
    description: `A page of a chatbot's listings, newest first, optionally filtered by city, sale type and MLS number (exact matches). \`PageNumber\` defaults to 1 and \`PageSize\` to ${DEFAULT_PAGE_SIZE} (at most ${MAX_PAGE_SIZE}). \`VirtualCount\` is how many listings match the filters across all pages. Numbers come back as text, an unset one as "".`,
    request: LIST_REQUEST,
    response: { List: LISTED.slice(0, LIST_REQUEST.PageSize).map((listing) => listingRowOf(listing, listing.ID)), VirtualCount: LISTED.length },
    invalid: { SerialNumber: BOT, PageSize: MAX_PAGE_SIZE + 1 },
    notFound: NO_LISTING_CHATBOT,
  },
  RealEstateDelete: {
    tag: 'Listings',
    summary: 'Delete listings',
    description: `Deletes the chatbot's listings that \`Keys\` select (at most ${MAX_DELETE_KEYS} keys; \`KeyType\` as in RealEstateUpdate). \`SuccessCount\` is how many went; a key that selects nothing is not an error.`,
    request: { SerialNumber: BOT, Keys: [NEW_LISTING.MLSNumber], KeyType: 'MLSNumber' },
    response: { SuccessCount: 1 },
    invalid: { SerialNumber: BOT, Keys: [], KeyType: 'MLSNumber' },
    notFound: NO_LISTING_CHATBOT,
  },
  RealEstateBatch: {
    tag: 'Listings',
    summary: 'Create and update listings in bulk',
    description: [
      `Many RealEstateCreate and RealEstateUpdate bodies in one request (at most ${MAX_BATCH_ITEMS} items), as the console's CSV import sends them. (Our addition to the interface: the hosted service answers 404; the console then sends a request per listing.)`,
      '',
      "- Each item's `Listing` is exactly the body of its `Operation`'s single request, SerialNumber included (which must be the batch's), and is checked and written as that request would be: an invalid item gets its own result with Code 400 and the Message that request would have had, naming the field, and the other items still land.",
      "- `Results` answers every item, in the items' order. A Create that landed has `PlatformId` (RealEstateCreate's Data), an Update `UpdatedCount` (RealEstateUpdate's Data).",
      '- All items are written in one transaction, and the answer comes after the COMMIT; a refused item writes nothing.',
      `- Idempotent: an item that landed leaves a receipt under (SerialNumber, ImportId, RowKey), kept ${RECEIPT_DAYS} days. An item sent again with the same three is not written again; its stored result is the answer. Send a retried or resumed import with the same ImportId.`,
    ].join('\n'),
    request: {
      SerialNumber: BOT,
      ImportId: 'demo-import-1',
      Items: [
        { RowKey: 2, Operation: 'Create', Listing: BATCH_LISTING },
        { RowKey: 3, Operation: 'Update', Listing: { ...NEW_LISTING, YearBuilt: 999, Key: NEW_LISTING.MLSNumber, KeyType: 'MLSNumber' } },
      ],
    },
    // Sent after the RealEstateCreate example: the next id.
    response: {
      Results: [
        { RowKey: 2, Success: true, Code: 200, Message: '', PlatformId: String(DEMO_LISTING_COUNT * seededChatbotIds(defaultConfig()).length + 2) },
        { RowKey: 3, Success: false, Code: 400, Message: 'YearBuilt: must be a four-digit year' },
      ],
    },
    invalid: { SerialNumber: BOT, ImportId: 'demo-import-1', Items: [] },
    notFound: NO_LISTING_CHATBOT,
    bodyLimit: BATCH_BODY_LIMIT,
  },
  GetPreUploadUrl: {
    tag: 'Files',
    summary: 'Start an upload (step 1 of 3)',
    description:
      'Reserves a file and hands out the address to send its bytes to (`PreUploadUrl`, step 2). On the local service that address is on the same origin (`/files/upload/{FileStoreId}?token=…`, below); the hosted service hands out a pre-signed address on its storage host.',
    request: { fileName: UPLOAD_FILE_NAME },
    response: { FileStoreId: 1, PreUploadUrl: uploadPath(1, EXAMPLE_UPLOAD_TOKEN) },
    invalid: { fileName: '' },
  },
  ConfirmUpload: {
    tag: 'Files',
    summary: 'Confirm an upload (step 3 of 3)',
    description:
      "Makes an uploaded file usable: ClientAsk's `fileIds` take its `FileStoreId`. `Url` is where the file is served. Confirming twice is harmless. The media type is read from the file's own bytes and must be PNG, JPEG, WEBP, non-animated GIF, WAV, MP4, MKV, AVI, FLV or MPEG; the type the bytes were sent with is only a hint, and a mismatch or any other kind is refused with 400 naming `FileName` or `ContentType`. `ContentType` is the type found.",
    request: { FileStoreId: 1 },
    response: { FileStoreId: 1, FileName: UPLOAD_FILE_NAME, ContentType: 'image/png', Size: UPLOAD_SIZE, Url: fileUrl({ id: 1, fileName: UPLOAD_FILE_NAME }) },
    invalid: { FileStoreId: '1' },
    notFound: NO_FILE,
  },
};

const SECURITY: Record<Credential, Array<Record<string, string[]>>> = {
  secret: [{ SecretKey: [] }],
  session: [{ SessionKey: [] }],
  // Alternatives: either header is enough.
  secretOrSession: [{ SecretKey: [] }, { SessionKey: [] }],
};

const CREDENTIAL_TEXT: Record<Credential, string> = {
  secret: `Credential: the secret key in \`${SECRET_KEY_HEADER}\`.`,
  session: `Credential: the session key in \`${SESSION_KEY_HEADER}\`.`,
  secretOrSession: `Credential: either the secret key in \`${SECRET_KEY_HEADER}\` or the session key in \`${SESSION_KEY_HEADER}\` (the interface's header list names the first, its examples send the second; both are accepted).`,
};

const UNAUTHORIZED_MESSAGE: Record<Credential, string> = {
  secret: SECRET_MESSAGE,
  session: SESSION_MESSAGE,
  secretOrSession: EITHER_MESSAGE,
};

function jsonOperation<Name extends OperationName>(name: Name, options: DocumentOptions): OpenApiOperation {
  const spec = operations[name];
  const doc: OperationDoc<OperationName> = OPERATION_DOCS[name];
  const responses: Record<string, OpenApiResponse> = {
    200: {
      description: name === 'ClientAsk' ? 'The answer: one envelope, or (with `stream` true) a stream of events.' : 'Success.',
      content: json(ref(`${name}Envelope`), { demo: { summary: 'From the demo data', value: success(doc.response) } }),
    },
  };
  if (name === 'ClientAsk') {
    responses[200]!.content!['text/event-stream'] = {
      schema: {
        type: 'string',
        description: 'Server-sent events, each `data: <JSON>` and a blank line: StreamFragment objects, then one StreamFinal (see ClientAskStreamEvent).',
      },
      'x-itemSchema': ref('ClientAskStreamEvent'),
      examples: { demo: { summary: 'The demo greeting, streamed', value: STREAM_BODY } },
    };
  }
  if (spec.request) {
    responses[400] = errorResponse(
      400,
      'The body is not a JSON object, or a field is missing, unknown or wrong. Message names the field first (`field: what is wrong`; nested fields dotted, `ExtensionColumn.0.Key`).',
      refusalOf(name, doc.invalid),
    );
  }
  responses[401] = errorResponse(401, 'The credential header is missing, or holds a wrong key.', UNAUTHORIZED_MESSAGE[spec.credential]);
  responses[403] =
    spec.method === 'GET'
      ? errorResponse(403, FORBIDDEN_TEXT, hostRefusal(FOREIGN_HOST_EXAMPLE))
      : errorResponse(403, FORBIDDEN_TEXT, crossSiteMessage('cross-site'));
  if (doc.notFound) responses[404] = errorResponse(404, 'What the body names does not exist; Message names the field.', doc.notFound);
  if (spec.request) {
    const bodyLimit = doc.bodyLimit ?? options.jsonBodyLimit;
    responses[413] = errorResponse(413, `The body is larger than ${megabytes(bodyLimit)}.`, frameworkMessage('FST_ERR_CTP_BODY_TOO_LARGE', bodyLimit));
    responses[415] = errorResponse(
      415,
      'The Content-Type is not application/json. (A body without Content-Type is read as JSON.)',
      frameworkMessage('FST_ERR_CTP_INVALID_MEDIA_TYPE', options.jsonBodyLimit),
    );
  }
  if (doc.tooManyRequests) {
    responses[429] = errorResponse(
      429,
      "A limit is reached: the chatbot's `RateLimitCount` within `RateLimitTime` seconds in this session (Message is its `RateLimitMessage`), or its `MessageLimit` for this month (Message names MessageLimit).",
      doc.tooManyRequests,
    );
  }

  const operation: OpenApiOperation = {
    operationId: name,
    tags: [doc.tag],
    summary: doc.summary,
    description: `${doc.description}\n\n${CREDENTIAL_TEXT[spec.credential]}`,
    security: SECURITY[spec.credential],
    responses,
  };
  if (spec.request) {
    operation.requestBody = {
      required: true,
      content: json(ref(`${name}Request`), { demo: { summary: 'From the demo data', value: doc.request } }),
    };
  }
  return operation;
}

/** Step 2 of the upload, on the local service: not in the contract's registry (its address is handed out). */
function uploadOperation(): OpenApiOperation {
  return {
    operationId: UPLOAD_OPERATION_ID,
    tags: ['Files'],
    summary: 'Send the bytes (step 2 of 3)',
    description: [
      'The address GetPreUploadUrl hands out as `PreUploadUrl`: send the file\'s bytes as the body, with their Content-Type (any; none is read as application/octet-stream). Sending again before ConfirmUpload replaces them.',
      '',
      'This is the local service\'s upload address; the hosted service\'s is a pre-signed address on its storage host. No credential header: the one-off `token` in the address is the credential.',
    ].join('\n'),
    security: [],
    parameters: [
      { name: 'FileStoreId', in: 'path', required: true, description: "GetPreUploadUrl's FileStoreId.", schema: jsonSchemaOf(preUploadResponseDataSchema.shape.FileStoreId) },
      { name: 'token', in: 'query', required: true, description: 'The one-off token of PreUploadUrl.', schema: jsonSchemaOf(z.string()) },
    ],
    requestBody: fileBytesBody(UPLOAD_BODY_LIMIT),
    responses: {
      200: {
        description: 'The bytes are stored; ConfirmUpload makes the file usable.',
        content: json(ref('UploadReceiptEnvelope'), { demo: { summary: 'A picture of the demo listing', value: success(UPLOAD_RECEIPT) } }),
      },
      400: errorResponse(400, 'The body is empty.', 'The request body is empty; send the bytes of the file.'),
      403: errorResponse(403, 'The token is missing or wrong.', WRONG_UPLOAD_TOKEN),
      404: errorResponse(404, 'No file has this FileStoreId.', NO_FILE),
      409: errorResponse(409, 'The file is already confirmed; ask GetPreUploadUrl for a new address.', ALREADY_CONFIRMED),
      413: errorResponse(
        413,
        `The body is larger than ${megabytes(UPLOAD_BODY_LIMIT)}.`,
        frameworkMessage('FST_ERR_CTP_BODY_TOO_LARGE', UPLOAD_BODY_LIMIT),
      ),
    },
  };
}

const DESCRIPTION = `The HTTP interface of the hosted chatbot service for real-estate businesses — chatbot settings, chat, listings and uploads — as the local service of this project implements it. Generated from the zod contract (\`src/api/contract\`) that both the dashboard and the local service use.

**Envelope.** Every JSON answer, errors included, is \`{ Data, Version, Success, Code, Message }\`: \`Data\` is the operation's result, \`Version\` the interface version (this document's version), \`Code\` equals the HTTP status (200 on success) and \`Message\` is empty on success and says what was wrong otherwise, naming the field first (\`TalkToHumanEmail: must be an e-mail address such as name@example.com\`).

**Credentials.** Two headers carry the keys: \`${SECRET_KEY_HEADER}\` the secret key (settings, chat, uploads) and \`${SESSION_KEY_HEADER}\` the session key (RealEstateList). The three listing writes accept either. The keys are sent as they are, with no \`Bearer\` prefix. The local service's demo keys are \`${DEMO_SECRET_KEY}\` and \`${DEMO_SESSION_KEY}\`.

**Bodies.** Every operation but ModelList takes a JSON object; a field the operation does not know is refused, and so is a Content-Type other than JSON. Integers are safe integers (at most 2^53 − 1 either way). The upload takes its file in three steps: GetPreUploadUrl, the bytes sent to the address it hands out, ConfirmUpload.`;

/** The whole document. Pure: the same contract always gives the same document. */
export function buildOpenApiDocument(options: DocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(operations) as OperationName[]) {
    const spec = operations[name];
    paths[spec.path] = { ...paths[spec.path], [spec.method.toLowerCase()]: jsonOperation(name, options) };
    // The upload's second step, between the first and the third.
    if (name === 'GetPreUploadUrl') paths[UPLOAD_PATH] = { put: uploadOperation() };
  }
  // The widget's public side last: not in the registry, so never forwarded by the proxy (widget-document.ts).
  Object.assign(paths, widgetPaths({ askAnswer: paths[operations.ClientAsk.path]!.post!.responses[200]!, jsonBodyLimit: options.jsonBodyLimit }));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Realty-bot chatbot service',
      version: API_VERSION,
      summary: 'Chatbot settings, chat, property listings and uploads of the hosted chatbot service.',
      description: DESCRIPTION,
    },
    tags: [
      { name: 'Chatbot', description: 'Settings, sessions and models of a chatbot.' },
      { name: 'Chat', description: 'Messages to a chatbot and its answers.' },
      { name: 'Listings', description: "A chatbot's property listings." },
      { name: 'Files', description: 'The three-step upload of chat attachments and pictures.' },
      WIDGET_TAG,
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        SecretKey: { type: 'apiKey', in: 'header', name: SECRET_KEY_HEADER, description: 'The secret key, as it is (no Bearer prefix).' },
        SessionKey: { type: 'apiKey', in: 'header', name: SESSION_KEY_HEADER, description: "The session key, found in the workspace's Webhooks API area." },
      },
    },
  };
}

import { z } from 'zod';
import {
  clientAskRequestSchema,
  messageOfZodError,
  VISITOR_FILE_BYTES,
  VISITOR_TOKEN_HEADER,
  visitorFileSchema,
  visitorSessionSchema,
  visitorSettingsSchema,
  type VisitorFile,
} from '../../src/api/contract';
import { DEMO_CHATBOT_SETTINGS } from '../../src/demo-data';
import { DEMO_CHATBOT_ID } from '../config';
import { NO_WIDGET_CHATBOT, WRONG_VISITOR_TOKEN } from '../widget/refusals';
import { foreignOriginMessage } from '../widget/page-origin';
import { EMPTY_FILE, TOO_MANY_UPLOADS, UPLOAD_WINDOW_SECONDS, UPLOADS_PER_WINDOW } from '../widget/visitor-files';
import { visitorSettingsOf } from '../widget/visitor-settings';
import { errorResponse, fileBytesBody, frameworkMessage, json, jsonSchemaOf, megabytes, ref, success, type OpenApiOperation, type OpenApiParameter, type OpenApiResponse } from './document-parts';

/**
 * The widget's public operations (routes/widget.ts) in the OpenAPI document. They are kept
 * out of the contract's operation registry on purpose: that registry is also the list of what
 * proxy mode forwards to the hosted service, and the widget is the local service's own (the
 * hosted service has its own widget; in proxy mode these addresses answer 404 and nothing is
 * forwarded: server/proxy.test.ts). No credential header: a visitor holds no key.
 */

export const WIDGET_TAG = { name: 'Widget', description: "The chat widget's public side, for visitors' pages (local service only): no key, and only a chatbot's allowed Domains when VerifyDomain is on." } as const;

/** Each widget operation's id, method and path template. */
export const WIDGET_OPERATIONS = {
  WidgetSettings: { method: 'GET', path: '/widget/chatbots/{chatbotId}/settings' },
  WidgetSession: { method: 'POST', path: '/widget/chatbots/{chatbotId}/session' },
  WidgetUpload: { method: 'POST', path: '/widget/chatbots/{chatbotId}/files' },
  WidgetAsk: { method: 'POST', path: '/widget/chatbots/{chatbotId}/ask' },
} as const;
export type WidgetOperationName = keyof typeof WIDGET_OPERATIONS;

/** The component schemas the widget's answers use, by name; each gets an envelope `<name>Envelope`. */
export const WIDGET_SCHEMAS = { VisitorSettings: visitorSettingsSchema, VisitorSession: visitorSessionSchema, VisitorFile: visitorFileSchema } as const;

const BOT = DEMO_CHATBOT_ID;
/** A page of another site, refused when VerifyDomain is on. */
const FOREIGN_PAGE = 'https://example.com.evil.net';
const EXAMPLE_FILE: VisitorFile = { FileStoreId: 1, FileName: 'front porch.png', ContentType: 'image/png', Size: 48_213 };

const PAGE_RULE =
  'A page is admitted by its `Origin` (a same-origin request by `Sec-Fetch-Site`): with the chatbot\'s VerifyDomain on, only an origin in its Domains (a host, `*.` for its subdomains, an optional port), and only that origin is named in `Access-Control-Allow-Origin`; with it off, any page (`*`). Anything else is refused with 403 before the request does anything.';

const CHATBOT_PARAMETER: OpenApiParameter = { name: 'chatbotId', in: 'path', required: true, description: "The chatbot's id (its serialNumber).", schema: jsonSchemaOf(z.string()) };
const TOKEN_PARAMETER: OpenApiParameter = {
  name: VISITOR_TOKEN_HEADER,
  in: 'header',
  required: true,
  description: "WidgetSession's VisitorToken: proves the session is this visitor's.",
  schema: jsonSchemaOf(z.string()),
};

const notFound = () => errorResponse(404, 'No chatbot has this id.', NO_WIDGET_CHATBOT);
const foreignPage = (more = '') => errorResponse(403, `The page is not admitted (${PAGE_RULE})${more}`, foreignOriginMessage(FOREIGN_PAGE));
const answer = (schema: keyof typeof WIDGET_SCHEMAS, description: string, value: unknown): OpenApiResponse => ({
  description,
  content: json(ref(`${schema}Envelope`), { demo: { summary: 'From the demo data', value: success(value) } }),
});

function operation(name: WidgetOperationName, fields: Omit<OpenApiOperation, 'operationId' | 'tags' | 'security'>): OpenApiOperation {
  return {
    operationId: name,
    tags: [WIDGET_TAG.name],
    ...fields,
    description: `${fields.description}\n\nNo credential: a visitor's page calls it. Local service only (in proxy mode it answers 404).`,
    security: [],
  };
}

/**
 * The widget's paths. `askAnswer` is ClientAsk's 200 answer, which the widget's ask gives as
 * it is; `jsonBodyLimit` the limit of JSON bodies (server/app.ts).
 */
export function widgetPaths({ askAnswer, jsonBodyLimit }: { askAnswer: OpenApiResponse; jsonBodyLimit: number }): Record<string, Record<string, OpenApiOperation>> {
  const invalidAsk = clientAskRequestSchema.safeParse({ sessionID: 1, content: '   ' }, { reportInput: true });
  if (invalidAsk.success) throw new Error('The widget ask 400 example is accepted by the contract; pick one it refuses.');
  const tokenRefused = ` Or the session is not this visitor's: \`${WRONG_VISITOR_TOKEN}\`.`;

  /** The per-address limits (server/widget/address-limits.ts), counted across sessions before any per-session one. */
  const perAddress = (what: string, setting: string) =>
    `too many ${what} from this client address within the window (${setting}; the address is the connection's, or behind TRUST_PROXY the one the proxy wrote; Message is RateLimitMessage)`;
  const operations: Record<WidgetOperationName, OpenApiOperation> = {
    WidgetSettings: operation('WidgetSettings', {
      summary: "Read the chatbot's visitor-facing settings",
      description: 'What the widget shows and how it behaves: an allow-list of settings, never the system message, the limits, the domains or the report addresses. `ChatProfilePictureUrl` and `ChatIconUrl` are addresses of this service, or "" when none is set.',
      parameters: [CHATBOT_PARAMETER],
      responses: { 200: answer('VisitorSettings', 'The settings.', visitorSettingsOf(BOT, DEMO_CHATBOT_SETTINGS)), 403: foreignPage(), 404: notFound() },
    }),
    WidgetSession: operation('WidgetSession', {
      summary: 'Open a visitor session',
      description: 'Opens a chat session for one visitor. `VisitorToken` goes with every later request of the session, in the `widget-visitor-token` header.',
      parameters: [CHATBOT_PARAMETER],
      responses: {
        200: answer('VisitorSession', 'The session and its token.', { SessionID: 1, VisitorToken: 'kq3J0oPZb6N1Wg2yVtK8sLmA4dRfEhCu' }),
        403: foreignPage(),
        404: notFound(),
        429: errorResponse(429, `A limit is reached: ${perAddress('sessions', 'WIDGET_SESSIONS_PER_ADDRESS')}.`, DEMO_CHATBOT_SETTINGS.RateLimitMessage),
      },
    }),
    WidgetUpload: operation('WidgetUpload', {
      summary: 'Attach a file',
      description: [
        `Sends one file of the visitor's for the session's next question (its \`FileStoreId\` goes in WidgetAsk's \`fileIds\`, in this session only): an image (PNG, JPEG, WEBP, non-animated GIF) when the chatbot has EnableUploadImage on, a WAV recording when it has EnablePushToTalk on, at most ${megabytes(VISITOR_FILE_BYTES)}. The body is the file's bytes, its Content-Type only a hint: the type is read from the bytes, and a mismatch or any other kind is refused with 400 naming \`FileName\` or \`ContentType\`.`,
        `At most ${UPLOADS_PER_WINDOW} files per session in ${UPLOAD_WINDOW_SECONDS} seconds. The widget's routes never serve the file back.`,
      ].join('\n\n'),
      parameters: [
        CHATBOT_PARAMETER,
        TOKEN_PARAMETER,
        { name: 'sessionID', in: 'query', required: true, description: "WidgetSession's SessionID.", schema: jsonSchemaOf(visitorSessionSchema.shape.SessionID) },
        { name: 'fileName', in: 'query', required: true, description: "The file's name on the visitor's device.", schema: jsonSchemaOf(z.string()) },
      ],
      requestBody: fileBytesBody(VISITOR_FILE_BYTES),
      responses: {
        200: answer('VisitorFile', 'The file, kept for the session\'s questions; `ContentType` is the type found in its bytes.', EXAMPLE_FILE),
        400: errorResponse(400, 'The body is empty, `fileName` is missing, or the bytes are not an image or WAV recording (Message names `FileName` or `ContentType`).', EMPTY_FILE),
        403: foreignPage(`${tokenRefused} Or the chatbot does not take this kind of file from visitors (Message names EnableUploadImage or EnablePushToTalk).`),
        404: notFound(),
        413: errorResponse(413, `The body is larger than ${megabytes(VISITOR_FILE_BYTES)}.`, frameworkMessage('FST_ERR_CTP_BODY_TOO_LARGE', VISITOR_FILE_BYTES)),
        429: errorResponse(
          429,
          `More than ${UPLOADS_PER_WINDOW} files in ${UPLOAD_WINDOW_SECONDS} seconds in this session; ${perAddress('files', 'WIDGET_UPLOADS_PER_ADDRESS')}; or the chatbot's room for visitor files is full of files younger than WIDGET_FILE_KEEP_MINUTES (Message names \`file\`).`,
          TOO_MANY_UPLOADS,
        ),
      },
    }),
    WidgetAsk: operation('WidgetAsk', {
      summary: 'Ask in a visitor session',
      description:
        "ClientAsk for a visitor: the same body and the same answers (an envelope, or with `stream` true server-sent events), by the chatbot's own limits (`RateLimitCount` per `RateLimitTime` in the session, `MessageLimit` a month; 429 with their messages). `fileIds` may name only files WidgetUpload took in this session, of a kind the chatbot still takes.",
      parameters: [CHATBOT_PARAMETER, TOKEN_PARAMETER],
      requestBody: { required: true, content: json(ref('ClientAskRequest'), { demo: { summary: 'A greeting', value: { sessionID: 1, content: 'Hello', stream: true } } }) },
      responses: {
        200: askAnswer,
        400: errorResponse(400, 'The body is not a JSON object, a field is missing or wrong, or `fileIds` names a file that is not this visitor\'s. Message names the field first.', messageOfZodError(invalidAsk.error)),
        403: foreignPage(`${tokenRefused} Or a file of \`fileIds\` is of a kind the chatbot no longer takes.`),
        404: notFound(),
        413: errorResponse(413, `The body is larger than ${megabytes(jsonBodyLimit)}.`, frameworkMessage('FST_ERR_CTP_BODY_TOO_LARGE', jsonBodyLimit)),
        415: errorResponse(415, 'The Content-Type is not application/json.', frameworkMessage('FST_ERR_CTP_INVALID_MEDIA_TYPE', jsonBodyLimit)),
        429: errorResponse(
          429,
          `A limit is reached: ${perAddress('questions', 'WIDGET_QUESTIONS_PER_ADDRESS')}, or the chatbot's RateLimitCount within RateLimitTime in this session (Message is its RateLimitMessage), or its MessageLimit for this month.`,
          DEMO_CHATBOT_SETTINGS.RateLimitMessage,
        ),
      },
    }),
  };
  return Object.fromEntries(
    (Object.keys(WIDGET_OPERATIONS) as WidgetOperationName[]).map((name) => [WIDGET_OPERATIONS[name].path, { [WIDGET_OPERATIONS[name].method.toLowerCase()]: operations[name] }]),
  );
}

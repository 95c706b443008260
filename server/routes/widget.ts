import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAskRequestSchema, VISITOR_FILE_BYTES, VISITOR_TOKEN_HEADER, type ChatbotSettings, type VisitorFile } from '../../src/api/contract';
import { sameSecret } from '../auth';
import type { LocalContext } from '../context';
import type { Session } from '../db/sessions';
import { badRequest, notFound, ServiceError, success, tooManyRequests } from '../envelope';
import { canonicalTypeOf, isAnimatedGif } from '../media-types';
import { acceptRawBytes, bytesOf } from '../raw-bytes-body';
import { RateLimiter } from '../rate-limiter';
import { HEAD_BYTES, judgeUpload } from '../upload-verdict';
import { headerValue } from '../request-header';
import { createAddressLimits } from '../widget/address-limits';
import { admitPage, answerPreflight } from '../widget/page-origin';
import { NO_WIDGET_CHATBOT, WRONG_VISITOR_TOKEN } from '../widget/refusals';
import { testPageHtml, testPagePolicy, widgetServiceOrigin } from '../widget/test-page';
import { EMPTY_FILE, isFileOfSession, NO_FILE_NAME, NOT_YOUR_FILE, refusalOfKind, TOO_MANY_UPLOADS, UPLOAD_WINDOW_SECONDS, UPLOADS_PER_WINDOW, visitorUploadToken } from '../widget/visitor-files';
import { createVisitorFileRoom } from '../widget/visitor-file-room';
import { visitorSettingsOf, WIDGET_PICTURES, type WidgetPicture } from '../widget/visitor-settings';
import type { AskInSession } from './chat';
import { idOf, sendStoredFile, writeDurably } from './files';
import { parseBody } from './operation';

/** Where `vite build` leaves the widget's script (build/widget-build.ts); the static files never serve it. */
export const WIDGET_SCRIPT_FILE = join('widget', 'widget.js');
export const WIDGET_NOT_BUILT = '/* The widget has not been built yet: run `npm run build`, then restart the service. */\n';
export { NO_WIDGET_CHATBOT, WRONG_VISITOR_TOKEN } from '../widget/refusals';

type ChatbotRequest = FastifyRequest<{ Params: { chatbotId: string } }>;
type UploadRequest = FastifyRequest<{ Params: { chatbotId: string }; Querystring: { sessionID?: string; fileName?: string } }>;

/**
 * The public side of the local service, for the chat widget (contract/widget.ts): no key,
 * answers other origins (within the chatbot's Domains), and does only what a visitor can:
 * read the visitor-facing settings, open a session, attach a file and ask in it. Local mode only; a hosted
 * service serves its own widget. Since anyone may call it, what one client address may do is
 * limited across sessions (widget/address-limits.ts, before the chatbot's per-session limits),
 * and so is the room each chatbot's visitor files take (widget/visitor-file-room.ts).
 */
export function registerWidgetRoutes(app: FastifyInstance, context: LocalContext, askInSession: AskInSession): void {
  const { stores, config, now, filesDir } = context;
  /** Uploads per visitor session, apart from the chatbot's RateLimitCount (which counts questions). */
  const uploadLimiter = new RateLimiter();
  const addressLimits = createAddressLimits(config.widgetLimits);
  const visitorFileRoom = createVisitorFileRoom({ stores, filesDir, limits: config.widgetLimits, now });

  app.get(`/widget.js`, async (_request, reply) => {
    const file = join(config.distDir, WIDGET_SCRIPT_FILE);
    // Any page may load the script (helmet's default would keep it to this origin); it is
    // not fingerprinted, so it is checked again on each load.
    reply.header('cross-origin-resource-policy', 'cross-origin').header('cache-control', 'no-cache').type('text/javascript; charset=utf-8');
    if (!existsSync(file)) return reply.code(503).send(WIDGET_NOT_BUILT);
    return reply.send(createReadStream(file));
  });

  app.get<{ Params: { chatbotId: string }; Querystring: { service?: string } }>('/widget/test/:chatbotId', async (request, reply) => {
    const service = widgetServiceOrigin(request.query.service, config.allowedHosts);
    if (service === null) throw badRequest('service: must be the origin of this service under a name it answers to, such as http://localhost:8787');
    if (!stores.chatbots.get(request.params.chatbotId)) throw notFound(NO_WIDGET_CHATBOT);
    const origin = service || `${request.protocol}://${request.headers.host}`;
    return reply
      .header('content-security-policy', testPagePolicy(origin))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(testPageHtml(request.params.chatbotId, origin));
  });

  app.register(async (chatbot) => {
    /** The chatbot of the address, once its page has been admitted (page-origin.ts). */
    const admitted = new WeakMap<object, { id: string; settings: ChatbotSettings }>();
    const chatbotOf = (request: ChatbotRequest) => admitted.get(request.raw)!;

    chatbot.addHook('onRequest', async (request: ChatbotRequest, reply) => {
      // Anything under /widget/chatbots/ may be read by any page that can show it.
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      const id = request.params.chatbotId;
      const settings = stores.chatbots.get(id);
      if (!settings) throw notFound(NO_WIDGET_CHATBOT);
      // A picture is fetched by an <img>, which names no origin: pictures are not secret,
      // so they are shown to any page; everything else is for admitted pages only.
      if (!request.url.includes('/picture/')) admitPage(request, reply, settings);
      admitted.set(request.raw, { id, settings });
    });

    chatbot.options('/widget/chatbots/:chatbotId/*', async (_request, reply) => answerPreflight(reply));

    chatbot.get('/widget/chatbots/:chatbotId/settings', async (request: ChatbotRequest, reply) => {
      const { id, settings } = chatbotOf(request);
      reply.header('cache-control', 'no-cache');
      return success(visitorSettingsOf(id, settings));
    });

    chatbot.post('/widget/chatbots/:chatbotId/session', async (request: ChatbotRequest) => {
      const { id, settings } = chatbotOf(request);
      addressLimits.admit('sessions', request, settings, now());
      const token = randomBytes(24).toString('base64url');
      const sessionId = stores.sessions.create(id, now(), token);
      return success({ SessionID: sessionId, VisitorToken: token });
    });

    /** The visitor's session of this chatbot, proven by its token. */
    function visitorSessionOf(request: ChatbotRequest, sessionId: number | null): Session {
      const session = sessionId === null ? null : stores.sessions.get(sessionId);
      // One answer for every session that is not this visitor's of this chatbot, so the
      // answer says nothing about which session ids exist.
      if (!session || session.chatbotId !== chatbotOf(request).id || session.visitorToken === null || !sameSecret(headerValue(request, VISITOR_TOKEN_HEADER), session.visitorToken)) {
        throw new ServiceError(403, WRONG_VISITOR_TOKEN);
      }
      return session;
    }

    chatbot.post('/widget/chatbots/:chatbotId/ask', async (request: ChatbotRequest, reply) => {
      const { settings } = chatbotOf(request);
      // Every ask counts, well-formed or not: a flood is stopped before it costs anything more.
      addressLimits.admit('questions', request, settings, now());
      const body = parseBody(clientAskRequestSchema, request.body);
      const session = visitorSessionOf(request, body.sessionID);
      // Only the visitor's own files, of a kind the chatbot still takes from visitors.
      for (const id of body.fileIds ?? []) {
        const file = stores.files.get(id);
        const type = canonicalTypeOf(file?.contentType);
        if (!isFileOfSession(file, session) || type === null) throw badRequest(NOT_YOUR_FILE);
        const refusal = refusalOfKind(type, settings);
        if (refusal) throw refusal;
      }
      return askInSession(reply, session, body);
    });

    chatbot.register(async (uploads) => {
      // The bytes of one file, of any declared type, as the console's upload takes them.
      const declaredTypeOf = acceptRawBytes(uploads, VISITOR_FILE_BYTES);
      const sessions = new WeakMap<object, Session>();

      uploads.post(
        '/widget/chatbots/:chatbotId/files',
        {
          bodyLimit: VISITOR_FILE_BYTES,
          // The address, the session, its token and its rate are checked before the body is read.
          onRequest: async (request: UploadRequest) => {
            addressLimits.admit('uploads', request, chatbotOf(request).settings, now());
            const session = visitorSessionOf(request, idOf(request.query.sessionID ?? ''));
            const time = now();
            if (!uploadLimiter.tryHit(session.id, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_SECONDS, time)) {
              throw tooManyRequests(TOO_MANY_UPLOADS, uploadLimiter.retryAfterMs(session.id, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_SECONDS, time));
            }
            sessions.set(request.raw, session);
          },
        },
        async (request: UploadRequest) => {
          const session = sessions.get(request.raw)!;
          const fileName = (request.query.fileName ?? '').trim().slice(0, 200);
          if (fileName === '') throw badRequest(NO_FILE_NAME);
          const bytes = bytesOf(request);
          if (bytes.length === 0) throw badRequest(EMPTY_FILE);
          const declaredType = declaredTypeOf(request);
          const animated = isAnimatedGif(bytes);
          const verdict = await judgeUpload({ fileName, declaredType, head: bytes.subarray(0, HEAD_BYTES), animated });
          if ('refusal' in verdict) throw badRequest(verdict.refusal);
          const { id: chatbotId, settings } = chatbotOf(request);
          const refusal = refusalOfKind(verdict.contentType, settings);
          if (refusal) throw refusal;

          const id = await visitorFileRoom.store(
            chatbotId,
            bytes.length,
            {
              create: () => stores.files.create(fileName, visitorUploadToken(session), now()),
              async write(fileId) {
                await writeDurably(filesDir, String(fileId), bytes);
                stores.files.markUploaded(fileId, { contentType: verdict.contentType, size: bytes.length, animated }, now());
                stores.files.markConfirmed(fileId, verdict.contentType, now());
              },
            },
            request.log,
          );
          return success<VisitorFile>({ FileStoreId: id, FileName: fileName, ContentType: verdict.contentType, Size: bytes.length });
        },
      );
    });

    chatbot.get<{ Params: { chatbotId: string; which: string } }>('/widget/chatbots/:chatbotId/picture/:which', async (request, reply) => {
      const { which } = request.params;
      if (!Object.hasOwn(WIDGET_PICTURES, which)) throw notFound('which: must be profile or icon');
      const { settings } = chatbotOf(request);
      const id = idOf(settings[WIDGET_PICTURES[which as WidgetPicture]].trim());
      return sendStoredFile(reply, id === null ? null : stores.files.get(id), filesDir, 'no-cache');
    });
  });
}

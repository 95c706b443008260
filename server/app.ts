import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { defaultConfig, seededChatbotIds, stagingChatbotIdOf, type ServiceConfig } from './config';
import { createConsoleAccess, type ConsoleAccess } from './console/access';
import { createActivityLog, recordOperation, registerActivityRecorder, RECORDED_OPERATIONS } from './console/activity';
import { registerActivityRoutes } from './console/activity-routes';
import { registerConsoleGuard, type GuardOptions } from './console/guard';
import { proxySettingsAnswers } from './console/proxy-settings-answers';
import { issueSetupLink } from './console/links';
import { registerConsoleAccessRoutes } from './console/routes';
import { registerSsoRoutes } from './console/sso';
import { openConsoleStore, type ConsoleStore } from './console/store';
import type { LocalContext } from './context';
import { createStores, openDatabase } from './db';
import { answerFrameworkError, installEnvelopeHandlers, pathOf, secretScrubber, ServiceError } from './envelope';
import { registerApiReference } from './openapi/routes';
import { registerProxy } from './proxy';
import { registerRequestGuard } from './request-guard';
import { RateLimiter } from './rate-limiter';
import { registerSecurityHeaders } from './security-headers';
import { createAskInSession, registerChatRoutes } from './routes/chat';
import { registerChatbotRoutes } from './routes/chatbot';
import { registerConsoleRoutes } from './routes/console';
import { registerFileRoutes } from './routes/files';
import { registerListingRoutes } from './routes/listings';
import { registerWidgetRoutes } from './routes/widget';
import { seedChatbots } from './seed';
import { registerStatic } from './static';
import { registerSignInPage } from './console/sign-in-page';
import { decodeUtf8Body } from './utf8-body';
import { DATABASE_FILE, FILES_FOLDER } from './data-files';

export { DATABASE_FILE, FILES_FOLDER };

/** JSON bodies; the file upload has its own, larger limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Answers up to this size are compressed in one synchronous call rather than through a stream. */
export const SYNC_COMPRESSION_LIMIT = 512 * 1024;

export interface AppOptions extends Partial<ServiceConfig> {
  /** The clock in ms (default Date.now). */
  now?: () => number;
  /** Where log lines go (default stdout); tests read them to check no secret is logged. */
  logStream?: { write(line: string): void };
}

/** Every key this server knows (and the OIDC client secret): they are blanked out of any log line and any Message. */
function knownKeys(config: ServiceConfig): string[] {
  const upstream = config.upstream;
  return [config.secretKey, config.sessionKey, upstream?.secretKey ?? '', upstream?.sessionKey ?? '', config.oidc?.clientSecret ?? ''];
}

function loggerOptions(level: ServiceConfig['logLevel'], stream: AppOptions['logStream'], scrub: (text: string) => string): FastifyServerOptions['logger'] {
  const secretHeaders = ['authorization', '"chatrobot-sessionkey"', 'cookie', '"proxy-authorization"', '"x-api-key"'];
  return {
    level,
    ...(stream ? { stream } : {}),
    // The last line of defence: a key that reached a log line by any path (an error message
    // quoting a value, a third-party error) is blanked before the line is written.
    hooks: { streamWrite: scrub },
    redact: {
      paths: secretHeaders.flatMap((header) => [`req.headers.${header}`, `headers.${header}`]),
      censor: '[redacted]',
    },
    serializers: {
      // The upload address carries its token in the query string: log paths only.
      req: (request: { method?: string; url?: string; ip?: string }) => ({
        method: request.method,
        url: pathOf(request.url ?? ''),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * JSON is the only body the API takes. A request without Content-Type is read as JSON
 * (the interface's listing examples send none); any other type is refused with 415.
 * The bytes must be UTF-8: they are checked before parsing, never silently repaired.
 */
function acceptJsonOnly(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parseUtf8Json = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    const decoded = decodeUtf8Body(body as Buffer);
    if ('error' in decoded) return done(decoded.error, undefined);
    return parseJson(request, decoded.text, done);
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseUtf8Json);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    if (request.headers['content-type'] === undefined) return parseUtf8Json(request, body, done);
    done(new ServiceError(415, 'Content-Type: must be application/json'), undefined);
  });
}

function registerLocalService(app: FastifyInstance, config: ServiceConfig, now: () => number, access: ConsoleAccess): void {
  const filesDir = join(config.dataDir, FILES_FOLDER);
  const db = openDatabase(join(config.dataDir, DATABASE_FILE));
  const stores = createStores(db);
  seedChatbots(stores, seededChatbotIds(config), now(), stagingChatbotIdOf(config));
  registerConsoleGuard(app, access, {
    keys: { secretKey: config.secretKey, sessionKey: config.sessionKey },
    chatbotOfSession: (id) => stores.sessions.get(id)?.chatbotId ?? null,
    refuseKeyless: false,
  });

  const context: LocalContext = { config, stores, filesDir, limiter: new RateLimiter(), now, streams: new Set() };
  app.addHook('preClose', async () => {
    for (const stream of context.streams) stream.abort();
  });
  app.addHook('onClose', async () => {
    db.close();
  });

  registerChatbotRoutes(app, context);
  const askInSession = createAskInSession(context);
  registerChatRoutes(app, context, askInSession);
  registerListingRoutes(app, context);
  registerFileRoutes(app, context);
  registerWidgetRoutes(app, context, askInSession);
}

/**
 * The whole server: the local service (or the proxy to a hosted one), the console
 * endpoints and the built app. Tests call it with a temporary dataDir and use `inject`.
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const { now = Date.now, logStream, ...overrides } = options;
  const config: ServiceConfig = { ...defaultConfig(), ...overrides };
  const scrub = secretScrubber(knownKeys(config));
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream, scrub),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: answerFrameworkError,
    // request.ip is the client's from X-Forwarded-For only on a request whose socket is one of
    // the proxies TRUST_PROXY names; otherwise the socket's. (It also makes Fastify read
    // X-Forwarded-Host into request.host: the Host check reads the Host header itself.)
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  });
  await app.register(fastifyCookie);
  // JSON answers grow with PageSize: compressed for a browser that accepts it (br, else gzip),
  // from 1 KB. A streamed answer (text/event-stream, hijacked replies) never passes through it,
  // and the built app's files go out already compressed (server/static.ts).
  // Compressed in one synchronous call up to 512 KB (a page of 100 listings is about 100 KB,
  // 1.2 ms of Brotli): the plugin's default on 2 cores streams anything over 32 KB through a
  // new Brotli stream and the thread pool, which cost the service about 4 ms more CPU per page
  // than the compression itself, a third of an export's service CPU (docs/performance.md).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], syncThreshold: SYNC_COMPRESSION_LIMIT });

  await registerSecurityHeaders(app, config.upstream ? 'proxy' : 'local');
  registerRequestGuard(app, config.allowedHosts);
  acceptJsonOnly(app);
  installEnvelopeHandlers(app, { serveApp: registerStatic(app, config.distDir), scrub });
  registerConsoleRoutes(app);
  const store = openConsole(app, config);
  const access = createConsoleAccess(store, config, now);
  const activity = createActivityLog(store, now);
  registerActivityRecorder(app, access, activity);
  sweepStaleRecords(app, access, store, config, now);
  registerConsoleAccessRoutes(app, { store, access, config, now, activity });
  registerSignInPage(app, { access, distDir: config.distDir });
  registerSsoRoutes(app, { store, access, now, config, activity });
  registerActivityRoutes(app, { store, access });
  await registerApiReference(app, config, { jsonBodyLimit: JSON_BODY_LIMIT });
  if (config.upstream) {
    const { upstream } = config;
    const guard: GuardOptions = {
      keys: { secretKey: upstream.secretKey, sessionKey: upstream.sessionKey },
      chatbotOfSession: (id) => store.chatbotOfChatSession(id),
      refuseKeyless: true,
    };
    registerConsoleGuard(app, access, guard);
    const settingsHistory = proxySettingsAnswers(store.proxySettingsHistory, now);
    registerProxy(app, upstream, {
      onChatSession: (sessionId, chatbotId) => store.recordChatSession(sessionId, chatbotId),
      answersRead: RECORDED_OPERATIONS,
      onAnswered: (request, name, status, text) => {
        // The version first: the Edit's activity entry names it.
        if (name === 'Edit') settingsHistory.recordEdit(request, status, text);
        recordOperation(activity, request, name, status, text);
      },
      answerHere: (request, name) => settingsHistory.answer(request, name),
    });
  } else {
    registerLocalService(app, config, now, access);
  }
  offerSetup(app, store, access, now);
  return app;
}

/** How often sessions past their timeouts, and activity past its retention, are swept from the console's store. */
const SWEEP_MS = 10 * 60_000;

/** The console's own store (members, sessions, invitations), in both modes, beside the service's data. */
function openConsole(app: FastifyInstance, config: ServiceConfig): ConsoleStore {
  mkdirSync(join(config.dataDir, FILES_FOLDER), { recursive: true });
  const store = openConsoleStore(config.dataDir);
  app.addHook('onClose', async () => store.close());
  return store;
}

/**
 * Sessions past their timeouts are refused anyway; sweeping them keeps the table from growing.
 * Activity older than ACTIVITY_RETENTION_DAYS is removed by the server alone (no route can).
 */
function sweepStaleRecords(app: FastifyInstance, access: ConsoleAccess, store: ConsoleStore, config: ServiceConfig, now: () => number): void {
  const sweepActivity = () => store.activity.removeBefore(now() - config.activityRetentionDays * 24 * 3_600_000);
  sweepActivity();
  const sweep = setInterval(() => {
    access.sweep();
    sweepActivity();
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * On a start that is not a demo start, with no owner yet: a one-time setup link (30 minutes,
     * single use) for main.ts to print once the server listens. Nothing else makes the first
     * owner, and there is never a default password. Null when no setup is needed.
     */
    setupLinkIfNeeded(base: string): string | null;
  }
}

function offerSetup(app: FastifyInstance, store: ConsoleStore, access: ConsoleAccess, now: () => number): void {
  app.decorate('setupLinkIfNeeded', (base: string) => (access.isDemoStart() || store.activeOwnerCount() > 0 ? null : issueSetupLink(store, base, now())));
}

import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VISITOR_FILE_BYTES } from '../src/api/contract/widget-paths';

export const DEMO_SECRET_KEY = 'demo-secret-key';
export const DEMO_SESSION_KEY = 'demo-session-key';
export const DEMO_CHATBOT_ID = 'demo-bot';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Faults a streamed answer can be asked for, for testing clients (FAULTS): drop the
 * connection, stall without closing it, end without the final object, send a malformed
 * fragment. Each strikes after a few fragments, so there is a partial answer.
 */
export const STREAM_FAULTS = ['drop', 'stall', 'no-final', 'malformed'] as const;
export type StreamFault = (typeof STREAM_FAULTS)[number];

/** Proxy mode: every /chat/* request goes to the hosted service instead of the local one. */
export interface UpstreamConfig {
  /** Origin (and optional base path) of the hosted service, without a trailing slash. */
  url: string;
  /** When set, replaces the browser's Authorization header. */
  secretKey: string | null;
  /** When set, replaces the browser's chatrobot-sessionkey header. */
  sessionKey: string | null;
  /** What /console/bootstrap offers the browser: DEMO_CHATBOT_ID only when it was set. */
  chatbotIds: string[];
}

/** Single sign-on with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). */
export interface OidcConfig {
  /** The provider's issuer identifier, exactly as its discovery document names it. */
  issuer: string;
  clientId: string;
  /** Never logged, never printed (app.ts blanks it out of every log line). */
  clientSecret: string;
}

/**
 * What the public widget API (/widget/*, routes/widget.ts) lets anyone do, apart from the
 * chatbot's own per-session limits. Its routes answer anybody, so a script could otherwise
 * open sessions without end, spend a chatbot's MessageLimit or fill the disk. The defaults
 * and why: README, "Embedding the widget".
 */
export interface WidgetLimits {
  /**
   * Per client address (an IPv4 address, or an IPv6 /64 network), across sessions and
   * chatbots, within addressWindowMinutes: sessions opened, questions asked, files sent.
   */
  sessionsPerAddress: number;
  questionsPerAddress: number;
  uploadsPerAddress: number;
  addressWindowMinutes: number;
  /** Per chatbot: the visitors' files kept, by number and by bytes; past either, the oldest make room. */
  filesPerChatbot: number;
  fileBytesPerChatbot: number;
  /** A visitor's file younger than this is never removed to make room (its question may still be on its way). */
  fileKeepMinutes: number;
}

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The `vite build` output served beside the API. */
  distDir: string;
  secretKey: string;
  sessionKey: string;
  demoChatbotId: string;
  extraChatbotIds: string[];
  upstream: UpstreamConfig | null;
  /** Pause between two streamed fragments of an answer (or two bursts of them). */
  streamDelayMs: number;
  /**
   * How many fragments are written at once; 1 (the default) streams word by word. The bench
   * writes in bursts so that every page reads an answer in the same network chunks: written
   * as fast as the socket takes them, one page read the same answer in one chunk and the
   * next in ten.
   */
  streamBurstFragments: number;
  /**
   * Test only, off by default (null): the pace of a streamed question that carries a
   * `[pace:slow]` marker (STREAM_SLOW_DELAY_MS). The e2e service streams every other answer
   * fast and gives this pace only to the tests that must see an answer mid-way (Stop, leaving
   * and coming back); unset, the marker is plain text and every answer goes at streamDelayMs.
   */
  streamSlowDelayMs: number | null;
  /**
   * Test only, off by default: the faults a streamed question may ask for with a
   * `[fault:<name>]` marker in its text, once per chatbot, session and question.
   */
  faults: StreamFault[];
  logLevel: LogLevel;
  /**
   * Host names served besides the loopback ones (ALLOWED_HOSTS): a request whose Host is
   * anything else is refused, so a foreign name pointed at this machine (DNS rebinding)
   * cannot use the server or its keys. An entry starting with a dot also allows its subdomains.
   */
  allowedHosts: string[];
  /**
   * The proxies in front (TRUST_PROXY: addresses, CIDR networks, or loopback, linklocal,
   * uniquelocal): only a request whose socket comes from one of them has its client address
   * read from X-Forwarded-For (and its scheme from X-Forwarded-Proto). Empty: the socket's
   * address is the client's, whatever the headers say.
   */
  trustProxy: string[];
  widgetLimits: WidgetLimits;
  /** A console session ends after this long without a request (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** …and this long after its sign-in, however busy (SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  /**
   * The address people open the console at (CONSOLE_URL), for the setup and invitation links
   * the server prints; by default the address it listens on.
   */
  consoleUrl: string | null;
  /** ACTIVITY_RETENTION_DAYS: activity entries older than this are removed by the server. */
  activityRetentionDays: number;
  /** Single sign-on, when all three OIDC_* variables are set; null (off) when none is. */
  oidc: OidcConfig | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export function defaultConfig(): ServiceConfig {
  return {
    port: 8787,
    // `localhost` listens on every loopback address it resolves to (127.0.0.1 and ::1),
    // so browsers and tools that prefer either reach it, and nothing outside the machine does.
    host: 'localhost',
    dataDir: resolve('data'),
    distDir: DEFAULT_DIST_DIR,
    secretKey: DEMO_SECRET_KEY,
    sessionKey: DEMO_SESSION_KEY,
    demoChatbotId: DEMO_CHATBOT_ID,
    extraChatbotIds: [],
    upstream: null,
    streamDelayMs: 25,
    streamBurstFragments: 1,
    streamSlowDelayMs: null,
    faults: [],
    logLevel: 'warn',
    allowedHosts: [],
    trustProxy: [],
    widgetLimits: defaultWidgetLimits(),
    // OWASP ASVS 3.3.2 (level 2): signed in again after 30 minutes idle, and every 12 hours.
    sessionIdleMinutes: 30,
    sessionMaxHours: 12,
    consoleUrl: null,
    activityRetentionDays: 365,
    oidc: null,
  };
}

const MEGABYTE = 1024 * 1024;
/** The largest file a visitor may send, which a chatbot's room for visitor files must hold at least. */
const VISITOR_FILE_MEGABYTES = Math.ceil(VISITOR_FILE_BYTES / MEGABYTE);

/**
 * Limits no real visitor meets (README, "Embedding the widget", says why each): an office of
 * 30 people behind one NAT address, all chatting with the same site within the hour, stays
 * under every one; a script from one address is stopped within its first few minutes.
 */
export function defaultWidgetLimits(): WidgetLimits {
  return {
    sessionsPerAddress: 100,
    questionsPerAddress: 300,
    uploadsPerAddress: 60,
    addressWindowMinutes: 60,
    filesPerChatbot: 1_000,
    fileBytesPerChatbot: 1_024 * MEGABYTE,
    fileKeepMinutes: 60,
  };
}

type Env = Record<string, string | undefined>;

/** An environment variable, with an empty value treated as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integerOf(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name}: must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

export function chatbotIdList(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))];
}

/** FAULTS: `all`, or a comma-separated list of STREAM_FAULTS. */
export function faultsOf(text: string | undefined): StreamFault[] {
  if (!text) return [];
  const names = chatbotIdList(text);
  if (names.includes('all')) return [...STREAM_FAULTS];
  const unknown = names.filter((name) => !(STREAM_FAULTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ConfigError(`FAULTS: unknown fault "${unknown[0]}"; use all, or some of ${STREAM_FAULTS.join(', ')}`);
  }
  return names as StreamFault[];
}

function upstreamUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('UPSTREAM_URL: must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('UPSTREAM_URL: must be a full http:// or https:// address');
  }
  if (url.username || url.password) {
    throw new ConfigError('UPSTREAM_URL: must not carry credentials; use UPSTREAM_SECRET_KEY and UPSTREAM_SESSION_KEY');
  }
  if (url.search || url.hash) throw new ConfigError('UPSTREAM_URL: must not have a query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function consoleUrlOf(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('CONSOLE_URL: must be a full http:// or https:// address, such as https://console.example.com');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new ConfigError('CONSOLE_URL: must be a full http:// or https:// address, such as https://console.example.com');
  }
  return url.origin;
}

const ISSUER_SHAPE = "OIDC_ISSUER: must be the provider's https:// issuer address, such as https://accounts.google.com (http:// only on this machine: localhost, 127.0.0.1, [::1])";

/**
 * OIDC_ISSUER: https, as tokens and the client secret travel to it; plain http only to this
 * very machine (a provider started by the tests, or a local Keycloak while developing).
 */
function issuerOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(ISSUER_SHAPE);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new ConfigError(ISSUER_SHAPE);
  if (url.username || url.password || url.search || url.hash) throw new ConfigError(ISSUER_SHAPE);
  // A discovery document's own address would skip the check that it speaks for the issuer.
  if (url.pathname.includes('/.well-known/')) throw new ConfigError('OIDC_ISSUER: give the issuer itself, without /.well-known/openid-configuration');
  // As written: the discovery document must name exactly this issuer.
  return raw;
}

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** All three OIDC_* variables, or none: half a configuration is a mistake to report, not to ignore. */
function oidcOf(env: Env): OidcConfig | null {
  const [issuer, clientId, clientSecret] = OIDC_VARIABLES.map((name) => read(env, name));
  const missing = OIDC_VARIABLES.filter((name) => read(env, name) === undefined);
  if (missing.length === OIDC_VARIABLES.length) return null;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined) {
    throw new ConfigError(`${missing.join(', ')}: not set; single sign-on needs ${OIDC_VARIABLES.join(', ')} together (or none of them)`);
  }
  return { issuer: issuerOf(issuer), clientId, clientSecret };
}

const HOST_NAME = /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/** ALLOWED_HOSTS: comma-separated host names (no scheme, no port), `.example.com` for a domain and its subdomains. */
export function allowedHostsOf(text: string | undefined): string[] {
  const entries = chatbotIdList(text).map((entry) => entry.toLowerCase());
  for (const entry of entries) {
    if (entry === '*' || entry === '.') {
      throw new ConfigError('ALLOWED_HOSTS: a wildcard for every host is not allowed; list the names the console is reached by');
    }
    if (!HOST_NAME.test(entry) && !IPV6_LITERAL.test(entry)) {
      throw new ConfigError(`ALLOWED_HOSTS: "${entry}" is not a host name; write names only, without scheme or port (console.example.com, .example.com)`);
    }
  }
  return entries;
}

/** The names proxy-addr (Fastify's trustProxy) expands to the loopback, link-local and private networks. */
const PROXY_NETWORK_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * TRUST_PROXY: comma-separated addresses or CIDR networks of the proxies in front, or the
 * names loopback, linklocal, uniquelocal. Trusting every address would let any client write
 * its own X-Forwarded-For and so choose the address it is limited by: refused.
 */
export function trustProxyOf(text: string | undefined): string[] {
  const entries = chatbotIdList(text).map((entry) => entry.toLowerCase());
  for (const entry of entries) {
    if ((PROXY_NETWORK_NAMES as readonly string[]).includes(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const version = isIP(address);
    const longest = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= longest);
    if (version === 0 || extra !== undefined || !prefixOk) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address or network; give the proxy's address (10.0.0.5), its network (10.0.0.0/24) or one of ${PROXY_NETWORK_NAMES.join(', ')}`);
    }
    if (prefix !== undefined && Number(prefix) === 0) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" trusts every address, so any client could choose its own with X-Forwarded-For; name the proxy in front`);
    }
  }
  return entries;
}

function widgetLimitsOf(env: Env): WidgetLimits {
  const defaults = defaultWidgetLimits();
  const perAddress = (name: string, fallback: number) => integerOf(env, name, 1, 1_000_000) ?? fallback;
  const fileMegabytes = integerOf(env, 'WIDGET_FILE_MB_PER_CHATBOT', VISITOR_FILE_MEGABYTES, 1_000_000);
  return {
    sessionsPerAddress: perAddress('WIDGET_SESSIONS_PER_ADDRESS', defaults.sessionsPerAddress),
    questionsPerAddress: perAddress('WIDGET_QUESTIONS_PER_ADDRESS', defaults.questionsPerAddress),
    uploadsPerAddress: perAddress('WIDGET_UPLOADS_PER_ADDRESS', defaults.uploadsPerAddress),
    addressWindowMinutes: integerOf(env, 'WIDGET_ADDRESS_WINDOW_MINUTES', 1, 60 * 24 * 7) ?? defaults.addressWindowMinutes,
    filesPerChatbot: integerOf(env, 'WIDGET_FILES_PER_CHATBOT', 1, 10_000_000) ?? defaults.filesPerChatbot,
    // At least one file of the largest size a visitor may send, or no upload could ever fit.
    fileBytesPerChatbot: fileMegabytes === undefined ? defaults.fileBytesPerChatbot : fileMegabytes * MEGABYTE,
    fileKeepMinutes: integerOf(env, 'WIDGET_FILE_KEEP_MINUTES', 1, 60 * 24 * 365) ?? defaults.fileKeepMinutes,
  };
}

/** Reads the service's settings from the environment; a bad value stops the start with a message naming the variable. */
export function configFromEnv(env: Env): ServiceConfig {
  const defaults = defaultConfig();
  const logLevel = read(env, 'LOG_LEVEL') ?? defaults.logLevel;
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const demoChatbotId = read(env, 'DEMO_CHATBOT_ID');
  const upstreamUrl = read(env, 'UPSTREAM_URL');
  return {
    port: integerOf(env, 'PORT', 0, 65_535) ?? defaults.port,
    host: read(env, 'HOST') ?? defaults.host,
    dataDir: resolve(read(env, 'DATA_DIR') ?? defaults.dataDir),
    distDir: defaults.distDir,
    secretKey: read(env, 'API_SECRET_KEY') ?? defaults.secretKey,
    sessionKey: read(env, 'API_SESSION_KEY') ?? defaults.sessionKey,
    demoChatbotId: demoChatbotId ?? defaults.demoChatbotId,
    extraChatbotIds: chatbotIdList(read(env, 'EXTRA_CHATBOT_IDS')),
    upstream: upstreamUrl
      ? {
          url: upstreamUrlOf(upstreamUrl),
          secretKey: read(env, 'UPSTREAM_SECRET_KEY') ?? null,
          sessionKey: read(env, 'UPSTREAM_SESSION_KEY') ?? null,
          chatbotIds: chatbotIdList([demoChatbotId ?? '', read(env, 'EXTRA_CHATBOT_IDS') ?? ''].join(',')),
        }
      : null,
    streamDelayMs: integerOf(env, 'STREAM_DELAY_MS', 0, 10_000) ?? defaults.streamDelayMs,
    streamBurstFragments: integerOf(env, 'STREAM_BURST_FRAGMENTS', 1, 100_000) ?? defaults.streamBurstFragments,
    streamSlowDelayMs: integerOf(env, 'STREAM_SLOW_DELAY_MS', 0, 10_000) ?? defaults.streamSlowDelayMs,
    faults: faultsOf(read(env, 'FAULTS')),
    logLevel: logLevel as LogLevel,
    allowedHosts: allowedHostsOf(read(env, 'ALLOWED_HOSTS')),
    trustProxy: trustProxyOf(read(env, 'TRUST_PROXY')),
    widgetLimits: widgetLimitsOf(env),
    sessionIdleMinutes: integerOf(env, 'SESSION_IDLE_MINUTES', 1, 60 * 24 * 30) ?? defaults.sessionIdleMinutes,
    sessionMaxHours: integerOf(env, 'SESSION_MAX_HOURS', 1, 24 * 90) ?? defaults.sessionMaxHours,
    consoleUrl: consoleUrlOf(read(env, 'CONSOLE_URL')),
    activityRetentionDays: integerOf(env, 'ACTIVITY_RETENTION_DAYS', 1, 36_500) ?? defaults.activityRetentionDays,
    oidc: oidcOf(env),
  };
}

/** The second demo chatbot, seeded beside the demo one with slightly different settings. */
export function stagingChatbotIdOf(config: Pick<ServiceConfig, 'demoChatbotId'>): string {
  return `${config.demoChatbotId}-staging`;
}

/** Every chatbot the local service seeds: the demo one first, its staging twin, then the extras. */
export function seededChatbotIds(config: ServiceConfig): string[] {
  return [...new Set([config.demoChatbotId, stagingChatbotIdOf(config), ...config.extraChatbotIds])];
}

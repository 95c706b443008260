import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, SECRET_KEY_HEADER, SESSION_KEY_HEADER, type OperationName } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { SESSION_ENDED } from '../../src/api/contract/console-access';
import { OPERATION_ACTIONS, refusalMessage, UPLOAD_OPERATIONS } from '../../src/api/contract/operation-permissions';
import { grantCovers, roleMay, type Action } from '../../src/api/contract/permissions';
import { EITHER_MESSAGE, SECRET_MESSAGE, SESSION_MESSAGE } from '../auth';
import { badRequest, notFound, ServiceError, unauthorized } from '../envelope';
import { parseBody } from '../routes/operation';
import { COOKIE_NAME, SECURE_COOKIE_NAME, type ConsoleAccess } from './access';

/** The keys this server holds and adds to a signed-in member's requests: the local service's own, or the upstream ones. */
export interface HeldKeys {
  secretKey: string | null;
  sessionKey: string | null;
}

export interface GuardOptions {
  keys: HeldKeys;
  /** The chatbot a chat session belongs to, or null when there is no such session (for the member's grant on ClientAsk). */
  chatbotOfSession(sessionId: number): string | null;
  /** Proxy mode: a request with neither a session nor a key is refused here and never forwarded. */
  refuseKeyless: boolean;
}

const NO_SESSION = 'sessionID: no such session';
const NO_CHATBOT_MESSAGE = (field: string) => `${field}: no chatbot with this id`;

const OPERATION_BY_PATH = new Map<string, OperationName>(
  (Object.keys(endpoints) as OperationName[]).map((name) => [endpoints[name].path, name]),
);

/** The interface operation a request's route is, if any (the activity recorder reads it too). */
export function operationOf(request: FastifyRequest): OperationName | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : OPERATION_BY_PATH.get(url);
}

/** Whether a request brought a key of the interface's own (an API client's, when it has no console session). */
export function hasKey(request: FastifyRequest): boolean {
  return request.headers[SECRET_KEY_HEADER] !== undefined || request.headers[SESSION_KEY_HEADER] !== undefined;
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return request.cookies[COOKIE_NAME] !== undefined || request.cookies[SECURE_COOKIE_NAME] !== undefined;
}

const KEYLESS_MESSAGES = { secret: SECRET_MESSAGE, session: SESSION_MESSAGE, secretOrSession: EITHER_MESSAGE } as const;

/**
 * The body as the operation's contract reads it. Through the proxy the body is the bytes
 * the browser sent; they are parsed and checked here, and what goes upstream is this parsed
 * object written again, so a body the hosted service might read differently (a key twice, a
 * field in another case) never passes the check as one chatbot and reaches another.
 */
function checkedBody(request: FastifyRequest, name: OperationName): Record<string, unknown> | undefined {
  const schema = operations[name].request;
  if (!schema) return undefined;
  let body: unknown = request.body;
  if (Buffer.isBuffer(body)) {
    try {
      body = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    request.body = Buffer.from(JSON.stringify(body));
  }
  return parseBody(schema, body) as Record<string, unknown>;
}

/** Which chatbot a request is about, and the field that named it. */
function chatbotOf(body: Record<string, unknown> | undefined): { id: string; field: string } | undefined {
  if (!body) return undefined;
  for (const field of ['serialNumber', 'SerialNumber']) {
    if (typeof body[field] === 'string') return { id: body[field], field };
  }
  return undefined;
}

/**
 * Every console request to an operation (/chat/*) has an owner. A request with a live console
 * session is a member's: the server decides whether their role and grant allow the operation,
 * then performs it with the key it holds (the browser never has one). A request without a
 * session is an API client's, and the interface's key authentication applies unchanged.
 */
export function registerConsoleGuard(app: FastifyInstance, access: ConsoleAccess, options: GuardOptions): void {
  app.addHook('onRequest', async (request) => {
    const name = operationOf(request);
    if (name === undefined) return;
    // Through the proxy another spelling of the path is answered 404 by the route and never
    // forwarded; in local mode every spelling the router takes is guarded like the path itself.
    if (options.refuseKeyless && request.raw.url !== endpoints[name].path) return;
    const signedIn = access.sessionOf(request);
    if (signedIn) {
      request.signedIn = signedIn;
      // Whatever keys the page sent are dropped: the member acts with the server's keys, within their role.
      delete request.headers[SECRET_KEY_HEADER];
      delete request.headers[SESSION_KEY_HEADER];
      if (options.keys.secretKey !== null) request.headers[SECRET_KEY_HEADER] = options.keys.secretKey;
      if (options.keys.sessionKey !== null) request.headers[SESSION_KEY_HEADER] = options.keys.sessionKey;
      return;
    }
    if (hasKey(request)) return;
    // A page whose session has ended is told so, and signs in again.
    if (hasSessionCookie(request)) throw unauthorized(SESSION_ENDED);
    if (options.refuseKeyless) throw unauthorized(KEYLESS_MESSAGES[endpoints[name].credential]);
  });

  app.addHook('preHandler', async (request) => {
    const signedIn = request.signedIn;
    const name = operationOf(request);
    if (!signedIn || name === undefined) return;
    const { member } = signedIn;
    const body = checkedBody(request, name);

    if (UPLOAD_OPERATIONS.includes(name)) {
      // An upload serves a test question's attachment or a settings picture: either right will do.
      if (!roleMay(member.role, 'chat') && !roleMay(member.role, 'editSettings')) throw forbidden(member.role, 'chat');
      return;
    }
    const action: Action = OPERATION_ACTIONS[name];
    if (name === 'ClientAsk') {
      const chatbotId = options.chatbotOfSession(Number(body?.sessionID));
      // A session of a chatbot outside the grant is as unknown as one that does not exist.
      if (chatbotId === null || !grantCovers(member, chatbotId)) throw notFound(NO_SESSION);
      if (!roleMay(member.role, action)) throw forbidden(member.role, action, chatbotId);
      return;
    }
    const chatbot = chatbotOf(body);
    if (chatbot && !grantCovers(member, chatbot.id)) throw notFound(NO_CHATBOT_MESSAGE(chatbot.field));
    if (!roleMay(member.role, action)) throw forbidden(member.role, action, chatbot?.id);
  });
}

function forbidden(role: Parameters<typeof refusalMessage>[0], action: Action, chatbotId?: string): ServiceError {
  return new ServiceError(403, refusalMessage(role, action, chatbotId));
}

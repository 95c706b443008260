import type { FastifyReply, FastifyRequest } from 'fastify';
import { coversEveryChatbot } from '../../src/api/contract/permissions';
import type { Bootstrap } from '../../src/api/contract/bootstrap';
import { LOOPBACK_HOSTS, hostNameOf } from '../request-guard';
import { seededChatbotIds, type ServiceConfig } from '../config';
import { publicMember, type ConsoleStore, type StoredMember, type StoredSession } from './store';
import { newToken, tokenHash } from './tokens';

/**
 * Who is asking: the console session a request's cookie names, checked on every request
 * against the store (so a removal, a disabled member or a new role applies at the next
 * request, not at the cookie's expiry), with its idle timeout and absolute lifetime.
 */
export interface SignedIn {
  member: StoredMember;
  session: StoredSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console guard when the request carries a live console session. */
    signedIn?: SignedIn;
  }
}

export const COOKIE_NAME = 'rbc_session';
/** Over https the cookie carries the `__Host-` prefix: Secure, Path=/, no Domain, so no other host can set or read it. */
export const SECURE_COOKIE_NAME = `__Host-${COOKIE_NAME}`;
export const DEMO_ENDED_FLAG = 'demo_ended';
/** How often a live session's last activity is written: the idle timeout is this much coarse, and a busy page writes once a minute at most. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Whether the browser reached us over https: directly, or through a TLS proxy that says so.
 * Trusting X-Forwarded-Proto here is safe: it only makes the cookie stricter (Secure), and a
 * client that forges it only changes the cookie it is itself given.
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

export function cookieNameFor(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_COOKIE_NAME : COOKIE_NAME;
}

export type ConsoleAccess = ReturnType<typeof createConsoleAccess>;

export function createConsoleAccess(store: ConsoleStore, config: ServiceConfig, now: () => number) {
  const idleMs = config.sessionIdleMinutes * 60_000;
  const lifetimeMs = config.sessionMaxHours * 3_600_000;

  /** Every chatbot this console works on: the seeded ones in local mode, the configured ones in proxy mode. */
  const knownChatbots = (): string[] => (config.upstream ? config.upstream.chatbotIds : seededChatbotIds(config));

  /**
   * A demo start: the local service on a loopback address, no other host name served, and
   * nobody has ever had a password. Then the console opens as the seeded Demo owner.
   */
  const isDemoStart = (): boolean =>
    !config.upstream && isLoopback(config.host) && config.allowedHosts.length === 0 && !store.hasFlag(DEMO_ENDED_FLAG);

  function sessionOf(request: FastifyRequest): SignedIn | null {
    const token = request.cookies[cookieNameFor(request)];
    if (!token || token.length > 100) return null;
    const session = store.sessionByToken(tokenHash(token));
    if (!session) return null;
    const at = now();
    if (at - session.lastSeenAt > idleMs || at - session.createdAt > lifetimeMs) {
      store.endSession(session.id);
      return null;
    }
    const member = store.memberById(session.memberId);
    if (!member || member.disabled || (member.demo && !isDemoStart())) {
      store.endSession(session.id);
      return null;
    }
    if (at - session.lastSeenAt >= TOUCH_EVERY_MS) store.touchSession(session.id, at);
    return { member, session };
  }

  return {
    knownChatbots,
    isDemoStart,
    sessionOf,

    /** The chatbots a member works on, of those this console knows. */
    chatbotsOf(member: StoredMember): string[] {
      return coversEveryChatbot(member) ? knownChatbots() : knownChatbots().filter((id) => member.chatbots.includes(id));
    },

    /**
     * Starts a session: always a new random id (a sign-in never keeps an id the browser
     * brought along, against session fixation), and the one this browser had is ended.
     */
    startSession(request: FastifyRequest, reply: FastifyReply, member: StoredMember): void {
      const previous = sessionOf(request);
      if (previous) store.endSession(previous.session.id);
      const token = newToken();
      const at = now();
      store.addSession(member.id, tokenHash(token), String(request.headers['user-agent'] ?? ''), at);
      store.markSignIn(member.id, at);
      reply.setCookie(cookieNameFor(request), token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request),
        path: '/',
        // The cookie outlives no session: the server's own lifetime is the one that counts.
        maxAge: Math.floor(lifetimeMs / 1000),
      });
    },

    endSession(request: FastifyRequest, reply: FastifyReply): void {
      const current = sessionOf(request);
      if (current) store.endSession(current.session.id);
      reply.clearCookie(cookieNameFor(request), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
    },

    /** Removes sessions no request can use any more (run now and then, so the table does not grow). */
    sweep(): number {
      const at = now();
      return store.endStaleSessions(at - idleMs, at - lifetimeMs);
    },

    bootstrapOf(request: FastifyRequest): Bootstrap {
      const mode = config.upstream ? 'proxy' : 'local';
      const sso = config.oidc !== null;
      const signedIn = sessionOf(request);
      if (signedIn) {
        const member = publicMember(signedIn.member);
        return { mode, access: 'signed-in', member, chatbotIds: this.chatbotsOf(signedIn.member), sso };
      }
      if (isDemoStart() && isLoopbackRequest(request)) return { mode, access: 'demo', member: null, chatbotIds: [], sso };
      return { mode, access: store.activeOwnerCount() > 0 ? 'sign-in' : 'setup', member: null, chatbotIds: [], sso };
    },
  };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The demo sign-in answers only requests addressed to a loopback name, never one a proxy forwards from outside under another name. */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const name = hostNameOf(request.headers.host);
  return name !== null && (LOOPBACK_HOSTS as readonly string[]).includes(name);
}


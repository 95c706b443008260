import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { memberName } from '../../src/api/contract/console-access';
import { safeNextPath } from '../../src/api/contract/safe-next-path';
import { SSO_CALLBACK_PATH, SSO_FAILURE_PARAM, SSO_START_PATH, type SsoFailure } from '../../src/api/contract/sso';
import type { ServiceConfig } from '../config';
import { notFound } from '../envelope';
import { DEMO_ENDED_FLAG, isHttps, type ConsoleAccess } from './access';
import { linkBase } from './links';
import { actorOf, recordFailedSignIn, type ActivityLog } from './activity';
import { clientAddressOf } from '../client-address';
import { PENDING_LIFETIME_MS, PendingSignIns } from './sso-pending';
import { createSsoProvider, reasonOf, type ProviderIdentity, type SsoProvider } from './sso-provider';
import type { ConsoleStore, StoredMember } from './store';
import { ADDRESS_POLICY, Throttle } from './throttle';

export interface SsoRouteOptions {
  store: ConsoleStore;
  access: ConsoleAccess;
  now: () => number;
  config: ServiceConfig;
  activity: ActivityLog;
}

const SSO_OFF = 'Single sign-on is off on this console: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to turn it on.';

/**
 * The browser that started a sign-in holds its `state` in this cookie, and the callback takes
 * the sign-in only from that browser: a callback link made from someone else's sign-in (to sign
 * a victim in as the attacker) finds no matching cookie. Named and flagged like the session cookie.
 */
const STATE_COOKIE = 'rbc_sso_state';

function stateCookieNameFor(request: FastifyRequest): string {
  return isHttps(request) ? `__Host-${STATE_COOKIE}` : STATE_COOKIE;
}

function stateCookieOptions(request: FastifyRequest) {
  // Lax still reaches the callback: the provider sends the browser back with a top-level GET.
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(request), path: '/' } as const;
}

/** One value of a query parameter; a repeated one counts as none. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

type Query = Record<string, unknown>;
type Outcome = { next: string } | { failure: SsoFailure };

/**
 * Single sign-on with any OpenID Connect provider (OIDC_*): the console's members sign in with
 * the provider's account that has their email, verified. It only ever signs in a member who
 * exists, or accepts an invitation waiting for that email: it never makes a member nobody invited.
 */
export function registerSsoRoutes(app: FastifyInstance, { store, access, now, config, activity }: SsoRouteOptions): void {
  const provider = config.oidc ? createSsoProvider(config.oidc, app.log) : null;
  const pendingSignIns = new PendingSignIns();
  // Failed callbacks per client address: each one that gets as far costs a request to the provider.
  const failures = new Throttle(ADDRESS_POLICY);

  const toSignInPage = (reply: FastifyReply, failure: SsoFailure) => reply.redirect(`/sign-in?${SSO_FAILURE_PARAM}=${failure}`, 303);

  app.get<{ Querystring: Query }>(SSO_START_PATH, async (request, reply) => {
    if (!provider) throw notFound(SSO_OFF);
    reply.header('cache-control', 'no-store');
    // The provider sends the browser back here; CONSOLE_URL names it behind a proxy that rewrites the Host.
    const redirectUri = `${config.consoleUrl ?? linkBase(request)}${SSO_CALLBACK_PATH}`;
    let started;
    try {
      started = await provider.start(redirectUri);
    } catch {
      // Discovery failed, and said why in the log.
      return toSignInPage(reply, 'failed');
    }
    const { authorizationUrl, state, codeVerifier, nonce } = started;
    pendingSignIns.add(state, { codeVerifier, nonce, next: safeNextPath(single(request.query.next)), redirectUri }, now());
    reply.setCookie(stateCookieNameFor(request), state, { ...stateCookieOptions(request), maxAge: PENDING_LIFETIME_MS / 1000 });
    return reply.redirect(authorizationUrl.href, 303);
  });

  /** The member `identity` is, or the member an invitation waiting for its email makes now; null when neither. */
  const memberFor = (identity: ProviderIdentity & { email: string }): StoredMember | null =>
    store.transaction(() => {
      const existing = store.memberByEmail(identity.email);
      if (existing) return existing;
      const invitation = store.pendingInvitationForEmail(identity.email, now());
      if (!invitation || !store.useInvitation(invitation.id, now())) return null;
      const name = memberName.safeParse(identity.name ?? '');
      const member = store.addMember(
        { email: invitation.email, name: name.success ? name.data : identity.email, role: invitation.role, chatbots: invitation.chatbots },
        now(),
      );
      store.setFlag(DEMO_ENDED_FLAG);
      activity.success(actorOf(member), 'invitation.accept', { Email: member.email, Role: member.role, Chatbots: member.chatbots, Method: 'sso' });
      return member;
    });

  const complete = async (
    provider: SsoProvider,
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    cookieState: string | undefined,
  ): Promise<Outcome> => {
    const state = single(request.query.state);
    // Taken whatever follows: a sign-in is tried once.
    const pending = state ? pendingSignIns.take(state, now()) : null;
    if (!state || !pending || cookieState !== state) return { failure: 'expired' };

    let identity: ProviderIdentity;
    try {
      const callbackUrl = new URL(pending.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      identity = await provider.finish(callbackUrl, { state, codeVerifier: pending.codeVerifier, nonce: pending.nonce });
    } catch (error) {
      request.log.warn({ reason: reasonOf(error) }, 'single sign-on: the provider signed nobody in');
      return { failure: 'failed' };
    }
    // Only an address the provider vouches for names a member: an unverified one could be anyone's.
    if (identity.email === null || !identity.emailVerified) return { failure: 'unverified-email' };
    const member = memberFor({ ...identity, email: identity.email });
    if (!member) return { failure: 'not-invited' };
    if (member.disabled) return { failure: 'disabled' };
    store.transaction(() => {
      access.startSession(request, reply, member);
      activity.success(actorOf(member), 'sign-in', { Method: 'sso' });
    });
    return { next: pending.next };
  };

  app.get<{ Querystring: Query }>(SSO_CALLBACK_PATH, async (request, reply) => {
    if (!provider) throw notFound(SSO_OFF);
    reply.header('cache-control', 'no-store');
    const cookieState = request.cookies[stateCookieNameFor(request)];
    reply.clearCookie(stateCookieNameFor(request), stateCookieOptions(request));
    const address = clientAddressOf(request);
    if (failures.waitFor(address, now()) > 0) return toSignInPage(reply, 'throttled');

    const outcome = await complete(provider, request, reply, cookieState);
    if ('next' in outcome) return reply.redirect(outcome.next, 303);
    failures.fail(address, now());
    recordFailedSignIn(activity, null, 'sso', `Single sign-on refused: ${outcome.failure}`);
    request.log.info({ failure: outcome.failure }, 'single sign-on: not signed in');
    return toSignInPage(reply, outcome.failure);
  });
}

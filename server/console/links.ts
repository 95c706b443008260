import type { FastifyRequest } from 'fastify';
import type { ServiceConfig } from '../config';
import { isHttps } from './access';
import type { ConsoleStore } from './store';
import { newToken, tokenHash } from './tokens';

export const SETUP_LINK_LIFETIME_MS = 30 * 60_000;
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

/*
 * Setup and invitation links carry their token in the fragment (`#token=…`): a browser never
 * sends the fragment to a server, so the token stays out of access logs, proxies' logs and
 * Referer headers; the page reads it and posts it in a body.
 */

export function setupLink(base: string, token: string): string {
  return `${base}/setup#token=${token}`;
}

export function invitationLink(base: string, token: string): string {
  return `${base}/invite#token=${token}`;
}

/** The origin the request was addressed to (its Host passed the request guard). */
export function linkBase(request: FastifyRequest): string {
  return `${isHttps(request) ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
}

/** Where people open the console: CONSOLE_URL, or the address it listens on. */
export function configuredBase(config: Pick<ServiceConfig, 'consoleUrl' | 'host' | 'port'>, port = config.port): string {
  if (config.consoleUrl) return config.consoleUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A one-time setup link: it makes an Owner, once, within 30 minutes; bound to `email` when one is given. */
export function issueSetupLink(store: ConsoleStore, base: string, now: number, email: string | null = null): string {
  const token = newToken();
  store.addSetupToken(tokenHash(token), email, now, now + SETUP_LINK_LIFETIME_MS);
  return setupLink(base, token);
}

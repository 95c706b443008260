import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from './envelope';
import { headerValue } from './request-header';

/** The names a browser on this machine reaches the console by; ALLOWED_HOSTS adds others. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Methods that may change state: only same-origin pages may send them. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `name`, `name:port`, `[v6]` or `[v6]:port`, nothing else (no user info, path or spaces). */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/;

/** The host name of a Host header, lower-cased and without a trailing dot; null when malformed. */
export function hostNameOf(hostHeader: string | undefined): string | null {
  const match = HOST_HEADER.exec((hostHeader ?? '').trim().toLowerCase());
  if (!match) return null;
  const name = match[1]!.replace(/\.$/, '');
  return name === '' ? null : name;
}

/**
 * Whether a Host names this server. The port is not compared (as Vite's allowedHosts does):
 * a rebinding page reaches the server on its real port anyway, and a TLS proxy in front may
 * send the public name without one.
 */
export function isAllowedHost(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  const name = hostNameOf(hostHeader);
  if (name === null) return false;
  if ((LOOPBACK_HOSTS as readonly string[]).includes(name)) return true;
  return allowedHosts.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}

/** Whether an Origin or Referer names the very origin the request was sent to (scheme aside: TLS may end in front of us). */
export function isSameOrigin(address: string, hostHeader: string | undefined): boolean {
  let source: URL;
  try {
    source = new URL(address);
  } catch {
    return false;
  }
  if (source.protocol !== 'http:' && source.protocol !== 'https:') return false;
  if (hostNameOf(hostHeader) === null) return false;
  try {
    // Parsed with the source's scheme, so `localhost:80` and `http://localhost` compare equal.
    return new URL(`${source.protocol}//${hostHeader!.trim()}`).host === source.host;
  } catch {
    return false;
  }
}

/**
 * Why a state-changing request is refused as cross-site, or null. Fetch Metadata first (every
 * current browser sends it); without it the Origin, then the Referer. A request with none
 * of them comes from a program, not a web page, and passes (it still needs the keys, or a
 * JSON body on /chat/* through the proxy's own rule).
 */
export function crossSiteRefusal(request: FastifyRequest): string | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  // The widget's public side answers other sites by design, by its own rule (widget/page-origin.ts).
  if (isWidgetRoute(request)) return null;
  const site = headerValue(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : crossSiteMessage(site);
  const origin = headerValue(request, 'origin');
  if (origin !== undefined) {
    return isSameOrigin(origin, request.headers.host) ? null : 'Origin: a request from another site may not change anything here';
  }
  const referer = headerValue(request, 'referer');
  if (referer !== undefined) {
    return isSameOrigin(referer, request.headers.host) ? null : 'Referer: a request from another site may not change anything here';
  }
  return null;
}

/**
 * The public widget API (routes/widget.ts), the one place another site may send a request
 * that changes something: it holds no key and checks the page's origin against the
 * chatbot's Domains itself. Only in local mode; through the proxy nothing answers there.
 */
export function isWidgetRoute(request: FastifyRequest): boolean {
  // The route the request was matched to, not its address, so no spelling of a path can borrow the exemption.
  return request.routeOptions.url?.startsWith('/widget/chatbots/') ?? false;
}

/** The Message of a state-changing request whose Fetch Metadata says it came from another site. */
export function crossSiteMessage(site: string): string {
  return `Sec-Fetch-Site: a ${site} request may not change anything here; only pages of this console may`;
}

/** The Message of a request whose Host is not served. */
export function hostRefusal(hostHeader: string | undefined): string {
  const shown = JSON.stringify((hostHeader ?? '').slice(0, 100));
  return `Host: ${shown} is not served here. To reach the console by this name, add it to ALLOWED_HOSTS.`;
}

/**
 * The first check of every request, in both modes and for every path (app, /console, /chat,
 * /files): the Host must be one this server is meant for (against DNS rebinding), and a
 * request that changes state must come from the console's own pages (against CSRF). Runs
 * before routing's own hooks, so nothing is read, checked for keys or forwarded first.
 */
export function registerRequestGuard(app: FastifyInstance, allowedHosts: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (!isAllowedHost(request.headers.host, allowedHosts)) throw new ServiceError(403, hostRefusal(request.headers.host));
    const refusal = crossSiteRefusal(request);
    if (refusal) throw new ServiceError(403, refusal);
  });
}

/**
 * The rule of a chatbot's Domains (VerifyDomain on): which page origins may use its widget.
 * An entry is a host (`example.com`), a wildcard for its subdomains (`*.example.com`), either
 * with an optional port (`localhost:5173`, `*.example.com:8443`). Decisions:
 * - no port in an entry means any port of that host (whoever runs the host runs all its ports);
 *   with a port, only that one (the scheme's default port when the origin names none);
 * - `*.example.com` matches `a.example.com` and `a.b.example.com`, never `example.com` itself
 *   (as a TLS wildcard certificate does): list the apex too to allow it;
 * - host names compare as their ASCII (punycode) form, case-insensitive, without a trailing dot,
 *   so `Bücher.example.` and `xn--bcher-kva.example` are the same entry. The conversion is the
 *   URL parser's (WHATWG "domain to ASCII", the same as node:url domainToASCII), because this
 *   module also checks the entries in the browser, where node:url does not exist.
 * The scheme is not part of an entry: an origin's host and port are compared, http or https.
 */

export interface DomainRule {
  /** `*.` entries: subdomains of `host`, not `host` itself. */
  wildcard: boolean;
  /** ASCII, lower-case, no trailing dot. */
  host: string;
  /** Decimal port, or null for any port. */
  port: string | null;
}

const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;
const ASCII_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/;
/** Anything that makes an entry an address rather than a host: scheme, path, user, spaces. */
const NOT_A_HOST = /[/?#@\s\\]/;

/** The ASCII host name the URL parser makes of `name`, or null when it is not one. */
function asciiHost(name: string): string | null {
  try {
    const host = new URL(`http://${name}`).hostname.replace(/\.$/, '');
    return ASCII_HOST.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** One entry of Domains as a rule, or null when it is not a valid entry. */
export function parseDomainRule(entry: string): DomainRule | null {
  let text = entry.trim();
  if (text === '' || NOT_A_HOST.test(text)) return null;
  const wildcard = text.startsWith('*.');
  if (wildcard) text = text.slice(2);
  const match = HOST_AND_PORT.exec(text);
  if (!match) return null;
  const [, name, port] = match;
  if (port !== undefined && Number(port) > 65535) return null;
  const host = asciiHost(name!);
  if (host === null || (wildcard && host.startsWith('['))) return null;
  return { wildcard, host, port: port === undefined ? null : String(Number(port)) };
}

/** The entries of a Domains value (comma-separated); blank entries are skipped. */
export function domainEntries(domains: string): string[] {
  return domains
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Whether every entry of a Domains value is valid (an empty value is; an empty entry is not). */
export function isValidDomains(domains: string): boolean {
  return domains.trim() === '' || domains.split(',').every((entry) => parseDomainRule(entry) !== null);
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The host and port of a page's Origin header, or null for `null`, file: and other non-web origins. */
function originParts(origin: string): { host: string; port: string } | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) return null;
  return { host: url.hostname.replace(/\.$/, ''), port: url.port || defaultPort };
}

export function ruleMatches(rule: DomainRule, origin: string): boolean {
  const parts = originParts(origin);
  if (!parts) return false;
  if (rule.port !== null && rule.port !== parts.port) return false;
  // The dot in front keeps `evilexample.com` out of `*.example.com`.
  return rule.wildcard ? parts.host.endsWith(`.${rule.host}`) : parts.host === rule.host;
}

/** Whether a page at `origin` may use a widget whose Domains are `domains`. */
export function isOriginAllowed(origin: string, domains: string): boolean {
  return domainEntries(domains).some((entry) => {
    const rule = parseDomainRule(entry);
    return rule !== null && ruleMatches(rule, origin);
  });
}

import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * What per-address limits count by (the widget's, widget/address-limits.ts; the console's
 * sign-in throttles), from `request.ip`: the socket's address, or with TRUST_PROXY the
 * client's as the named proxy wrote it in X-Forwarded-For (Fastify's trustProxy reads it;
 * nothing here parses headers).
 *
 * An IPv4 address counts as itself, also when the socket writes it IPv4-mapped
 * (`::ffff:203.0.113.7`, a dual-stack listener). An IPv6 address counts by its /64 network:
 * a subscriber is usually given a whole /64 and may use any of its 2^64 addresses, so a
 * single address would let one client be as many clients as it likes. Anything else (no
 * socket address at all) shares one key, which is limited like any other.
 */
export function addressKeyOf(ip: string | undefined): string {
  if (ip === undefined || ip === '') return 'unknown';
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a zone dropped, a trailing IPv4 part turned into two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a request's client is counted by, for the widget's limits and the console's sign-in
 * throttles: from `request.ip`, so behind the proxy TRUST_PROXY names it is the client's own
 * address (the socket's would make everyone behind the proxy share one count, and let one
 * attacker lock the whole team out of signing in).
 */
export function clientAddressOf(request: Pick<FastifyRequest, 'ip'>): string {
  return addressKeyOf(request.ip);
}

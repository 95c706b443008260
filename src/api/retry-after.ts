/**
 * How long a `Retry-After` header (RFC 9110 §10.2.3) asks a client to wait: delay-seconds or an
 * HTTP-date. Null when there is none or it cannot be read, so the caller keeps its own backoff;
 * a date already past is 0.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only an HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`), not whatever else Date.parse would take.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);

  it('reads delay-seconds', () => {
    expect(retryAfterMs('60', now)).toBe(60_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the time left until it, and a date past as no wait', () => {
    expect(retryAfterMs('Sat, 28 Nov 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('gives null for no header or one it cannot read, so the caller keeps its own backoff', () => {
    for (const header of [null, '', '-5', '1.5', 'soon', '2026-11-28T12:01:30Z', 'Sat, 99 Nov 2026 12:01:30 GMT']) {
      expect(retryAfterMs(header, now), String(header)).toBeNull();
    }
  });
});

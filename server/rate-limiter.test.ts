// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows `limit` messages per window and refuses the next, per session', () => {
    const limiter = new RateLimiter();
    expect(limiter.tryHit(1, 2, 60, 0)).toBe(true);
    expect(limiter.tryHit(1, 2, 60, 1_000)).toBe(true);
    expect(limiter.tryHit(1, 2, 60, 2_000)).toBe(false);
    expect(limiter.tryHit(2, 2, 60, 2_000)).toBe(true);
    // The window slides: the first message leaves it after 60 s; refusals do not count.
    expect(limiter.tryHit(1, 2, 60, 60_001)).toBe(true);
    expect(limiter.tryHit(1, 2, 60, 60_002)).toBe(false);
    expect(limiter.tryHit(1, 2, 60, 61_001)).toBe(true);
  });

  it('follows a changed limit at once', () => {
    const limiter = new RateLimiter();
    expect(limiter.tryHit(1, 5, 60, 0)).toBe(true);
    expect(limiter.tryHit(1, 5, 60, 1)).toBe(true);
    expect(limiter.tryHit(1, 1, 60, 2)).toBe(false);
  });

  it('keeps working across its periodic clean-up', () => {
    const limiter = new RateLimiter();
    for (let session = 0; session < 2_500; session += 1) expect(limiter.tryHit(session, 1, 1, session * 10)).toBe(true);
    expect(limiter.tryHit(2_499, 1, 1, 24_995)).toBe(false);
    expect(limiter.tryHit(0, 1, 1, 25_000)).toBe(true);
  });
});

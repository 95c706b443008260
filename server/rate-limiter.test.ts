// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AddressRateLimiter, RateLimiter } from './rate-limiter';

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

  it('says after a refusal how long until the session may send again, to the millisecond', () => {
    const limiter = new RateLimiter();
    expect(limiter.retryAfterMs(1, 2, 60, 0)).toBe(0);
    limiter.tryHit(1, 2, 60, 0);
    limiter.tryHit(1, 2, 60, 1_000);
    expect(limiter.tryHit(1, 2, 60, 2_000)).toBe(false);
    // The first message leaves the window at 60 s.
    expect(limiter.retryAfterMs(1, 2, 60, 2_000)).toBe(58_000);
    expect(limiter.tryHit(1, 2, 60, 59_999)).toBe(false);
    expect(limiter.tryHit(1, 2, 60, 60_000)).toBe(true);
    // Now two inside again (1 s and 60 s): the one at 1 s frees the next place.
    expect(limiter.retryAfterMs(1, 2, 60, 60_000)).toBe(1_000);
    // A lowered limit needs more of them to leave.
    expect(limiter.retryAfterMs(1, 1, 60, 60_000)).toBe(60_000);
  });

  it('keeps working across its periodic clean-up', () => {
    const limiter = new RateLimiter();
    for (let session = 0; session < 2_500; session += 1) expect(limiter.tryHit(session, 1, 1, session * 10)).toBe(true);
    expect(limiter.tryHit(2_499, 1, 1, 24_995)).toBe(false);
    expect(limiter.tryHit(0, 1, 1, 25_000)).toBe(true);
  });
});

describe('AddressRateLimiter', () => {
  const MINUTE = 60_000;

  it('allows `limit` requests per window and refuses the next, per key; refusals count for nothing', () => {
    const limiter = new AddressRateLimiter(3, 60);
    for (const at of [0, 1_000, 2_000]) expect(limiter.tryHit('203.0.113.7', at)).toBe(true);
    for (let at = 3_000; at < 10_000; at += 1_000) expect(limiter.tryHit('203.0.113.7', at)).toBe(false);
    expect(limiter.tryHit('198.51.100.2', 10_000)).toBe(true);
  });

  it('slides: the previous window counts for the part of it still inside the last minute', () => {
    const limiter = new AddressRateLimiter(10, 60);
    for (let sent = 0; sent < 10; sent += 1) expect(limiter.tryHit('a', 50_000 + sent)).toBe(true);
    const allowedOf = (at: number) => Array.from({ length: 10 }, () => limiter.tryHit('a', at)).filter(Boolean).length;
    // Just past the fixed window's end, the previous window still counts 98 %: one more fits.
    expect(allowedOf(MINUTE + 1_000)).toBe(1);
    // Halfway through the next window it counts half: 5 in this window in all.
    expect(allowedOf(MINUTE + 30_000)).toBe(4);
    // Two windows on, nothing of the burst is left.
    expect(Array.from({ length: 10 }, () => limiter.tryHit('a', 3 * MINUTE)).every(Boolean)).toBe(true);
  });

  it('says after a refusal exactly when the key is admitted again: not a millisecond sooner', () => {
    // Bursts of each shape: [limit, window seconds, times of the hits]; each ends refused.
    const bursts: [number, number, number[]][] = [
      [3, 60, [0, 1_000, 2_000, 3_000]],
      [10, 60, [...Array.from({ length: 10 }, (_, sent) => 50_000 + sent), MINUTE + 1_000, MINUTE + 1_000]],
      [5, 60, [59_000, 59_500, 60_500, 61_000, 62_000, 63_000, 70_000]],
      [2, 3_600, [0, 3_599_000, 3_600_100, 3_600_200]],
    ];
    // And some at random, with a fixed seed so a failure can be replayed.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let burst = 0; burst < 200; burst += 1) {
      const limit = 1 + Math.floor(random() * 8);
      const times: number[] = [];
      for (let at = Math.floor(random() * 120_000); times.length < limit * 3; at += Math.floor(random() * 15_000)) times.push(at);
      bursts.push([limit, 60, times]);
    }
    for (const [limit, seconds, times] of bursts) {
      const replayed = () => {
        const limiter = new AddressRateLimiter(limit, seconds);
        for (const at of times) limiter.tryHit('k', at);
        return limiter;
      };
      const refusedAt = times.at(-1)!;
      const wait = replayed().retryAfterMs('k', refusedAt);
      const shape = `limit ${limit}, hits at ${times.join(', ')}`;
      if (wait === 0) {
        expect(replayed().tryHit('k', refusedAt), shape).toBe(true);
        continue;
      }
      expect(replayed().tryHit('k', refusedAt + wait - 1), shape).toBe(false);
      expect(replayed().tryHit('k', refusedAt + wait), shape).toBe(true);
    }
  });

  it('forgets keys whose windows have passed, so a stream of new addresses does not pile up', () => {
    const limiter = new AddressRateLimiter(5, 60);
    for (let index = 0; index < 5_000; index += 1) limiter.tryHit(`10.0.${index >> 8}.${index & 255}`, index * 100);
    // 5,000 addresses over 500 s, one each: only those of the last two windows are still held.
    expect(limiter.size).toBeLessThanOrEqual(1_200);
    limiter.tryHit('late', 10 * MINUTE);
    expect(limiter.size).toBe(1);
  });

  it('holds at most `capacity` keys under a flood of distinct addresses within one window, dropping the least recently seen', () => {
    const limiter = new AddressRateLimiter(2, 3_600, 1_000);
    expect(limiter.tryHit('busy', 0)).toBe(true);
    expect(limiter.tryHit('busy', 0)).toBe(true);
    for (let index = 0; index < 10_000; index += 1) {
      limiter.tryHit(`flood-${index}`, index);
      // The busy address keeps coming back, so it is never the least recently seen: still refused.
      if (index % 500 === 0) expect(limiter.tryHit('busy', index)).toBe(false);
    }
    expect(limiter.size).toBe(1_000);
  });
});

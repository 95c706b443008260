/**
 * Sliding-window counters per chat session. Kept in memory on purpose (design.md): a
 * restart forgets them, which at worst lets a session send one window's worth again.
 */
export class RateLimiter {
  private readonly windows = new Map<number, { times: number[]; windowMs: number }>();
  private calls = 0;

  /**
   * Records a message of `sessionId` at `now` unless that would make more than `limit`
   * within the last `windowSeconds`; false means refused (and nothing recorded).
   */
  tryHit(sessionId: number, limit: number, windowSeconds: number, now: number): boolean {
    this.calls += 1;
    if (this.calls % 1000 === 0) this.sweep(now);
    const windowMs = windowSeconds * 1000;
    const times = this.timesWithin(sessionId, windowMs, now);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.windows.set(sessionId, { times, windowMs });
    return allowed;
  }

  /**
   * After a refusal: how long until `sessionId` may send again, when as many of its counted
   * messages have left the window as it takes to be under `limit`. Zero when it may now.
   */
  retryAfterMs(sessionId: number, limit: number, windowSeconds: number, now: number): number {
    const windowMs = windowSeconds * 1000;
    const times = this.timesWithin(sessionId, windowMs, now);
    if (times.length < limit) return 0;
    // Times are recorded in order: the one whose leaving brings the count under `limit`.
    const freeing = times[times.length - Math.max(limit, 1)]!;
    return freeing + windowMs - now;
  }

  /** The session's messages still inside the window that ends at `now`, oldest first. */
  private timesWithin(sessionId: number, windowMs: number, now: number): number[] {
    return (this.windows.get(sessionId)?.times ?? []).filter((time) => time > now - windowMs);
  }

  /** Forgets sessions whose every message has left its window, so memory stays bounded. */
  private sweep(now: number): void {
    for (const [sessionId, { times, windowMs }] of this.windows) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) this.windows.delete(sessionId);
    }
  }
}

/**
 * Keys an AddressRateLimiter holds at most: about 12 MB of heap when full (measured at 240
 * bytes a key, an IPv6 /64 key included, with `node --expose-gc` on Node 20). Only a flood
 * from more distinct addresses than this within two windows fills it.
 */
export const ADDRESS_CAPACITY = 50_000;

interface AddressWindow {
  /** Start of the current fixed window (a multiple of the window's length). */
  start: number;
  current: number;
  /** What the window before `start` counted. */
  previous: number;
}

/**
 * Requests per key (a client address, client-address.ts) within a sliding window, for
 * a flood that may bring any number of distinct addresses. Unlike RateLimiter it keeps no
 * time stamps: two counts per key (this fixed window and the one before), and the sliding
 * count is estimated as the previous window's count weighted by how much of it the sliding
 * window still covers, plus the current one's (Cloudflare's sliding-window counter). So a key
 * costs the same memory at 1 request as at 10,000.
 *
 * Memory stays bounded: the map is kept in order of last use, keys whose two windows have
 * passed are dropped from its front on every call, and past `capacity` keys the least
 * recently used one goes. A key forgotten that way starts again from nothing, which at worst
 * lets an address that has been quiet the longest in a flood of more than `capacity` distinct
 * addresses send one more window's worth.
 */
export class AddressRateLimiter {
  private readonly windows = new Map<string, AddressWindow>();
  private readonly windowMs: number;

  constructor(
    private readonly limit: number,
    windowSeconds: number,
    private readonly capacity = ADDRESS_CAPACITY,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  /** Records a request of `key` at `now` unless that would make more than `limit` within the window; false means refused (and nothing recorded). */
  tryHit(key: string, now: number): boolean {
    const start = now - (now % this.windowMs);
    this.forgetExpired(start);
    const known = this.windows.get(key);
    // Taken out and put back, so that the map's order is the order of last use.
    this.windows.delete(key);
    const window: AddressWindow =
      known === undefined || known.start < start - this.windowMs
        ? { start, current: 0, previous: 0 }
        : known.start < start
          ? { start, current: 0, previous: known.current }
          : known;
    // previous * stillCovered + current < limit, with stillCovered = 1 - (now - start) / windowMs,
    // multiplied out by windowMs so that it is integer arithmetic: retryAfterMs solves the same
    // inequality for `now`, and both must agree to the millisecond.
    const allowed = window.previous * (this.windowMs - (now - start)) + window.current * this.windowMs < this.limit * this.windowMs;
    if (allowed) window.current += 1;
    this.windows.set(key, window);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);
    return allowed;
  }

  /**
   * After a refusal: how long until `key` may be admitted again, by the same estimate tryHit
   * makes. Zero when it may now. The estimate falls as the previous window slides out, so the
   * wait is when `previous * stillCovered + current` drops under the limit; past the current
   * window's end, `current` becomes the previous count and the same rule applies once more.
   */
  retryAfterMs(key: string, now: number): number {
    const start = now - (now % this.windowMs);
    const known = this.windows.get(key);
    if (known === undefined || known.start < start - this.windowMs) return 0;
    const [previous, current, windowStart] =
      known.start < start ? [known.current, 0, start] : [known.previous, known.current, known.start];
    return Math.max(0, this.freedAt(previous, current, windowStart) - now);
  }

  /** The first instant the estimate for these counts is under the limit, from `windowStart` on. */
  private freedAt(previous: number, current: number, windowStart: number): number {
    if (this.limit <= 0) return Number.POSITIVE_INFINITY;
    if (current < this.limit) {
      // previous * (W - (t - start)) + current * W < limit * W  ⇔  t - start > W * (previous + current - limit) / previous
      if (previous === 0) return windowStart;
      const excess = previous + current - this.limit;
      return excess < 0 ? windowStart : windowStart + Math.floor((this.windowMs * excess) / previous) + 1;
    }
    // The current window alone is at the limit: in the next one it is the previous count.
    return this.freedAt(current, 0, windowStart + this.windowMs);
  }

  /** How many keys are held: for the tests that hold memory to its bound. */
  get size(): number {
    return this.windows.size;
  }

  /** Drops, from the least recently used end, keys whose counts no longer matter. */
  private forgetExpired(currentStart: number): void {
    for (const [key, window] of this.windows) {
      if (window.start >= currentStart - this.windowMs) return;
      this.windows.delete(key);
    }
  }
}

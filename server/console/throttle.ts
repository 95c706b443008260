/**
 * Sign-in throttling, per account and per client address (OWASP ASVS 2.2.1). A few failures
 * are free; each one past them doubles the wait before the next attempt is heard, up to a cap.
 * The wait slows guessing to a crawl but never locks anybody out: after the cap, the rightful
 * member (or anyone) can try again, so nobody can lock another member out by failing on
 * purpose. Counters are forgotten after a quiet period. Kept in memory, like the other rate
 * windows (design.md): a restart forgets them, which a guesser cannot cause from outside.
 */
export interface ThrottlePolicy {
  /** Failures before any wait. */
  free: number;
  /** The wait after the first failure past `free`, doubled each time. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A counter with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, firstDelayMs: 1_000, maxDelayMs: 30_000, forgetAfterMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { free: 20, firstDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 };

interface Counter {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** One set of counters under one policy. */
export class Throttle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly maxEntries = 100_000,
  ) {}

  /** Milliseconds to wait before an attempt for `key` is heard; 0 when it may go now. */
  waitFor(key: string, now: number): number {
    const counter = this.current(key, now);
    return counter ? Math.max(0, counter.blockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    const counter = this.current(key, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    counter.failures += 1;
    counter.lastFailureAt = now;
    const past = counter.failures - this.policy.free;
    if (past > 0) counter.blockedUntil = now + Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (past - 1));
    this.counters.delete(key);
    this.counters.set(key, counter);
    // The oldest counters go first when a flood of keys would fill memory.
    if (this.counters.size > this.maxEntries) this.counters.delete(this.counters.keys().next().value!);
  }

  clear(key: string): void {
    this.counters.delete(key);
  }

  private current(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && now - counter.lastFailureAt > this.policy.forgetAfterMs) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }
}

/** Both throttles of the sign-in: the longer wait of the two applies. */
export class SignInThrottle {
  private readonly accounts = new Throttle(ACCOUNT_POLICY);
  private readonly addresses = new Throttle(ADDRESS_POLICY);

  waitFor(email: string, address: string, now: number): number {
    return Math.max(this.accounts.waitFor(email, now), this.addresses.waitFor(address, now));
  }

  fail(email: string, address: string, now: number): void {
    this.accounts.fail(email, now);
    this.addresses.fail(address, now);
  }

  succeed(email: string): void {
    this.accounts.clear(email);
  }
}

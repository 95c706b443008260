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
    const times = (this.windows.get(sessionId)?.times ?? []).filter((time) => time > now - windowMs);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.windows.set(sessionId, { times, windowMs });
    return allowed;
  }

  /** Forgets sessions whose every message has left its window, so memory stays bounded. */
  private sweep(now: number): void {
    for (const [sessionId, { times, windowMs }] of this.windows) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) this.windows.delete(sessionId);
    }
  }
}

/** What the callback needs of a sign-in it did not see start: the checks openid-client makes, and where to go. */
export interface PendingSignIn {
  /** The PKCE verifier: only this server can redeem the code the provider hands out. */
  codeVerifier: string;
  /** Must come back inside the ID token: the token was made for this very sign-in. */
  nonce: string;
  /** A same-site path (safeNextPath) to land on once signed in. */
  next: string;
  /** The redirect_uri sent to the provider, sent again with the code (the two must match). */
  redirectUri: string;
}

export const PENDING_LIFETIME_MS = 10 * 60_000;
export const PENDING_CAPACITY = 1_000;

/**
 * Single sign-ons sent to the provider and not back yet, by their `state`. In memory, like the
 * other short-lived windows (design.md): a restart only means a sign-in under way starts again.
 * Bounded, so a flood of starts cannot fill memory; the oldest go first.
 */
export class PendingSignIns {
  /** In insertion order, which is also expiry order: every entry lives the same time. */
  private readonly entries = new Map<string, PendingSignIn & { expiresAt: number }>();

  constructor(
    private readonly lifetimeMs = PENDING_LIFETIME_MS,
    private readonly capacity = PENDING_CAPACITY,
  ) {}

  add(state: string, signIn: PendingSignIn, now: number): void {
    this.dropExpired(now);
    this.entries.set(state, { ...signIn, expiresAt: now + this.lifetimeMs });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The sign-in started under `state`, once: null when unknown, taken already or expired. */
  take(state: string, now: number): PendingSignIn | null {
    const entry = this.entries.get(state);
    this.entries.delete(state);
    if (!entry || entry.expiresAt <= now) return null;
    const { expiresAt: _expiresAt, ...signIn } = entry;
    return signIn;
  }

  get size(): number {
    return this.entries.size;
  }

  private dropExpired(now: number): void {
    for (const [state, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(state);
    }
  }
}

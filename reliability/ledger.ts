import { isDeepStrictEqual } from 'node:util';

/**
 * The bookkeeping behind `npm run durability`: what the service may hold, after a kill -9,
 * given which writes it acknowledged and which were still in flight.
 *
 * Each record (a listing, a chatbot's settings) has a set of possible states. A write the
 * service acknowledged must have landed, so every possible state moves through it. A write
 * without an answer (in flight at the kill) may or may not have landed, so the set keeps
 * both branches. A check compares what the restarted service shows with that set: a state
 * outside it means an acknowledged write was lost. The check then pins the record to what
 * was seen, so the next round starts from certainty.
 *
 * Writes to one record must reach the ledger in the order they were sent, one at a time
 * (each record has a single writer that waits for an answer before its next write); two
 * concurrent writes to one record would have no defined order to check against.
 */

/** What a write does to a record's state; the state is a plain value (null for "absent"). */
export type Effect<State> = (state: State) => State;

interface Possible<State> {
  state: State;
  /** True when this state needs at least one unanswered write to have landed. */
  viaUnanswered: boolean;
}

export interface CheckResult {
  /** Records whose state no acknowledged history explains: acknowledged writes lost. */
  lost: string[];
  /** Records that match only because a write in flight at the kill landed (allowed). */
  unansweredLanded: string[];
  /** Records the service holds that no write ever created (inside the checked scope). */
  unexpected: string[];
}

export class Ledger<State> {
  private readonly records = new Map<string, Possible<State>[]>();
  private acknowledgedCount = 0;
  private unansweredCount = 0;

  /** `absent` is the state of a record the service does not hold (null for a listing). */
  constructor(private readonly absent: State) {}

  /** Starts following a record from a state known to be on the service. */
  track(key: string, state: State): void {
    if (this.records.has(key)) throw new Error(`${key} is already tracked`);
    this.records.set(key, [{ state, viaUnanswered: false }]);
  }

  has(key: string): boolean {
    return this.records.has(key);
  }

  /** The state when it is certain (no unanswered write pending), else undefined. */
  certain(key: string): State | undefined {
    const possible = this.possibleOf(key);
    return possible.length === 1 ? possible[0]!.state : undefined;
  }

  /** The service answered the write with success: it landed, on whichever state was there. */
  acknowledged(key: string, effect: Effect<State>): void {
    this.acknowledgedCount += 1;
    this.replace(
      key,
      this.possibleOf(key).map(({ state, viaUnanswered }) => ({ state: effect(state), viaUnanswered })),
    );
  }

  /** The write got no answer (the service died): each possible state may or may not have moved. */
  unanswered(key: string, effect: Effect<State>): void {
    this.unansweredCount += 1;
    const before = this.possibleOf(key);
    this.replace(key, [...before, ...before.map(({ state }) => ({ state: effect(state), viaUnanswered: true }))]);
  }

  /**
   * Compares every tracked record with what the service shows (`observed`, keyed like the
   * ledger; a missing key means the service does not hold it) and pins each record to it.
   */
  check(observed: ReadonlyMap<string, State>): CheckResult {
    const result: CheckResult = { lost: [], unansweredLanded: [], unexpected: [] };
    for (const [key, possible] of this.records) {
      const seen = observed.has(key) ? observed.get(key)! : this.absent;
      const matches = possible.filter(({ state }) => isDeepStrictEqual(state, seen));
      if (matches.length === 0) result.lost.push(key);
      else if (matches.every(({ viaUnanswered }) => viaUnanswered)) result.unansweredLanded.push(key);
      this.records.set(key, [{ state: seen, viaUnanswered: false }]);
    }
    for (const key of observed.keys()) {
      if (!this.records.has(key)) result.unexpected.push(key);
    }
    return result;
  }

  get acknowledgedWrites(): number {
    return this.acknowledgedCount;
  }

  get unansweredWrites(): number {
    return this.unansweredCount;
  }

  private possibleOf(key: string): Possible<State>[] {
    const possible = this.records.get(key);
    if (!possible) throw new Error(`${key} is not tracked`);
    return possible;
  }

  /** Equal states reached two ways are one state; it needed an unanswered write only if both ways did. */
  private replace(key: string, possible: Possible<State>[]): void {
    const distinct: Possible<State>[] = [];
    for (const entry of possible) {
      const same = distinct.find(({ state }) => isDeepStrictEqual(state, entry.state));
      if (!same) distinct.push({ ...entry });
      else same.viaUnanswered &&= entry.viaUnanswered;
    }
    this.records.set(key, distinct);
  }
}

export interface EntryCheckResult {
  /** Signatures with fewer entries than acknowledged writes: entries lost (or never written). */
  missing: string[];
  /** How many acknowledged writes those lack entries for. */
  missingEntries: number;
  /** Signatures with more entries than writes sent: entries no write explains. */
  extra: string[];
  /** Writes without an answer that left an entry all the same (allowed: they landed). */
  unansweredWithEntry: number;
}

/**
 * The activity record's side of the check: every acknowledged write has exactly one entry,
 * and a write in flight at the kill has one or none. Writes and entries are counted by a
 * signature (the operation and the record it touched), since several writes to one record are
 * alike in the record. `check` compares the entries read since the last check with the writes
 * since then, and pins the counts to what was seen, so each round is judged on its own and a
 * lost entry cannot hide behind a later write's.
 */
export class EntryLedger {
  private readonly sent = new Map<string, { acknowledged: number; unanswered: number }>();
  private readonly seen = new Map<string, number>();

  acknowledged(signature: string): void {
    this.of(signature).acknowledged += 1;
  }

  unanswered(signature: string): void {
    this.of(signature).unanswered += 1;
  }

  /** An entry read back from the record. */
  observed(signature: string): void {
    this.seen.set(signature, (this.seen.get(signature) ?? 0) + 1);
  }

  check(): EntryCheckResult {
    const result: EntryCheckResult = { missing: [], missingEntries: 0, extra: [], unansweredWithEntry: 0 };
    for (const signature of new Set([...this.sent.keys(), ...this.seen.keys()])) {
      const { acknowledged, unanswered } = this.of(signature);
      const entries = this.seen.get(signature) ?? 0;
      if (entries < acknowledged) {
        result.missing.push(`${signature} (${acknowledged} acknowledged, ${entries} entries)`);
        result.missingEntries += acknowledged - entries;
      } else if (entries > acknowledged + unanswered) result.extra.push(`${signature} (${acknowledged + unanswered} sent, ${entries} entries)`);
      else result.unansweredWithEntry += entries - acknowledged;
    }
    this.sent.clear();
    this.seen.clear();
    return result;
  }

  private of(signature: string): { acknowledged: number; unanswered: number } {
    let counts = this.sent.get(signature);
    if (!counts) this.sent.set(signature, (counts = { acknowledged: 0, unanswered: 0 }));
    return counts;
  }
}

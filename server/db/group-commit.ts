import type { Db } from './database';

/**
 * Group commit. With `synchronous = FULL` every commit waits for the disk (an fsync of the
 * WAL), so one transaction per request makes the disk's latency the limit of the write rate
 * (an import sends a listing per request, several at a time). The rule here:
 *
 * - Writes handed to `write` during one turn of the event loop run together at its end
 *   (`setImmediate`), in the order they arrived, in ONE transaction: one disk flush for all.
 * - Each runs inside a SAVEPOINT of its own: a write that throws is rolled back alone and
 *   rejects with its own error; the others go on.
 * - A write's promise settles only after the COMMIT of its transaction returned: a write
 *   acknowledged is on disk, as with a transaction per request. Should the COMMIT fail, every
 *   write of the batch rejects (none of them landed).
 *
 * The batch runs synchronously from BEGIN to COMMIT, so no other code (a read, a write outside
 * this module) ever sees or joins its open transaction; a queued write is simply not there
 * yet, as it is not acknowledged yet either.
 */
export interface GroupCommit {
  /** Runs `work` in the next batch; resolves with what it returned once the batch has committed. */
  write<T>(work: () => T): Promise<T>;
}

interface Queued {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** `schedule` runs the batch; tests pass their own to decide when it runs. */
export function createGroupCommit(db: Db, schedule: (flush: () => void) => void = setImmediate): GroupCommit {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const savepoint = db.prepare('SAVEPOINT grouped_write');
  const release = db.prepare('RELEASE grouped_write');
  const rollbackToSavepoint = db.prepare('ROLLBACK TO grouped_write');
  let queue: Queued[] = [];

  const runOne = (work: () => unknown): Outcome => {
    savepoint.run();
    try {
      const value = work();
      release.run();
      return { ok: true, value };
    } catch (error) {
      rollbackToSavepoint.run();
      release.run();
      return { ok: false, error };
    }
  };

  const flush = () => {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      begin.run();
      outcomes = batch.map(({ work }) => runOne(work));
      commit.run();
    } catch (error) {
      // BEGIN or COMMIT failed (a full or failing disk): nothing of the batch landed.
      if (db.inTransaction) db.exec('ROLLBACK');
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    });
  };

  return {
    write<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) schedule(flush);
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/*
 * The group commit against a real SQLite file, watched from a second connection as another
 * process would see it: what that connection reads is what is on disk.
 */

let dir: string;
let db: Database.Database;
let observer: Database.Database;
/** The batch runs when the test says so, so it can look before and after. */
let pendingFlush: (() => void) | null;

const names = () => observer.prepare('SELECT name FROM items ORDER BY id').pluck().all() as string[];
const commitsSeen = () => observer.pragma('data_version', { simple: true }) as number;
const insert = (name: string) => () => Number(db.prepare('INSERT INTO items (name) VALUES (?)').run(name).lastInsertRowid);

function runBatch(): void {
  const flush = pendingFlush;
  pendingFlush = null;
  flush?.();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  db = new Database(join(dir, 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
  observer = new Database(join(dir, 'test.sqlite'), { readonly: true });
  pendingFlush = null;
});

afterEach(() => {
  observer.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createGroupCommit', () => {
  const groupCommit = () =>
    createGroupCommit(db, (flush) => {
      pendingFlush = flush;
    });

  it('commits the writes of one turn in one transaction, and acknowledges none before that commit', async () => {
    const writes = groupCommit();
    const before = commitsSeen();
    const acknowledged: string[] = [];
    const answers = ['a', 'b', 'c'].map((name) =>
      writes.write(insert(name)).then((id) => {
        // What another connection reads is on disk: the write is there when its answer comes.
        expect(names()).toContain(name);
        acknowledged.push(name);
        return id;
      }),
    );
    await Promise.resolve();
    expect(acknowledged).toEqual([]);
    expect(names()).toEqual([]);

    runBatch();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2, 3]);
    expect(acknowledged).toEqual(['a', 'b', 'c']);
    expect(commitsSeen() - before).toBe(1);
  });

  it('rolls back a write that fails and answers it with its own error; the others land', async () => {
    const writes = groupCommit();
    const first = writes.write(insert('first'));
    const failing = writes.write(() => {
      insert('half-done')();
      throw new Error('Price: must be a number');
    });
    const duplicate = writes.write(insert('first'));
    const last = writes.write(insert('last'));
    runBatch();

    await expect(first).resolves.toBe(1);
    await expect(failing).rejects.toThrow('Price: must be a number');
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(last).resolves.toBeGreaterThan(1);
    expect(names()).toEqual(['first', 'last']);
  });

  it('runs writes in the order they arrived', async () => {
    const writes = groupCommit();
    const order: string[] = [];
    const all = ['one', 'two', 'three', 'four'].map((name) =>
      writes.write(() => {
        order.push(name);
        return insert(name)();
      }),
    );
    runBatch();
    await Promise.all(all);
    expect(order).toEqual(['one', 'two', 'three', 'four']);
    expect(names()).toEqual(['one', 'two', 'three', 'four']);
  });

  it('rejects every write of a batch whose commit fails, and keeps none of them', async () => {
    db.exec(`CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)`);
    db.pragma('foreign_keys = ON');
    const writes = groupCommit();
    const innocent = writes.write(insert('innocent'));
    // A deferred foreign key is checked at COMMIT only: the savepoint passes, the commit fails.
    const orphan = writes.write(() => db.prepare('INSERT INTO children (parent) VALUES (42)').run().changes);
    runBatch();

    await expect(innocent).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(names()).toEqual([]);
    expect(db.inTransaction).toBe(false);

    // The next batch starts clean.
    const after = writes.write(insert('after'));
    runBatch();
    await expect(after).resolves.toBeGreaterThan(0);
    expect(names()).toEqual(['after']);
  });

  it('puts writes that arrive while a batch is answered into the next batch', async () => {
    const writes = groupCommit();
    const before = commitsSeen();
    const second = writes.write(insert('first')).then(() => writes.write(insert('second')));
    runBatch();
    await Promise.resolve();
    await Promise.resolve();
    expect(names()).toEqual(['first']);
    expect(pendingFlush).not.toBeNull();
    runBatch();
    await second;
    expect(names()).toEqual(['first', 'second']);
    expect(commitsSeen() - before).toBe(2);
  });

  it('by default runs the batch at the end of the turn of the event loop', async () => {
    const writes = createGroupCommit(db);
    const before = commitsSeen();
    const all = await Promise.all([writes.write(insert('x')), writes.write(insert('y'))]);
    expect(all).toEqual([1, 2]);
    expect(commitsSeen() - before).toBe(1);
  });
});

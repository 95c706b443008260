// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../bench/api';
import { startLocalService, type LocalService } from '../bench/service';
import { listingRowOf, type CreateListingRequest, type ListingRow } from '../src/api/contract';
import { createListing } from '../src/demo-data';
import { DATABASE_FILE, FILES_FOLDER } from './app';
import { backUp, INCOMPLETE_SUFFIX } from './backup';
import { CONSOLE_DATABASE_FILE } from './console/store';
import { PNG } from './test-media';
import { startTestApp, temporaryDir } from './test-support';

const ROOT = join(import.meta.dirname, '..');
const BOT = 'backup-bot';
const MLS_PREFIX = 'BAK-';
const WRITERS = 3;

const services: LocalService[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(prefix: string): string {
  const dir = temporaryDir(prefix);
  dirs.push(dir);
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- <args>` as an operator runs it: its own process, DATA_DIR from the environment. */
function runBackup(dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

async function start(dataDir: string): Promise<LocalService> {
  const service = await startLocalService(dataDir, [BOT]);
  services.push(service);
  return service;
}

/** Every listing of ours the service holds, by MLS number. */
async function ourListings(url: string): Promise<Map<string, ListingRow>> {
  const found = new Map<string, ListingRow>();
  for (let page = 1; ; page += 1) {
    const { List, VirtualCount } = await call(url, 'RealEstateList', { SerialNumber: BOT, PageNumber: page, PageSize: 100 });
    for (const row of List) if (row.MLSNumber.startsWith(MLS_PREFIX)) found.set(row.MLSNumber, row);
    if (List.length === 0 || page * 100 >= VirtualCount) return found;
  }
}

async function uploadPicture(url: string): Promise<{ id: number; path: string }> {
  const { FileStoreId, PreUploadUrl } = await call(url, 'GetPreUploadUrl', { fileName: 'front porch.png' });
  const put = await fetch(`${url}${PreUploadUrl}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
  expect(put.status).toBe(200);
  const confirmed = await call(url, 'ConfirmUpload', { FileStoreId });
  return { id: FileStoreId, path: confirmed.Url };
}

function integrityOf(file: string): unknown {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

/** The listing ids whose create the copy's activity record holds (a create's entry names the new PlatformId). */
function createEntriesIn(dataDir: string): Set<number> {
  const db = new Database(join(dataDir, CONSOLE_DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[], { target: string }>("SELECT target FROM activity WHERE action = 'listing.create' AND code = 200").all();
    return new Set(rows.map(({ target }) => Number((JSON.parse(target) as { Keys?: string[] }).Keys?.[0])));
  } finally {
    db.close();
  }
}

describe('npm run backup', () => {
  it('copies, while writers run, every write acknowledged before it started, whole, into a folder the service starts on', async () => {
    const dataDir = scratch('realty-bot-backup-live-');
    const folder = join(scratch('realty-bot-backup-target-'), 'nightly');
    const original = await start(dataDir);
    const picture = await uploadPicture(original.url);

    /** Every create sent, by MLS number: a row in the copy must be exactly one of these. */
    const sent = new Map<string, CreateListingRequest>();
    const acknowledged: Array<{ mls: string; id: number; sentAt: number; at: number }> = [];
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let sequence = 0; !stop; sequence += 1) {
        const mls = `${MLS_PREFIX}${writer}-${sequence}`;
        const body = createListing({
          SerialNumber: BOT,
          MLSNumber: mls,
          Url: `https://homes.example.com/backup/${mls.toLowerCase()}`,
          Description: `Listing ${sequence} of writer ${writer}, `.repeat(20),
          Bedrooms: sequence % 7,
          SalePrice: 100_000 + sequence,
        });
        sent.set(mls, body);
        const sentAt = performance.now();
        const id = Number(await call(original.url, 'RealEstateCreate', body));
        acknowledged.push({ mls, id, sentAt, at: performance.now() });
      }
    });

    // Writers get going, then the backup starts among them (here in the test's process, so that
    // it starts at once: the command's own start-up takes seconds, enough for SQLite to move
    // every earlier write out of its WAL, where a plain file copy would find it too). Only what
    // was acknowledged before it started must be in the copy; what came during it may or may not be.
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const launched = performance.now();
    const report = await backUp(dataDir, folder);
    const finished = performance.now();
    stop = true;
    await Promise.all(writers);

    expect(report.databases.map(({ name }) => name).sort()).toEqual([CONSOLE_DATABASE_FILE, DATABASE_FILE].sort());
    expect(report).toMatchObject({ folder, absent: [], files: { count: 1, bytes: PNG.length }, filesRemovedMeanwhile: [] });
    const before = acknowledged.filter(({ at }) => at < launched);
    // The service was taking writes while the backup ran.
    expect(acknowledged.filter(({ sentAt, at }) => sentAt < finished && at > launched).length).toBeGreaterThan(0);

    // What an operator restores: a folder holding the databases under their own names, no
    // journal beside them, and nothing left of the build.
    expect(readdirSync(folder).sort()).toEqual([CONSOLE_DATABASE_FILE, FILES_FOLDER, DATABASE_FILE].sort());
    expect(() => statSync(`${folder}${INCOMPLETE_SUFFIX}`)).toThrow();
    // Its user's alone: it holds the members' password hashes.
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of [DATABASE_FILE, CONSOLE_DATABASE_FILE]) expect(integrityOf(join(folder, name))).toBe('ok');
    const entries = createEntriesIn(folder);
    await original.stop();

    const restored = await start(folder);
    const rows = await ourListings(restored.url);
    for (const { mls, id } of before) {
      expect(rows.get(mls), `${mls}, acknowledged before the backup`).toEqual(listingRowOf(sent.get(mls)!, id));
      expect(entries.has(id), `the activity entry of ${mls}'s create`).toBe(true);
    }
    // No half-written row: whatever else the copy holds is exactly a create that was sent.
    for (const [mls, row] of rows) expect(row, mls).toEqual(listingRowOf(sent.get(mls)!, row.ID));
    expect(rows.size).toBeGreaterThanOrEqual(before.length);

    // The upload's bytes came along with the row that names them.
    const served = await fetch(`${restored.url}${picture.path}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // And the copy is a working DATA_DIR: it takes new writes.
    const after = createListing({ SerialNumber: BOT, MLSNumber: `${MLS_PREFIX}after-restore` });
    const id = Number(await call(restored.url, 'RealEstateCreate', after));
    expect((await ourListings(restored.url)).get(after.MLSNumber)).toEqual(listingRowOf(after, id));
  }, 180_000);

  it('is a command that reads DATA_DIR as npm start does, says what it wrote, and refuses, naming the argument, what would lose data', async () => {
    const test = await startTestApp();
    await test.close({ keepData: true });
    const dataDir = test.dataDir;
    dirs.push(dataDir);
    const elsewhere = scratch('realty-bot-backup-command-');

    const good = join(elsewhere, 'good');
    const written = await runBackup(dataDir, good);
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    expect(written.stdout).toContain(`Backup written to ${good} in `);
    expect(written.stdout).toMatch(/realty-bot\.sqlite\s+\d[\d.]* [KM]?B/);
    expect(written.stdout).toMatch(/console\.sqlite\s+\d[\d.]* [KM]?B/);
    expect(written.stdout).toContain('0 uploaded files');
    expect(written.stdout).toContain(`DATA_DIR=${good} npm start`);
    expect(readdirSync(good).sort()).toEqual([CONSOLE_DATABASE_FILE, FILES_FOLDER, DATABASE_FILE].sort());

    const earlier = join(elsewhere, 'earlier');
    mkdirSync(earlier);
    writeFileSync(join(earlier, DATABASE_FILE), 'an earlier backup');
    const cutOff = join(elsewhere, 'cut-off');
    mkdirSync(`${cutOff}${INCOMPLETE_SUFFIX}`);
    const dataDirBefore = readdirSync(dataDir).sort();

    const [none, itself, inside, again, overwrite, unfinished, wrongDataDir] = await Promise.all([
      runBackup(dataDir),
      runBackup(dataDir, dataDir),
      runBackup(dataDir, join(dataDir, FILES_FOLDER, 'backup')),
      runBackup(dataDir, good),
      runBackup(dataDir, earlier),
      runBackup(dataDir, cutOff),
      runBackup(`${cutOff}${INCOMPLETE_SUFFIX}`, join(elsewhere, 'from-nothing')),
    ]);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('folder: not given');
    expect(itself.code).toBe(2);
    expect(itself.stderr).toContain(`folder: ${dataDir} is DATA_DIR itself`);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('is inside DATA_DIR');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`folder: ${good} already holds a backup`);
    expect(overwrite.code).toBe(2);
    expect(overwrite.stderr).toContain(`folder: ${earlier} already holds a backup (${DATABASE_FILE})`);
    expect(readFileSync(join(earlier, DATABASE_FILE), 'utf8')).toBe('an earlier backup');
    expect(unfinished.code).toBe(2);
    expect(unfinished.stderr).toContain(`${cutOff}${INCOMPLETE_SUFFIX}`);
    expect(wrongDataDir.code).toBe(2);
    expect(wrongDataDir.stderr).toContain(`DATA_DIR: ${cutOff}${INCOMPLETE_SUFFIX} holds none of the service's databases`);
    // A refusal writes nothing, anywhere.
    expect(readdirSync(elsewhere).sort()).toEqual(['cut-off.incomplete', 'earlier', 'good']);
    expect(readdirSync(join(dataDir, FILES_FOLDER))).toEqual([]);
    expect(readdirSync(dataDir).sort()).toEqual(dataDirBefore);
  }, 120_000);

  it('starts without loading the service: a spawn of the command takes well under a second, not the five it took through app.ts', () => {
    // The command test above spawns it eight times (server/data-files.ts says why this matters).
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'/gm)) {
        if (specifier!.startsWith('.')) visit(join(dirname(file), specifier!.endsWith('.ts') ? specifier! : `${specifier}.ts`));
        else packages.add(specifier!);
      }
    };
    visit(join(ROOT, 'server', 'backup-cli.ts'));
    const ours = [...reached].map((file) => relative(ROOT, file)).sort();
    expect(ours).toContain('server/backup.ts');
    expect(ours).not.toContain('server/app.ts');
    expect([...packages].sort()).toEqual(['better-sqlite3', 'node:fs', 'node:fs/promises', 'node:net', 'node:path', 'node:url']);
  });
});

import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import { CONSOLE_DATABASE_FILE, DATABASE_FILE, FILES_FOLDER } from './data-files';

/**
 * `npm run backup`'s work: a consistent copy of everything the service keeps under DATA_DIR
 * (its two SQLite databases and the uploaded files), taken while the service runs and writes.
 * Restoring is starting the service with DATA_DIR pointing at the copy, so the copy has the
 * very file names and layout of DATA_DIR.
 */

/** Every database the service keeps: the local service's (absent in proxy mode) and the console's own store. */
export const SERVICE_DATABASES = [DATABASE_FILE, CONSOLE_DATABASE_FILE] as const;

/** The backup is built under this name beside the folder and renamed at the end (see `backUp`). */
export const INCOMPLETE_SUFFIX = '.incomplete';

/** A request the backup will not carry out; nothing has been written. */
export class BackupRefusal extends Error {
  override readonly name = 'BackupRefusal';
}

export interface CopiedDatabase {
  name: string;
  bytes: number;
  ms: number;
}

export interface BackupReport {
  folder: string;
  databases: CopiedDatabase[];
  /** Databases of SERVICE_DATABASES that DATA_DIR does not hold (the listings' one in proxy mode). */
  absent: string[];
  files: { count: number; bytes: number; ms: number };
  /**
   * Uploads the copied database names but whose bytes were gone by the time the files were
   * copied: the service removed them in between. Empty in every other case.
   */
  filesRemovedMeanwhile: string[];
  ms: number;
}

export interface BackupProgress {
  /** Called once the target is accepted, before anything is read: the copy is under way from here. */
  started?(staging: string): void;
  database?(copied: CopiedDatabase): void;
}

/** The path with symbolic links resolved as far as it exists, so that two names of one folder compare equal. */
async function canonical(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await canonical(parent), basename(absolute));
  }
}

function isInside(folder: string, parent: string): boolean {
  const path = relative(parent, folder);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

async function entriesOf(folder: string): Promise<string[] | null> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new BackupRefusal(`folder: ${folder} is a file, not a folder`);
    throw error;
  }
}

/**
 * Where the backup may go: a folder that does not exist yet, or an empty one. A backup never
 * writes over an earlier one (restoring one generation must never meet files of another), and
 * never goes inside DATA_DIR, where it would be lost with the data it should save.
 */
async function checkTarget(dataDir: string, folder: string): Promise<void> {
  const [data, target] = await Promise.all([canonical(dataDir), canonical(folder)]);
  if (target === data) throw new BackupRefusal(`folder: ${folder} is DATA_DIR itself; give a new folder, preferably on another disk`);
  if (isInside(target, data)) throw new BackupRefusal(`folder: ${folder} is inside DATA_DIR (${dataDir}); a backup there is lost with the data. Give a folder elsewhere, preferably on another disk`);
  const entries = await entriesOf(target);
  if (entries !== null && entries.length > 0) {
    const earlier = entries.filter((name) => (SERVICE_DATABASES as readonly string[]).includes(name));
    throw new BackupRefusal(
      earlier.length > 0
        ? `folder: ${folder} already holds a backup (${earlier.join(', ')}); a backup never overwrites another. Give a new folder, such as one named after the date and time`
        : `folder: ${folder} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); give a new or empty folder`,
    );
  }
  if ((await entriesOf(`${target}${INCOMPLETE_SUFFIX}`)) !== null) {
    throw new BackupRefusal(
      `folder: an earlier backup to ${folder} did not finish and left ${folder}${INCOMPLETE_SUFFIX}; delete that folder, or give another one`,
    );
  }
}

/** Flushes a file or a folder's entries to the disk: the backup is on the disk before it is reported done. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, constants.O_RDONLY);
  try {
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot sync a folder; the file data itself was synced.
    if ((error as NodeJS.ErrnoException).code !== 'EISDIR' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  } finally {
    await handle.close();
  }
}

/** The uploads whose bytes the service had stored when the database copy was taken (server/db/files.ts). */
function uploadedFileNames(copy: Database.Database): string[] {
  const hasFiles = copy.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'files'").get();
  if (!hasFiles) return [];
  return copy
    .prepare<[], { id: number }>('SELECT id FROM files WHERE uploaded_at IS NOT NULL')
    .all()
    .map(({ id }) => String(id));
}

/**
 * One database through SQLite's online backup. The service (another process) writes all the
 * while, and SQLite restarts a backup whenever another connection writes between two of its
 * steps; copying every page in one step instead reads them all in one read transaction, which
 * in WAL mode never blocks the service's writers and sees exactly the writes committed before
 * it began. The copy is then made self-contained (rollback journal, no -wal beside it; the
 * service turns WAL back on when it opens it) and checked.
 */
async function copyDatabase(source: string, target: string): Promise<{ bytes: number; uploads: string[] }> {
  // Read-only: the backup can never change the service's data, whatever goes wrong.
  const live = new Database(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  let uploads: string[];
  try {
    copy.pragma('journal_mode = DELETE');
    const verdict = copy.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new Error(`${basename(target)}: the copy failed its integrity check: ${String(verdict)}`);
    uploads = uploadedFileNames(copy);
  } finally {
    copy.close();
  }
  await syncPath(target);
  return { bytes: (await stat(target)).size, uploads };
}

/**
 * The uploaded files, copied after the databases. A file's bytes are stored (written under a
 * temporary name, then renamed) before the database records the upload (routes/files.ts), and
 * a stored file is never changed in place, so every upload the database copy names is on the
 * disk by then and is copied whole. Copying the files first would miss the uploads that land
 * between the two steps while the database copy names them. Files that came after the copy
 * are copied too: nothing names them, and they do no harm.
 */
async function copyFiles(dataDir: string, staging: string): Promise<{ names: Set<string>; bytes: number }> {
  const from = join(dataDir, FILES_FOLDER);
  const to = join(staging, FILES_FOLDER);
  await mkdir(to);
  const names = new Set<string>();
  let bytes = 0;
  for (const name of (await entriesOf(from)) ?? []) {
    // An upload still being written: its database row does not say it is uploaded yet.
    if (name.endsWith('.partial')) continue;
    try {
      await copyFile(join(from, name), join(to, name), constants.COPYFILE_EXCL);
    } catch (error) {
      // Removed by the service since the folder was listed.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await syncPath(join(to, name));
    bytes += (await stat(join(to, name))).size;
    names.add(name);
  }
  await syncPath(to);
  return { names, bytes };
}

/**
 * Copies DATA_DIR's databases and files into `folder` (new or empty). The copy is built in
 * `<folder>.incomplete` beside it and renamed to `folder` only once every file is written,
 * checked and on the disk: a backup cut off at any point (killed, disk full, power cut) never
 * looks like a good one. `folder` either holds a whole backup or does not exist.
 */
export async function backUp(dataDir: string, folder: string, progress: BackupProgress = {}): Promise<BackupReport> {
  const began = performance.now();
  await checkTarget(dataDir, folder);
  const present: string[] = [];
  const absent: string[] = [];
  for (const name of SERVICE_DATABASES) {
    const found = await stat(join(dataDir, name)).then(
      (stats) => stats.isFile(),
      () => false,
    );
    (found ? present : absent).push(name);
  }
  // A wrong DATA_DIR must not give an empty backup that looks fine.
  if (present.length === 0) {
    throw new BackupRefusal(`DATA_DIR: ${dataDir} holds none of the service's databases (${SERVICE_DATABASES.join(', ')}); set DATA_DIR as for npm start`);
  }

  const target = resolve(folder);
  const staging = `${target}${INCOMPLETE_SUFFIX}`;
  await mkdir(dirname(target), { recursive: true });
  // Not recursive: if another backup made it meanwhile, this one stops instead of sharing it.
  // Its user's alone: the copy holds the members' password hashes and the activity record.
  await mkdir(staging, { mode: 0o700 });
  progress.started?.(staging);
  try {
    const databases: CopiedDatabase[] = [];
    const uploads: string[] = [];
    for (const name of present) {
      const start = performance.now();
      const copied = await copyDatabase(join(dataDir, name), join(staging, name));
      uploads.push(...copied.uploads);
      const entry = { name, bytes: copied.bytes, ms: performance.now() - start };
      databases.push(entry);
      progress.database?.(entry);
    }
    const filesStart = performance.now();
    const files = await copyFiles(dataDir, staging);
    const filesMs = performance.now() - filesStart;
    await syncPath(staging);
    await rename(staging, target);
    await syncPath(dirname(target));
    return {
      folder: target,
      databases,
      absent,
      files: { count: files.names.size, bytes: files.bytes, ms: filesMs },
      filesRemovedMeanwhile: uploads.filter((name) => !files.names.has(name)),
      ms: performance.now() - began,
    };
  } catch (error) {
    // A failed backup (disk full, unreadable file) leaves nothing that could be taken for one.
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

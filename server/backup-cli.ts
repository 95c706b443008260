import { backUp, BackupRefusal, INCOMPLETE_SUFFIX, type BackupReport } from './backup';
import { ConfigError, configFromEnv } from './config';

/**
 * `npm run backup -- <folder>`: a consistent copy of the service's data, taken while it runs
 * (server/backup.ts). It reads the same DATA_DIR as `npm start`. Refusals exit with 2, like
 * `npm run members`; a backup that failed part-way exits with 1 and leaves no folder behind.
 * It writes to stdout itself: the lint rule against console.log is for the service.
 */
const USAGE = `Usage:
  npm run backup -- <folder>

Copies the databases and uploaded files under DATA_DIR (as npm start reads it) into <folder>,
a new or empty folder, while the service runs. To restore, start the service on the copy:
  DATA_DIR=<folder> npm start`;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function refuse(message: string): never {
  process.stderr.write(`Cannot back up: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'KB'] : bytes < 1024 ** 3 ? [bytes / 1024 ** 2, 'MB'] : [bytes / 1024 ** 3, 'GB'];
  return `${value.toFixed(1)} ${unit}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summary(report: BackupReport, dataDir: string): string[] {
  const lines = [`Backup written to ${report.folder} in ${seconds(report.ms)}:`];
  for (const { name, bytes, ms } of report.databases) lines.push(`  ${name.padEnd(20)} ${sizeText(bytes).padStart(9)}  (${seconds(ms)})`);
  lines.push(`  ${'files/'.padEnd(20)} ${sizeText(report.files.bytes).padStart(9)}  (${report.files.count} uploaded file${report.files.count === 1 ? '' : 's'}, ${seconds(report.files.ms)})`);
  for (const name of report.absent) lines.push(`  (${name} is not in DATA_DIR: the service has not kept one there, as in proxy mode)`);
  if (report.filesRemovedMeanwhile.length > 0) {
    lines.push(
      `  Note: the service removed ${report.filesRemovedMeanwhile.length} uploaded files (${report.filesRemovedMeanwhile.join(', ')}) ` +
        'between the copy of its database and the copy of the files; the copy names them, without their bytes.',
    );
  }
  lines.push(`To restore: stop the service (it runs on ${dataDir}), then start it on the copy: DATA_DIR=${report.folder} npm start`);
  return lines;
}

async function main(args: string[]): Promise<void> {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
  const folders = args.filter((arg) => arg !== '--');
  if (folders.length === 0) refuse('folder: not given; name the folder to write the backup into');
  if (folders.length > 1) refuse(`folder: give one folder, got ${folders.length} (${folders.join(' ')})`);
  const folder = folders[0]!;
  try {
    const report = await backUp(config.dataDir, folder, {
      started: (staging) => say(`Backing up ${config.dataDir} into ${staging} (renamed to ${folder} when complete)…`),
      database: ({ name, bytes, ms }) => say(`  copied ${name} (${sizeText(bytes)}, ${seconds(ms)})`),
    });
    for (const line of summary(report, config.dataDir)) say(line);
  } catch (error) {
    if (error instanceof BackupRefusal) refuse(error.message);
    process.stderr.write(`Backup failed, nothing was kept (no ${folder}, no ${folder}${INCOMPLETE_SUFFIX}): ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

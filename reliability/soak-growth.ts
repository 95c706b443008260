/**
 * What "grows without bound" means for `npm run soak`: the samples of a long run are cut in
 * thirds, and the last third is compared with the first (the middle is where the service
 * settles in, and is not judged). A figure that stays level passes; one that keeps climbing
 * fails. Each figure has its own rule and tolerance, written here and in the README:
 *
 * - memory (RSS, and the heap after a full collection): the last third's mean may exceed the
 *   first third's by 20 %, plus a fixed slack (16 MB RSS, 8 MB heap) for the allocator's and
 *   V8's own step sizes, which a short run would otherwise read as growth;
 * - open file descriptors: the last third's highest may exceed the first third's by 8 (a few
 *   sockets more at one moment), never more;
 * - the write-ahead log: it is checkpointed as it goes, so its size stays within 1.5 times the
 *   first third's largest plus 8 MB;
 * - the database: it keeps every chat message and session, so it grows with them by design.
 *   What must not grow is its size per row kept: the bytes added for each row added in the
 *   last third may be at most 1.25 times those of the first third (plus 4 KB a row for pages
 *   SQLite allocates ahead), so space is not leaking beyond the data;
 * - visitor files on disk: held by the per-chatbot cap (by number and by bytes), so never above it.
 */

export interface SoakSample {
  /** Seconds since the load started. */
  at: number;
  rssBytes: number;
  /** The heap after a full garbage collection. */
  heapBytes: number;
  openFiles: number;
  /** The databases' main files, without their write-ahead logs. */
  databaseBytes: number;
  walBytes: number;
  /** Rows the service keeps that grow by design: messages, sessions, listings, files, activity. */
  keptRows: number;
  visitorFiles: number;
  visitorFileBytes: number;
}

/** The per-chatbot cap on visitor files (WIDGET_FILES_PER_CHATBOT, WIDGET_FILE_MB_PER_CHATBOT). */
export interface VisitorFileCap {
  files: number;
  bytes: number;
}

export interface GrowthVerdict {
  figure: string;
  first: string;
  last: string;
  rule: string;
  ok: boolean;
}

const MB = 1024 * 1024;
export const MEMORY_TOLERANCE = 0.2;
export const RSS_SLACK_BYTES = 16 * MB;
export const HEAP_SLACK_BYTES = 8 * MB;
export const EXTRA_OPEN_FILES = 8;
export const WAL_FACTOR = 1.5;
export const WAL_SLACK_BYTES = 8 * MB;
export const BYTES_PER_ROW_FACTOR = 1.25;
export const BYTES_PER_ROW_SLACK = 4096;
/** Two samples in each third at least, so a third is never one reading. */
export const MIN_SAMPLES = 6;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const max = (values: readonly number[]) => Math.max(...values);
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** The first and last thirds of the samples, in time order. */
export function thirds(samples: readonly SoakSample[]): { first: SoakSample[]; last: SoakSample[] } {
  const size = Math.floor(samples.length / 3);
  return { first: samples.slice(0, size), last: samples.slice(samples.length - size) };
}

/** Bytes the database gained per row it gained over a stretch of samples; 0 when no row came. */
function bytesPerRowAdded(stretch: readonly SoakSample[]): number {
  const start = stretch[0]!;
  const end = stretch.at(-1)!;
  const rows = end.keptRows - start.keptRows;
  return rows > 0 ? Math.max(0, end.databaseBytes - start.databaseBytes) / rows : 0;
}

export function judgeGrowth(samples: readonly SoakSample[], cap: VisitorFileCap): GrowthVerdict[] {
  if (samples.length < MIN_SAMPLES) throw new Error(`A soak needs at least ${MIN_SAMPLES} samples to compare its thirds; it took ${samples.length}.`);
  const { first, last } = thirds(samples);
  const pick = (stretch: readonly SoakSample[], figure: keyof SoakSample) => stretch.map((sample) => sample[figure]);

  const memory = (figure: 'rssBytes' | 'heapBytes', label: string, slack: number): GrowthVerdict => {
    const before = mean(pick(first, figure));
    const after = mean(pick(last, figure));
    const limit = before * (1 + MEMORY_TOLERANCE) + slack;
    return { figure: label, first: mb(before), last: mb(after), rule: `mean ≤ ${mb(limit)} (first × ${1 + MEMORY_TOLERANCE} + ${mb(slack)})`, ok: after <= limit };
  };
  const filesBefore = max(pick(first, 'openFiles'));
  const filesAfter = max(pick(last, 'openFiles'));
  const walBefore = max(pick(first, 'walBytes'));
  const walAfter = max(pick(last, 'walBytes'));
  const walLimit = walBefore * WAL_FACTOR + WAL_SLACK_BYTES;
  // The whole first and last thirds, each with the sample before it, so each stretch spans its full third.
  const firstStretch = samples.slice(0, first.length + 1);
  const lastStretch = samples.slice(samples.length - last.length - 1);
  const perRowBefore = bytesPerRowAdded(firstStretch);
  const perRowAfter = bytesPerRowAdded(lastStretch);
  const perRowLimit = perRowBefore * BYTES_PER_ROW_FACTOR + BYTES_PER_ROW_SLACK;
  const filesOnDisk = max(pick(last, 'visitorFiles'));
  const bytesOnDisk = max(pick(last, 'visitorFileBytes'));

  return [
    memory('rssBytes', 'resident memory (RSS)', RSS_SLACK_BYTES),
    memory('heapBytes', 'heap after a full collection', HEAP_SLACK_BYTES),
    {
      figure: 'open file descriptors',
      first: `${filesBefore}`,
      last: `${filesAfter}`,
      rule: `highest ≤ ${filesBefore + EXTRA_OPEN_FILES} (first + ${EXTRA_OPEN_FILES})`,
      ok: filesAfter <= filesBefore + EXTRA_OPEN_FILES,
    },
    { figure: 'write-ahead log', first: mb(walBefore), last: mb(walAfter), rule: `largest ≤ ${mb(walLimit)}`, ok: walAfter <= walLimit },
    {
      figure: 'database bytes per row added',
      first: `${Math.round(perRowBefore)} B`,
      last: `${Math.round(perRowAfter)} B`,
      rule: `≤ ${Math.round(perRowLimit)} B (first × ${BYTES_PER_ROW_FACTOR} + ${BYTES_PER_ROW_SLACK} B)`,
      ok: perRowAfter <= perRowLimit,
    },
    {
      figure: 'visitor files on disk',
      first: `${max(pick(first, 'visitorFiles'))} (${mb(max(pick(first, 'visitorFileBytes')))})`,
      last: `${filesOnDisk} (${mb(bytesOnDisk)})`,
      rule: `≤ ${cap.files} files and ${mb(cap.bytes)} (the per-chatbot cap)`,
      ok: filesOnDisk <= cap.files && bytesOnDisk <= cap.bytes,
    },
  ];
}

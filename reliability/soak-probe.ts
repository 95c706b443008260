/**
 * Loaded into the local service by `npm run soak` only (node --expose-gc --import), never by
 * `npm start`: on SIGUSR2 it collects garbage and writes the process's memory figures to
 * SOAK_PROBE_FILE, so the soak reads the heap that is really kept, not what the next
 * collection would free. Written to a temporary name and renamed, so a reader never sees half.
 */
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers }));
    renameSync(`${file}.tmp`, file);
  });
}

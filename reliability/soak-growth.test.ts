// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { judgeGrowth, MIN_SAMPLES, type SoakSample } from './soak-growth';

const MB = 1024 * 1024;
const CAP = { files: 100, bytes: 50 * MB };

/** A level run: memory and descriptors flat, the database growing 2 KB for each of 100 rows a minute. */
function levelRun(count = 12, change: (sample: SoakSample, index: number) => Partial<SoakSample> = () => ({})): SoakSample[] {
  return Array.from({ length: count }, (_, index) => {
    const sample: SoakSample = {
      at: index * 60,
      rssBytes: 180 * MB + (index % 2) * 3 * MB,
      heapBytes: 40 * MB + (index % 3) * MB,
      openFiles: 30 + (index % 2),
      databaseBytes: 20 * MB + index * 100 * 2048,
      walBytes: 4 * MB,
      keptRows: 5_000 + index * 100,
      visitorFiles: Math.min(CAP.files, index * 20),
      visitorFileBytes: Math.min(CAP.bytes, index * 8 * MB),
    };
    return { ...sample, ...change(sample, index) };
  });
}

const failing = (samples: SoakSample[]) => judgeGrowth(samples, CAP).filter((verdict) => !verdict.ok).map((verdict) => verdict.figure);

describe('judging a soak run by its thirds', () => {
  it('passes a run whose figures stay level, the database growing only with its rows', () => {
    expect(failing(levelRun())).toEqual([]);
  });

  it('fails memory that keeps climbing, and names it', () => {
    expect(failing(levelRun(12, (sample, index) => ({ rssBytes: sample.rssBytes + index * 12 * MB })))).toEqual(['resident memory (RSS)']);
    expect(failing(levelRun(12, (sample, index) => ({ heapBytes: sample.heapBytes + index * 4 * MB })))).toEqual(['heap after a full collection']);
  });

  it('fails descriptors that are never closed, a log never checkpointed, and space that grows faster than the data', () => {
    expect(failing(levelRun(12, (sample, index) => ({ openFiles: sample.openFiles + index * 3 })))).toEqual(['open file descriptors']);
    expect(failing(levelRun(12, (_sample, index) => ({ walBytes: (4 + index * 10) * MB })))).toEqual(['write-ahead log']);
    // The same rows, but each minute's pages cost more than the last: bloat, not data.
    expect(failing(levelRun(12, (_sample, index) => ({ databaseBytes: 20 * MB + index * index * 100 * 2048 })))).toEqual(['database bytes per row added']);
  });

  it('fails visitor files above the cap, by number or by bytes', () => {
    expect(failing(levelRun(12, (_sample, index) => ({ visitorFileBytes: index * 8 * MB })))).toEqual(['visitor files on disk']);
    expect(failing(levelRun(12, (_sample, index) => ({ visitorFiles: index * 20 })))).toEqual(['visitor files on disk']);
  });

  it('needs two samples in each third', () => {
    expect(() => judgeGrowth(levelRun(MIN_SAMPLES - 1), CAP)).toThrow(/at least 6 samples/);
  });
});

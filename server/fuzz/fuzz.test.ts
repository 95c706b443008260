// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runFuzz, summaryOf } from './run';

describe('every operation under generated bodies, valid and broken', () => {
  it('never answers 5xx or outside the envelope, and a refused body changes nothing', async () => {
    const figures = await runFuzz({ runs: 1000 });
    // The one figure this test reports; `npm run fuzz` prints the same with more runs.
    console.warn(summaryOf(figures));
    expect(figures.failures.slice(0, 5)).toEqual([]);
    expect(figures.bodies).toBe(1000);
    // Both sides were exercised: some bodies were accepted, most refused, every operation tried.
    expect(figures.accepted).toBeGreaterThan(0);
    expect(figures.rejected).toBeGreaterThan(figures.accepted);
    expect(Object.values(figures.byOperation).every((count) => count > 0)).toBe(true);
  }, 120_000);
});

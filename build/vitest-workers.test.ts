import { availableParallelism } from 'node:os';
import { expect, it } from 'vitest';
import config from '../vitest.config';

// vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine,
// where the unit tests then took 193 s instead of 119 s (vitest.config.ts says more).
it('runs the unit tests on every core', () => {
  const maxWorkers = config.test?.maxWorkers;
  const workers = typeof maxWorkers === 'string' ? Math.round((availableParallelism() * Number.parseFloat(maxWorkers)) / 100) : maxWorkers;
  expect(workers).toBe(availableParallelism());
});

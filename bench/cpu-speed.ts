import type { Browser } from '@playwright/test';

/*
 * How fast the page's CPU is under the bench's slowdown, as Lighthouse's BenchmarkIndex: the
 * score DevTools' calibrated CPU throttling aims at (1,000 for a mid-tier phone such as a
 * Pixel 5, 264 for a low-tier one). The dashboard and widget budgets are times at 4x, and 4x
 * of a slower machine is a slower phone: printed beside them, the score tells whether the code
 * or the machine moved (docs/performance.md).
 */

/**
 * The index as Lighthouse defines it (core/lib/page-functions.js, computeBenchmarkIndex): the
 * mean of two half-second loops, string building (which makes garbage) and copying an array of
 * 100,000 numbers, each counted in iterations per second divided by 10. Runs in the page, so
 * it is one function without inner named ones (the bench's loader would wrap those in a helper
 * the page does not have).
 */
function benchmarkIndexInPage(): number {
  let start = Date.now();
  let iterations = 0;
  while (Date.now() - start < 500) {
    let text = '';
    for (let index = 0; index < 10_000; index += 1) text += 'a';
    // Keeps the loop from being optimised away.
    if (text.length === 1) throw new Error('unreachable');
    iterations += 1;
  }
  const strings = Math.round(iterations / 10 / ((Date.now() - start) / 1000));

  const first: number[] = [];
  const second: number[] = [];
  for (let index = 0; index < 100_000; index += 1) first[index] = second[index] = index;
  start = Date.now();
  iterations = 0;
  // The clock is read every tenth copy, as Lighthouse does (some CPUs slow down otherwise).
  while (iterations % 10 !== 0 || Date.now() - start < 500) {
    const from = iterations % 2 === 0 ? first : second;
    const to = iterations % 2 === 0 ? second : first;
    for (let index = 0; index < from.length; index += 1) to[index] = from[index]!;
    iterations += 1;
  }
  const arrays = Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  return (strings + arrays) / 2;
}

/** The index of each of `runs` runs in a blank page slowed `cpuSlowdown` times, after one at full speed to warm V8 up. */
export async function cpuBenchmarkIndex(browser: Browser, cpuSlowdown: number, runs = 3): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await page.evaluate(benchmarkIndexInPage);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const scores: number[] = [];
    for (let run = 0; run < runs; run += 1) scores.push(await page.evaluate(benchmarkIndexInPage));
    return scores;
  } finally {
    await context.close();
  }
}

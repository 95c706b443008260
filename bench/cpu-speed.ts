import type { Browser } from '@playwright/test';
import { median } from './stats';

/*
 * How fast the page's CPU is, as Lighthouse's BenchmarkIndex: the score Chrome DevTools'
 * calibrated CPU throttling aims at (264 for a low-tier phone, 1,000 for a mid-tier one). The
 * bench reads it at full speed, then at the rate it derives from that reading
 * (bench/cpu-calibration.ts), before the figures timed at that rate.
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

/** Measuring the index in a blank page of its own, at the CPU slowdowns asked for. */
export interface IndexPage {
  /** The median of `runs` readings with the CPU slowed `rate` times, and the readings. */
  indexAt(rate: number, runs?: number): Promise<{ index: number; runs: number[] }>;
  close(): Promise<void>;
}

/** A blank page that has run the benchmark once at full speed, so that V8 has optimised it before the first reading. */
export async function openIndexPage(browser: Browser): Promise<IndexPage> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await page.evaluate(benchmarkIndexInPage);
    return {
      async indexAt(rate, runs = 3) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        const readings: number[] = [];
        for (let run = 0; run < runs; run += 1) readings.push(await page.evaluate(benchmarkIndexInPage));
        // The median: one reading on a shared machine can land on a busy moment.
        return { index: median(readings), runs: readings };
      },
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}

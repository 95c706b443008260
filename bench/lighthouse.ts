import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/find-browser';

/*
 * Lighthouse (the npm package, pinned: its scores move between releases) on a first visit to a
 * page of the built app, as the local service serves it on the loopback. Mobile defaults with
 * simulated throttling: Lighthouse loads the page at full speed and computes what a Moto G Power
 * class phone on slow 4G would have seen (its "Lantern" model), so its figures do not depend on
 * the bench's calibrated CPU rate, and little on this machine's.
 */

/**
 * Lighthouse's simulated 4x CPU slowdown assumes a host at least this fast (its BenchmarkIndex);
 * on a slower one its times and score are a slower phone's than it says. Lighthouse's CLI warns
 * about it; its Node API does not (core/gather/driver/environment.js, getSlowHostCpuWarning,
 * warns only on the 'cli' channel), so the bench says it itself.
 */
export const LIGHTHOUSE_HOST_INDEX = 1000;

export interface LighthouseRun {
  /** 0-100, as the report shows them. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The two other metrics of the performance score, for the score's note: what its figures do not show. */
  speedIndexMs: number;
  cls: number;
  /** Every response of the visit, compressed as sent (Lighthouse's total-byte-weight: transfer sizes). */
  transferBytes: number;
  /** Lighthouse's own BenchmarkIndex of this machine, unthrottled. */
  benchmarkIndex: number;
  /** What Lighthouse warns about the run (for example a CPU too slow or too busy for its model). */
  warnings: string[];
  /** Accessibility audits that failed, by id: what keeps the score under 100. */
  failedAccessibility: string[];
}

const numericValue = (audits: Record<string, { numericValue?: number }>, id: string): number => {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
};

/**
 * Runs Lighthouse once on `url` in a Chromium of its own, started by chrome-launcher (the
 * bench's Chromium and flags, headless), so that nothing of the bench's Playwright browser
 * (profile, cache, throttling) reaches it. Lighthouse resets the origin's storage and cache
 * before loading, which makes the load a first visit.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chromePath = findBrowser();
  if (!chromePath) throw new Error('No Chromium found: install Debian\'s "chromium" package, or set CHROMIUM_PATH');
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's defaults, written out because the figures' meaning depends on them.
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (category: string) => {
      const value = lhr.categories[category]?.score;
      if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${category} score`);
      return Math.round(value * 100);
    };
    const accessibilityAudits = lhr.categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numericValue(lhr.audits, 'first-contentful-paint'),
      lcpMs: numericValue(lhr.audits, 'largest-contentful-paint'),
      tbtMs: numericValue(lhr.audits, 'total-blocking-time'),
      speedIndexMs: numericValue(lhr.audits, 'speed-index'),
      cls: numericValue(lhr.audits, 'cumulative-layout-shift'),
      transferBytes: numericValue(lhr.audits, 'total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings.map(String),
      failedAccessibility: accessibilityAudits.filter((id) => {
        const audit = lhr.audits[id];
        return audit?.score !== null && audit?.score !== undefined && audit.score < 1;
      }),
    };
  } finally {
    chrome.kill();
  }
}

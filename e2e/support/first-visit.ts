import { readFileSync } from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import { gzippedSizes } from '../../bench/bundle-size';
import { CHUNK_REPORT, type ReportedChunk } from '../../build/chunk-report';

export interface FirstVisit {
  /** The chunks of this build the visit fetched, from the build's own report of their modules. */
  chunks: ReportedChunk[];
  /** Their gzipped size, in KB: what the first-visit budgets count. */
  kilobytes: number;
  /** How each script and stylesheet under /assets travelled (its Content-Encoding, or "none"). */
  encodings: Map<string, string>;
}

/**
 * A first visit to `path` in a fresh context (empty cache and storage), up to the moment
 * `ready` resolves: the scripts it fetched. What loads once a page has settled (dialogs,
 * notifications, the settings' live preview) waits for an idle moment by design; holding idle
 * callbacks back leaves exactly what the page needs, however busy the machine. The checks in
 * `npm test` and the bench's first-visit figures both measure through this one function.
 */
export async function firstVisit(browser: Browser, baseURL: string, path: string, ready: (page: Page) => Promise<void>): Promise<FirstVisit> {
  const context = await browser.newContext({ baseURL });
  try {
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await context.newPage();
    const scripts = new Set<string>();
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const served = new URL(response.url()).pathname.slice(1);
      if (type === 'script') scripts.add(served);
      if ((type === 'script' || type === 'stylesheet') && served.startsWith('assets/')) encodings.set(served, response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto(path);
    await ready(page);

    const report: ReportedChunk[] = JSON.parse(readFileSync(CHUNK_REPORT, 'utf8'));
    const chunks = report.filter((chunk) => scripts.has(chunk.fileName));
    // Every script fetched is a chunk of this very build: the report is not stale.
    expect(chunks.map((chunk) => chunk.fileName).sort()).toEqual([...scripts].filter((served) => served.startsWith('assets/')).sort());
    const kilobytes = gzippedSizes(chunks.map((chunk) => `/${chunk.fileName}`)).gzipBytes / 1024;
    return { chunks, kilobytes, encodings };
  } finally {
    await context.close();
  }
}

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET_KB, gzippedSizes } from '../bench/bundle-size';
import { CHUNK_REPORT, type ReportedChunk } from '../build/chunk-report';

/**
 * What the first page (`/`, the listings) must not download before it has settled: the rules
 * the first-load budget rests on (docs/performance.md). Read from the build's own report of
 * which modules went into which chunk, for the scripts a cold visit really fetched.
 */
const KEPT_OFF_THE_LANDING_PAGE: Record<string, RegExp> = {
  'Modal (loads with the first dialog)': /@mantine\/core\/esm\/components\/Modal\//,
  'Popover (loads with the column chooser)': /@mantine\/core\/esm\/components\/Popover\//,
  'floating-ui (popover positioning)': /@floating-ui\//,
  // Classic zod's methods reach every schema type and the JSON Schema converter; the contract
  // and what the first page checks are written with zod/mini, which tree-shakes.
  'classic zod (forms load it)': /node_modules\/zod\/v4\/classic\//,
  "zod's JSON Schema converter": /node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)/,
  'marked (the chat renders answers with it)': /node_modules\/marked\//,
  // The settings' Live preview mounts the widget; it comes with the settings page, not before.
  'the chat widget (the settings preview)': /^src\/widget\//,
};

test('the landing page downloads none of what must stay off it, and stays within the first-load budget', async ({ browser }) => {
  const context = await browser.newContext();
  // What loads once the first page has settled (dialogs, notifications, warm-ups) waits for an
  // idle moment by design: holding idle callbacks back leaves exactly what the first page needs.
  await context.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  /** How each script and stylesheet travelled: the budget counts compressed bytes, so compressed is what must be sent. */
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname.slice(1);
    if (type === 'script') scripts.add(path);
    if ((type === 'script' || type === 'stylesheet') && path.startsWith('assets/')) encodings.set(path, response.headers()['content-encoding'] ?? 'none');
  });
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

  const chunks: ReportedChunk[] = JSON.parse(readFileSync(CHUNK_REPORT, 'utf8'));
  const loaded = chunks.filter((chunk) => scripts.has(chunk.fileName));
  // Every script fetched is a chunk of this very build: the report is not stale.
  expect(loaded.map((chunk) => chunk.fileName).sort()).toEqual([...scripts].filter((path) => path.startsWith('assets/')).sort());
  const modules = loaded.flatMap((chunk) => Object.keys(chunk.modules));
  for (const [what, pattern] of Object.entries(KEPT_OFF_THE_LANDING_PAGE)) {
    expect(modules.filter((module) => pattern.test(module)), `${what} is on the landing page`).toEqual([]);
  }
  // The budget the bench reports (npm run bench), checked here so a change cannot cross it unseen.
  const kilobytes = gzippedSizes(loaded.map((chunk) => `/${chunk.fileName}`)).gzipBytes / 1024;
  test.info().annotations.push({ type: 'first-load', description: `${kilobytes.toFixed(1)} KB of ${FIRST_LOAD_BUDGET_KB} KB` });
  expect(kilobytes, `first-load JS of the landing page, gzipped, in KB (budget ${FIRST_LOAD_BUDGET_KB})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  // Pre-compressed at build time (build/precompress.ts) and sent as Brotli (server/static.ts).
  expect(encodings.size).toBeGreaterThan(0);
  expect([...encodings].filter(([, encoding]) => encoding !== 'br'), 'scripts and stylesheets sent without Brotli').toEqual([]);
  await context.close();
});

test('the page starts loading route code only after its own stylesheet, so the page styles come last', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const lastStylesheet = tags.findLastIndex((tag) => /rel="?stylesheet/.test(tag));
  // Every async module script (the early entry, which imports the open page and its styles).
  const asyncScripts = tags.flatMap((tag, index) => (/<script\b[^>]*\basync\b/.test(tag) ? [index] : []));
  expect(lastStylesheet).toBeGreaterThanOrEqual(0);
  expect(asyncScripts.length).toBeGreaterThan(0);
  for (const index of asyncScripts) expect(index, tags[index]).toBeGreaterThan(lastStylesheet);
});

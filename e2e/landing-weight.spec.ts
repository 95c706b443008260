import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET_KB } from '../bench/bundle-size';
import { firstVisit } from './support/first-visit';

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
  // The settings' Live preview mounts the widget once the settings page has settled.
  'the chat widget (the settings preview)': /^src\/widget\//,
};

test('the landing page downloads none of what must stay off it, and stays within the first-load budget', async ({ browser, baseURL }) => {
  const { chunks, kilobytes, encodings } = await firstVisit(browser, baseURL!, '/', (page) =>
    expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 }),
  );
  const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules));
  for (const [what, pattern] of Object.entries(KEPT_OFF_THE_LANDING_PAGE)) {
    expect(modules.filter((module) => pattern.test(module)), `${what} is on the landing page`).toEqual([]);
  }
  // The budget the bench reports (npm run bench), checked here so a change cannot cross it unseen.
  test.info().annotations.push({ type: 'first-load', description: `${kilobytes.toFixed(1)} KB of ${FIRST_LOAD_BUDGET_KB} KB` });
  expect(kilobytes, `first-load JS of the landing page, gzipped, in KB (budget ${FIRST_LOAD_BUDGET_KB})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  // Pre-compressed at build time (build/precompress.ts) and sent as Brotli (server/static.ts).
  expect(encodings.size).toBeGreaterThan(0);
  expect([...encodings].filter(([, encoding]) => encoding !== 'br'), 'scripts and stylesheets sent without Brotli').toEqual([]);
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

import { expect, test } from '@playwright/test';
import { FIRST_VISIT_BUDGET_KB, type FirstVisitArea } from '../bench/bundle-size';
import { firstVisitRoutes } from '../bench/first-visit-areas';
import { firstVisit } from './support/first-visit';
import { startOwnService, type OwnService } from './support/own-service';

/**
 * A staff member opens a link straight to an area: a first visit with an empty cache, whose
 * JavaScript must stay within the area's budget (bench/bundle-size.ts; the landing page has
 * its own, stricter check in landing-weight.spec.ts). Each is read from the build's report of
 * its chunks, gzipped, up to the moment the area shows what a user came for.
 */
const BOT = 'demo-bot';

/**
 * What an area's first visit must not download, each a rule its weight rests on
 * (docs/performance.md, "Tricks still in the code"); the landing page's are in landing-weight.spec.ts.
 */
const KEPT_OFF_EVERY_FIRST_VISIT: Record<string, RegExp> = {
  'the operations registry with every request schema (the client checks answers by group, src/api/answer-checks.ts)': /src\/api\/contract\/operations\.ts/,
};
const KEPT_OFF_THE_FIRST_VISIT: Partial<Record<FirstVisitArea, Record<string, RegExp>>> = {
  chat: {
    'the listing and upload schemas (answer schemas by group; the contract modules are side-effect free)': /src\/api\/contract\/(listings|listings-batch|files)\.ts/,
    'the Compare view and its Selects (fetched at an idle moment)': /src\/features\/chat\/compare-view\.tsx|@mantine\/core\/esm\/components\/Select\//,
    'the answer stream reader and eventsource-parser (fetched at an idle moment, or by the first question)': /src\/api\/stream\.ts|node_modules\/eventsource-parser\//,
    'Popover, Menu, Tooltip and Drawer (each loads with what opens it)': /@mantine\/core\/esm\/components\/(Popover|Menu|Tooltip|Drawer)\/|@floating-ui\//,
    "an answer's details (Collapse, and Table with its ScrollArea)": /src\/features\/chat\/answer-details\.tsx|@mantine\/core\/esm\/components\/(Collapse|Table|ScrollArea)\//,
  },
  listings: {
    "the chatbot's settings schemas (the client loads the answer schemas of each area's own operations)": /src\/api\/contract\/(chatbot|versions)\.ts/,
  },
  settings: {
    'the listing, chat and upload schemas (answer schemas by group; the contract modules are side-effect free)': /src\/api\/contract\/(listings|listings-batch|chat|files)\.ts/,
    'the zod resolver (fetched at an idle moment, or by the first check)': /node_modules\/@hookform\/resolvers\//,
    'Switch (the later sections\' switches come with the rich controls)': /@mantine\/core\/esm\/components\/Switch\//,
    'the image upload (with the rich controls)': /src\/features\/settings\/image-upload-input\.tsx|@mantine\/core\/esm\/components\/(Avatar|FileButton|Progress)\//,
    "NavLink and its Collapse (the section list is plain links)": /@mantine\/core\/esm\/components\/(NavLink|Collapse)\//,
    "Grid (the page's columns are a CSS module)": /@mantine\/core\/esm\/components\/Grid\//,
    "the Activity page's schemas (the API client's name is a module of its own)": /src\/api\/contract\/activity\.ts/,
    'the embed section (drawn with its section, at an idle moment)': /src\/features\/settings\/embed-section\.tsx|@mantine\/core\/esm\/components\/CopyButton\//,
  },
};

function expectWithinBudget(area: FirstVisitArea, kilobytes: number): void {
  const budget = FIRST_VISIT_BUDGET_KB[area];
  test.info().annotations.push({ type: 'first-visit', description: `${area}: ${kilobytes.toFixed(1)} KB (budget ${budget} KB)` });
  expect(kilobytes, `a first visit to ${area}: gzipped JS in KB`).toBeLessThanOrEqual(budget);
}

for (const { area, path, ready } of firstVisitRoutes(BOT)) {
  test(`a first visit to ${area} stays within its budget`, async ({ browser, baseURL }) => {
    const { kilobytes, chunks } = await firstVisit(browser, baseURL!, path, (page) => expect(ready(page)).toBeVisible());
    const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    for (const [what, pattern] of Object.entries({ ...KEPT_OFF_EVERY_FIRST_VISIT, ...KEPT_OFF_THE_FIRST_VISIT[area] })) {
      expect(modules.filter((module) => pattern.test(module)), `${what}: on the first visit to ${area}`).toEqual([]);
    }
    expectWithinBudget(area, kilobytes);
  });
}

test.describe('the sign-in page', () => {
  // A console of its own: the shared one must stay a demo start, which has no sign-in page.
  let service: OwnService;
  test.beforeAll(async () => {
    service = await startOwnService([]);
  });
  test.afterAll(async () => {
    await service?.dispose();
  });

  test('a first visit to sign-in stays within its budget', async ({ browser }) => {
    // The Demo owner protects the console, as "Protect this console" does.
    const owner = await browser.newContext({ baseURL: service.url });
    const page = await owner.newPage();
    await page.goto('/connection');
    // The console signs the Demo owner in by itself; a sign-in of the test's own beside it
    // raced it, and the one that lost had its session replaced (protect then answered 401).
    await expect(page.getByRole('region', { name: 'Demo owner' })).toBeVisible();
    const answer = await page.evaluate(() =>
      fetch('/console/protect', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'olive@example.com', name: 'Olive Owner', password: 'a long owner passphrase' }),
      }).then((response) => response.status),
    );
    expect(answer).toBe(200);
    await owner.close();

    const { kilobytes } = await firstVisit(browser, service.url, '/sign-in', (visitor) =>
      expect(visitor.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible(),
    );
    expectWithinBudget('sign-in', kilobytes);
  });
});

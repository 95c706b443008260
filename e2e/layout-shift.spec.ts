import { expect, test, type Locator, type Page } from '@playwright/test';
import { firstVisitRoutes } from '../bench/first-visit-areas';
import { expectAccessible } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';

/**
 * A first visit does not move what it has drawn: the cumulative layout shift of each area, at a
 * phone's width, from navigation until the page has settled (the member's menu, which loads
 * after the page, is in the header). Web Vitals call up to 0.1 good; Lighthouse weighs it in
 * the performance score. The Demo owner's banner, drawn after the page, once cost 0.14 here.
 */
const GOOD_LAYOUT_SHIFT = 0.1;
const BOT = 'e2e-layout';

test.use({ viewport: { width: 412, height: 823 } });

for (const { area, path, ready } of firstVisitRoutes(BOT).filter(({ area }) => ['listings', 'settings', 'chat', 'members'].includes(area))) {
  test(`a first visit to ${area} moves nothing it has drawn`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.className.toString().slice(0, 80) : String(source.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(ready(page)).toBeVisible({ timeout: 30_000 });
    // Settled: the member's menu loads once the first page has (src/app/deferred-access.tsx).
    await expect(page.getByRole('button', { name: 'Demo owner' })).toBeVisible({ timeout: 30_000 });
    // A shift is reported once the frame that moved things has been drawn: two frames later it is in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, `layout shift on a first visit to ${area}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(GOOD_LAYOUT_SHIFT);
  });
}

/**
 * A member row's Role and Chatbots selects arrive after the table (lazy-member-controls.tsx),
 * in the place of placeholders of their size. The shared console is a demo start, whose only
 * member is the one looking, with no select in their own row: this console of its own has a
 * second member, an Editor, whose row has both.
 */
test.describe('the members table when its selects arrive', () => {
  let service: OwnService;
  /** The Owner's signed-in browser state, for each width's fresh context. */
  let ownerState = '';
  const OWNER = { email: 'olive@example.com', name: 'Olive Owner', password: 'a long owner passphrase' };

  test.beforeAll(async ({ browser }) => {
    service = await startOwnService([]);
    const owner = await browser.newContext({ baseURL: service.url });
    const page = await owner.newPage();
    await page.goto('/connection');
    await expect(page.getByRole('region', { name: 'Demo owner' })).toBeVisible();
    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ([path, body]) => {
          const response = await fetch(path as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return { status: response.status, data: ((await response.json()) as { Data: unknown }).Data };
        },
        [path, body] as const,
      );
    expect((await post('/console/protect', OWNER)).status).toBe(200);
    const invitation = await post('/console/invitations', { email: 'eddie@example.com', role: 'Editor', chatbots: ['demo-bot'] });
    expect(invitation.status).toBe(200);
    const token = new URLSearchParams(new URL((invitation.data as { link: string }).link).hash.slice(1)).get('token');
    // Accepted from a browser of its own, which it signs in.
    const editor = await browser.newContext({ baseURL: service.url });
    const editorPage = await editor.newPage();
    await editorPage.goto('/sign-in');
    const accepted = await editorPage.evaluate(
      (token) =>
        fetch('/console/invitations/accept', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, name: 'Eddie Editor', password: 'a long editor passphrase' }),
        }).then((response) => response.status),
      token,
    );
    expect(accepted).toBe(200);
    await editor.close();
    await owner.storageState({ path: test.info().outputPath('owner.json') });
    ownerState = test.info().outputPath('owner.json');
    await owner.close();
  });
  test.afterAll(async () => {
    await service?.dispose();
  });

  /** Each cell of the Editor's row and the table itself, relative to the table's corner. */
  async function boxes(page: Page, row: Locator) {
    const table = page.getByRole('table', { name: 'Members' });
    return table.evaluate((element, rowElement) => {
      const origin = element.getBoundingClientRect();
      const of = (rect: DOMRect) => ({ x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height });
      return { table: of(origin), cells: [...(rowElement as HTMLTableRowElement).cells].map((cell) => of(cell.getBoundingClientRect())) };
    }, await row.elementHandle());
  }

  for (const width of [390, 1920]) {
    test(`at ${width} px, nothing in the table moves`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: service.url, storageState: ownerState, viewport: { width, height: 900 } });
      // Idle callbacks wait until the test lets them run: the placeholders stay until measured.
      await context.addInitScript(() => {
        const held: (() => void)[] = [];
        Object.assign(window, { runIdleCallbacks: () => held.splice(0).forEach((run) => run()) });
        window.requestIdleCallback = (callback) => held.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
      });
      const page = await context.newPage();
      await page.goto('/members');
      const row = page.getByRole('row').filter({ hasText: 'eddie@example.com' });
      await expect(row.getByTestId('role-placeholder')).toBeVisible();
      await expect(row.getByTestId('chatbots-placeholder')).toContainText('demo-bot');
      const before = await boxes(page, row);
      // The placeholders are part of the page a user meets: axe scans them as it scans the rest.
      await expectAccessible(page, `the members page at ${width} px, its selects still coming`);

      await page.evaluate(() => (window as unknown as { runIdleCallbacks: () => void }).runIdleCallbacks());
      await expect(row.getByRole('combobox', { name: 'Role' })).toHaveValue('Editor');
      await expect(row.getByRole('combobox', { name: 'Chatbots' })).toBeVisible();
      await expect(row.getByTestId('role-placeholder')).toHaveCount(0);
      const after = await boxes(page, row);
      const pairs = [['the table', before.table, after.table], ...before.cells.map((cell, index) => [`cell ${index}`, cell, after.cells[index]!] as const)] as const;
      for (const [what, was, is] of pairs) {
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(is[side] - was[side]), `${what} ${side}: ${JSON.stringify(was)} then ${JSON.stringify(is)}`).toBeLessThanOrEqual(0.5);
        }
      }
      await context.close();
    });
  }
});

/**
 * The settings' later controls (rich-setting-controls.tsx: selects, number and colour inputs,
 * the bubble position, the switches and the image uploads) come in a chunk fetched after the
 * first paint; until it arrives each stands as a skeleton of its size. Held back here until every
 * section has drawn its skeletons, the chunk then arrives: no field of any section may move.
 */
test.describe('the settings when their later controls arrive', () => {
  /** Every field's place, relative to the form's first section, in the order the form lists them. */
  async function fieldBoxes(page: Page) {
    return page.getByRole('form', { name: 'Chatbot settings' }).evaluate((form) => {
      const origin = form.querySelector('fieldset')!.getBoundingClientRect();
      return [...form.querySelectorAll('fieldset > div > div')].map((field) => {
        const rect = field.getBoundingClientRect();
        return { field: field.textContent?.slice(0, 40) ?? '', x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height };
      });
    });
  }

  for (const width of [390, 1920]) {
    test(`at ${width} px, no field moves`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/rich-setting-controls-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/bots/${BOT}/settings`);
      // Every section drawn, with a skeleton in the place of each later control.
      await expect(page.getByTestId('section-pending')).toHaveCount(0, { timeout: 30_000 });
      for (const name of ['Model', 'ChatProfilePicture', 'ChatBubbleAlign', 'ChatBubbleColor', 'EnablePushToTalk', 'VerifyDomain', 'MessageLimit']) {
        await expect(page.getByTestId(`control-skeleton-${name}`)).toBeVisible();
      }
      const before = await fieldBoxes(page);
      release();
      await expect(page.getByRole('switch', { name: 'Verify domain' })).toBeAttached();
      await expect(page.locator('[data-testid^="control-skeleton-"]')).toHaveCount(0);
      const after = await fieldBoxes(page);
      expect(after.length).toBe(before.length);
      before.forEach((was, index) => {
        const is = after[index]!;
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(is[side] - was[side]), `field ${index} (${is.field}) ${side}: ${JSON.stringify(was)} then ${JSON.stringify(is)}`).toBeLessThanOrEqual(0.5);
        }
      });
      await context.close();
    });
  }
});

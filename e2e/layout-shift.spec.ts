import { expect, test } from '@playwright/test';
import { firstVisitRoutes } from '../bench/first-visit-areas';

/**
 * A first visit does not move what it has drawn: the cumulative layout shift of each area, at a
 * phone's width, from navigation until the page has settled (the member's menu, which loads
 * after the page, is in the header). Web Vitals call up to 0.1 good; Lighthouse weighs it in
 * the performance score. The Demo owner's banner, drawn after the page, once cost 0.14 here.
 */
const GOOD_LAYOUT_SHIFT = 0.1;
const BOT = 'e2e-layout';

test.use({ viewport: { width: 412, height: 823 } });

for (const { area, path, ready } of firstVisitRoutes(BOT).filter(({ area }) => ['listings', 'settings', 'chat'].includes(area))) {
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

import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * The check every other spec leans on (e2e/support/axe.ts) finds what it should: every element
 * of a violation, only the WCAG 2.1 AA rules, and only inside what it is told to scan. A scan
 * that quietly reported less would let every accessibility test pass.
 */

const PAGE = `<!doctype html>
<html lang="en">
  <head><title>axe check</title></head>
  <body>
    <main>
      <h1>Homes</h1>
      <section id="photos">
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
      </section>
      <p id="faint" style="color: #bbb; background: #fff">Faint text a reader cannot make out</p>
      <!-- Serious, but a best practice, not a WCAG rule: the scan must leave it out. -->
      <div role="dialog" id="unnamed-dialog">A dialog with no name</div>
    </main>
  </body>
</html>`;

test.beforeEach(async ({ page }) => {
  await page.setContent(PAGE);
});

test('a scan names every element of each serious violation, and nothing outside WCAG 2.1 AA', async ({ page }) => {
  const found = await seriousViolations(page);
  // Each image, not only the first: the scan gathers violations in full.
  expect(found.filter((line) => line.startsWith('critical image-alt: img:nth-child'))).toHaveLength(3);
  expect(found.filter((line) => line.startsWith('serious color-contrast: #faint'))).toHaveLength(1);
  // The best-practice rule (aria-dialog-name) is not one of the tags asked for.
  expect(found.some((line) => line.includes('aria-dialog-name'))).toBe(false);
  expect(found).toHaveLength(4);
});

test('a scan of one part sees only that part, and a scan leaving a part out skips it', async ({ page }) => {
  const inside = await seriousViolations(page, '#photos');
  expect(inside).toHaveLength(3);
  expect(inside.every((line) => line.includes('image-alt'))).toBe(true);

  const outside = await seriousViolations(page, undefined, ['#photos']);
  expect(outside).toHaveLength(1);
  expect(outside[0]).toContain('color-contrast');
});

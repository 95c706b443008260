import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * Two pieces of Mantine's work done before the page runs (docs/performance.md, "Tricks still in
 * the code"), each shown on a first visit to settings.
 */
const BOT = 'e2e-layout';

test.beforeEach(async ({ page }) => {
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByRole('textbox', { name: 'System message' })).toBeVisible({ timeout: 30_000 });
});

/**
 * Mantine's components take React's own id (build/use-id.ts, put in Mantine's place by
 * build/mantine-use-id.ts). Mantine's hook would replace it with a random one right after
 * mount (`mantine-` and nine letters or digits), which renders every input, switch and
 * popover a second time in the same task. React 19.3 writes its ids `_r_<counter>_`.
 */
test("the settings form's fields keep React's ids, not Mantine's random ones", async ({ page }) => {
  const ids = await page.locator('form input[id^="mantine-"], form textarea[id^="mantine-"]').evaluateAll((fields) => fields.map((field) => field.id));
  expect(ids.length, 'fields with an id Mantine gave').toBeGreaterThanOrEqual(3);
  expect(ids.filter((id) => !/^mantine-_r_[0-9a-v]+_$/.test(id)), "ids that are not React's").toEqual([]);
});

/**
 * The theme's colour variables come from src/app/theme-css-variables.css, in the page's
 * stylesheet; the provider writes none at run time (`withCssVariables={false}`).
 */
test("the theme's colour variables are in the stylesheet, and the provider computes none", async ({ page }) => {
  await expect(page.locator('style[data-mantine-styles="true"]')).toHaveCount(0);
  // The light scheme's dimmed text as the file has it (its unit test holds it to src/app/theme.ts).
  const css = readFileSync(new URL('../src/app/theme-css-variables.css', import.meta.url), 'utf8');
  const expected = /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed:\s*([^;]+);/.exec(css)?.[1];
  expect(expected, 'the light dimmed colour in theme-css-variables.css').toBeTruthy();
  // Both drawn, so both are compared as the browser resolves them (the build writes #rrggbb).
  const [dimmed, theme] = await page.evaluate((color) => {
    const probe = (value: string) => {
      const element = document.body.appendChild(document.createElement('span'));
      element.style.color = value;
      const resolved = getComputedStyle(element).color;
      element.remove();
      return resolved;
    };
    return [probe('var(--mantine-color-dimmed)'), probe(color)];
  }, expected!);
  expect(dimmed).toBe(theme);
  // Mantine's own gray-6, which reads at 3.3:1 on white.
  expect(dimmed).not.toBe('rgb(134, 142, 150)');
});

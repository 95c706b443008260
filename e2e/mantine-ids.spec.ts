import { expect, test } from '@playwright/test';

/**
 * Mantine's components take React's own id (build/use-id.ts, put in Mantine's place by
 * build/mantine-use-id.ts). Mantine's hook would replace it with a random one right after
 * mount (`mantine-` and nine letters or digits), which renders every input, switch and
 * popover a second time in the same task. React 19.3 writes its ids `_r_<counter>_`.
 */
const BOT = 'e2e-layout';
const REACT_ID = /^mantine-_r_[0-9a-v]+_$/;

test("the settings form's fields keep React's ids, not Mantine's random ones", async ({ page }) => {
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByRole('textbox', { name: 'System message' })).toBeVisible({ timeout: 30_000 });
  const ids = await page.locator('form input[id^="mantine-"], form textarea[id^="mantine-"]').evaluateAll((fields) => fields.map((field) => field.id));
  expect(ids.length, 'fields with an id Mantine gave').toBeGreaterThanOrEqual(3);
  expect(ids.filter((id) => !REACT_ID.test(id)), "ids that are not React's").toEqual([]);
});

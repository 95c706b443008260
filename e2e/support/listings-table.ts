import { expect, type Locator, type Page } from '@playwright/test';

export function listingsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Listings' });
}

/** The data rows: each has a "Select <address>" checkbox (the header's selects the page). */
export function dataRows(page: Page): Locator {
  return listingsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select (?!all listings)/ }) });
}

/**
 * Waits until the table shows the requested page rather than the previous one. The first
 * load of a page includes fetching the app's chunks, so it gets more time on a busy machine.
 */
export async function settled(page: Page, timeout?: number): Promise<void> {
  await expect(listingsTable(page)).toHaveAttribute('aria-busy', 'false', { timeout });
  await expect(dataRows(page).first()).toBeVisible();
}

/** Opens a listings page (`path` with its query) and waits for its rows. */
export async function openListingsAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page, 30_000);
}

/** The text of one column in every row, found by its header. */
export async function columnValues(page: Page, header: string): Promise<string[]> {
  const headers = await listingsTable(page).getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThan(-1);
  const rows = await dataRows(page).all();
  return Promise.all(rows.map((row) => row.getByRole('cell').nth(index).innerText()));
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import type * as Papa from 'papaparse';
import { expectAccessible, expectDialogAccessible, openedDialog } from './support/axe';
import { columnValues, dataRows, listingsTable, openListingsAt, settled } from './support/listings-table';

/** papaparse is CommonJS: Node's ESM loader sees no named exports in it. */
const { parse } = createRequire(import.meta.url)('papaparse') as typeof Papa;

/** This file's own seeded chatbot (~60 listings in six cities, both sale types). */
const BOT = 'e2e-listings-scale';
const LISTINGS = `/bots/${BOT}/listings`;
const SESSION = { 'chatrobot-sessionkey': 'demo-session-key' };

interface Row {
  ID: number;
  Status: string;
  Address: string;
  [field: string]: unknown;
}

/** The chatbot's listings as the service lists them (one page of `size`, or all of them). */
async function listedRows(request: APIRequestContext, page = 1, size = 100, filters: Record<string, string> = {}): Promise<Row[]> {
  const response = await request.post('/chat/Chatbot/RealEstateList', {
    data: { SerialNumber: BOT, PageNumber: page, PageSize: size, ...filters },
    headers: SESSION,
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { Data: { List: Row[]; VirtualCount: number } };
  expect(body.Data.VirtualCount).toBeLessThanOrEqual(100);
  return body.Data.List;
}

async function openListings(page: Page, query = ''): Promise<void> {
  await openListingsAt(page, `${LISTINGS}${query}`);
}

async function columnHeaders(page: Page): Promise<string[]> {
  return (await listingsTable(page).getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

async function openViewsMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Views' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('saved views', () => {
  test('a saved view survives a reload and restores its filters, page size and columns; renamed, then deleted', async ({ page }) => {
    test.setTimeout(120_000);
    await openListings(page);

    await page.getByLabel('City').fill('Denver');
    await page.getByLabel('City').press('Enter');
    await expect(page).toHaveURL(/[?&]city=Denver\b/);
    await page.getByLabel('Rows per page').selectOption('50');
    await expect(page).toHaveURL(/[?&]size=50\b/);
    await settled(page);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ZIP', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Property type', exact: true }).uncheck();
    await page.keyboard.press('Escape');
    const savedHeaders = await columnHeaders(page);
    expect(savedHeaders).not.toContain('ZIP');

    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Save view…' }).click();
    const save = await openedDialog(page, 'Save view');
    await save.getByLabel('Name').fill('Denver, no ZIP');
    await save.getByRole('button', { name: 'Save view' }).click();
    await expect(save).toBeHidden();

    // Somewhere else entirely: no filter, every column, 20 rows.
    await page.goto(LISTINGS);
    await settled(page, 30_000);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ZIP', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Property type', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(listingsTable(page).getByRole('columnheader', { name: 'ZIP', exact: true })).toBeVisible();

    await page.reload();
    await settled(page, 30_000);
    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Denver, no ZIP' }).click();
    await expect(page).toHaveURL(/[?&]city=Denver\b/);
    await expect(page).toHaveURL(/[?&]size=50\b/);
    await expect(page).toHaveURL(/[?&]columns=/);
    await settled(page);
    await expect(page.getByLabel('City')).toHaveValue('Denver');
    await expect(page.getByLabel('Rows per page')).toHaveValue('50');
    expect(await columnHeaders(page)).toEqual(savedHeaders);
    expect(new Set(await columnValues(page, 'City'))).toEqual(new Set(['Denver']));

    // The view's address alone gives it back, after a reload too.
    const viewUrl = page.url();
    await page.goto(LISTINGS);
    await settled(page, 30_000);
    await page.goto(viewUrl);
    await settled(page, 30_000);
    expect(await columnHeaders(page)).toEqual(savedHeaders);
    await expect(page.getByLabel('City')).toHaveValue('Denver');
    await expect((await openViewsMenu(page)).getByRole('menuitem', { name: 'Denver, no ZIP' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');

    await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = await openedDialog(page, 'Saved views');
    await manage.getByRole('button', { name: 'Rename Denver, no ZIP' }).click();
    await manage.getByLabel('New name for “Denver, no ZIP”').fill('Denver homes');
    await manage.getByRole('button', { name: 'Save name' }).click();
    await expect(manage.getByRole('link', { name: 'Denver homes' })).toBeVisible();
    await manage.getByRole('button', { name: 'Delete Denver homes' }).click();
    await manage.getByRole('button', { name: 'Delete view' }).click();
    await expect(manage.getByText('No saved views.')).toBeVisible();
    await manage.getByRole('button', { name: 'Close' }).first().click();
    await page.reload();
    await settled(page, 30_000);
    await expect((await openViewsMenu(page)).getByRole('menuitem', { name: 'Denver homes' })).toHaveCount(0);
  });
});

test.describe('bulk status', () => {
  test('Set status on 3 rows across two pages changes exactly those three, and nothing else of them', async ({ page, request }) => {
    test.setTimeout(120_000);
    const before = await listedRows(request);
    // Two listings of the first page of 10 and one of the second, none Sold yet.
    const firstPage = (await listedRows(request, 1, 10)).filter((row) => row.Status !== 'Sold').slice(0, 2);
    const secondPage = (await listedRows(request, 2, 10)).filter((row) => row.Status !== 'Sold').slice(0, 1);
    const chosen = [...firstPage, ...secondPage];
    expect(chosen).toHaveLength(3);

    await openListings(page, '?size=10');
    for (const row of firstPage) await page.getByRole('checkbox', { name: `Select ${row.Address}`, exact: true }).check();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await settled(page);
    await page.getByRole('checkbox', { name: `Select ${secondPage[0]!.Address}`, exact: true }).check();
    await expect(page.getByText('3 listings selected')).toBeVisible();

    await page.getByRole('button', { name: 'Set status' }).click();
    const dialog = await openedDialog(page, 'Set the status of 3 listings');
    await expect(dialog.getByRole('button', { name: 'Choose a status' })).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Sold' }).check();
    await dialog.getByRole('button', { name: 'Set 3 listings to Sold' }).click();
    await expect(dialog.getByText('Changed 3 listings to Sold.')).toBeVisible();
    await expectAccessible(page, 'the status change result');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    const after = await listedRows(request);
    const chosenIds = new Set(chosen.map((row) => row.ID));
    expect(after).toHaveLength(before.length);
    for (const row of before) {
      const now = after.find((candidate) => candidate.ID === row.ID);
      // The three are Sold with every other field as it was; the rest are untouched.
      expect(now, `listing ${row.ID}`).toEqual(chosenIds.has(row.ID) ? { ...row, Status: 'Sold' } : row);
    }
    // The table shows it too, without a reload.
    const soldRow = dataRows(page).filter({ has: page.getByRole('checkbox', { name: `Select ${secondPage[0]!.Address}`, exact: true }) });
    await expect(soldRow.getByText('Sold', { exact: true })).toBeVisible();
  });
});

test.describe('export CSV', () => {
  test('export with a city filter gives exactly the filtered listings; without one, every page', async ({ page, request }) => {
    test.setTimeout(120_000);
    const inAustin = await listedRows(request, 1, 100, { CityName: 'Austin' });
    expect(inAustin.length).toBeGreaterThan(5);
    await openListings(page, '?city=Austin&size=10');

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = await openedDialog(page, 'Export CSV');
    await dialog.getByRole('radio', { name: 'Every field' }).check();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: `Export ${inAustin.length} listings` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^listings-${BOT}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    await expect(dialog).toBeHidden();

    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const parsed = parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['ID', 'SaleType', 'Status', 'MLSNumber', 'Images', 'ExtensionColumn', 'City']));
    expect(parsed.data.map((row) => Number(row.ID)).sort((a, b) => a - b)).toEqual(inAustin.map((row) => row.ID).sort((a, b) => a - b));
    expect(new Set(parsed.data.map((row) => row.City))).toEqual(new Set(['Austin']));
    for (const row of parsed.data) {
      const listed = inAustin.find((candidate) => candidate.ID === Number(row.ID))!;
      expect(row.MLSNumber).toBe(listed.MLSNumber);
      expect(JSON.parse(row.Images || '[]')).toEqual(JSON.parse(String(listed.Images)));
      expect(JSON.parse(row.ExtensionColumn || '[]')).toEqual(JSON.parse(String(listed.ExtensionColumn)));
    }

    // No filter, the shown columns: every listing of every page, not the 20 on screen.
    const everything = await listedRows(request);
    await openListings(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const again = await openedDialog(page, 'Export CSV');
    await expect(again.getByRole('radio', { name: /^The columns shown in the table/ })).toBeChecked();
    const second = page.waitForEvent('download');
    await again.getByRole('button', { name: `Export ${everything.length} listings` }).click();
    const all = parse<Record<string, string>>((await readFile(await (await second).path(), 'utf8')).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(all.data).toHaveLength(everything.length);
    expect(everything.length).toBeGreaterThan(20);
    expect(all.meta.fields).toEqual(expect.arrayContaining(['ID', 'Address', 'City', 'Status', 'MLSNumber']));
    expect(all.meta.fields).not.toContain('Description');
  });

  test('Cancel stops an export under way and downloads nothing', async ({ page }) => {
    await openListings(page);
    // The local service answers at once: the export's reads are held back to catch it under way,
    // until the Cancel has been seen (not for a fixed time, which a busy machine may outlast).
    let held = 0;
    let heldRead: Request | undefined;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/chat/Chatbot/RealEstateList', async (route) => {
      const body = route.request().postDataJSON() as { PageSize?: number };
      if (body.PageSize !== 100) return route.continue();
      held += 1;
      heldRead = route.request();
      await released;
      return route.continue().catch(() => undefined);
    });
    const ended = new Set<Request>();
    page.on('requestfinished', (request) => ended.add(request));
    page.on('requestfailed', (request) => ended.add(request));
    let downloads = 0;
    page.on('download', () => (downloads += 1));

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = await openedDialog(page, 'Export CSV');
    await dialog.getByRole('button', { name: /^Export \d+ listings$/ }).click();
    await expect(dialog.getByText(/^Read 0 of \d+ listings…$/)).toBeVisible();
    // Empty so far, so the bar's filled part has no width to be "visible".
    const bar = dialog.getByRole('progressbar', { name: 'Export progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    // Nothing on the bar animates: stripes or easing repaint it in every frame of an export
    // that keeps the main thread busy (docs/performance.md).
    await expect(bar).toHaveCSS('animation-name', 'none');
    await expect(bar).toHaveCSS('transition-duration', '0s');
    await dialog.getByRole('button', { name: 'Cancel export' }).click();
    await expect(dialog.getByRole('button', { name: /^Export \d+ listings$/ })).toBeVisible();
    // The held read goes on now and ends (answered, or aborted by the cancel); an export that
    // had not stopped would take its answer and start the next read or the download.
    release();
    await expect.poll(() => heldRead !== undefined && ended.has(heldRead)).toBe(true);
    // Nothing can signal a read or download that does not happen: a second's room for one to start.
    await page.waitForTimeout(1_000);
    expect(held).toBe(1);
    expect(downloads).toBe(0);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`views, export and bulk status pass axe, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    test.setTimeout(120_000);

    test('the Views menu and its dialogs', async ({ page }) => {
      await openListings(page);
      await openViewsMenu(page);
      await expectAccessible(page, 'the Views menu');
      await page.getByRole('menuitem', { name: 'Save view…' }).click();
      const save = await openedDialog(page, 'Save view');
      await save.getByLabel('Name').fill(`Everything (${colorScheme})`);
      await expectDialogAccessible(page, save, 'the save-view dialog');
      await save.getByRole('button', { name: 'Save view' }).click();
      await expect(save).toBeHidden();
      // The notification that says it was saved is checked too.
      const saved = page.getByRole('alert').filter({ hasText: 'View saved' });
      await expect(saved).toBeVisible();
      // Measured once its entrance transition (on the wrapper) has ended.
      await expect(saved.locator('..')).toHaveCSS('opacity', '1');
      // The pointer on it holds its auto-close (as for a user reading it), so a slow scan cannot
      // outlast it and check the page without it; still there afterwards says it was scanned.
      // The listings page itself: the dialogs of these tests are scanned alone (expectDialogAccessible).
      await saved.hover();
      await expectAccessible(page, 'the listings page with a notification');
      await expect(saved).toBeVisible();

      await (await openViewsMenu(page)).getByRole('menuitem', { name: 'Manage views…' }).click();
      const manage = await openedDialog(page, 'Saved views');
      await expectDialogAccessible(page, manage, 'the saved-views dialog');
      await manage.getByRole('button', { name: `Delete Everything (${colorScheme})` }).click();
      await expectDialogAccessible(page, manage, 'the saved-views dialog asking to delete');
    });

    test('the Export CSV dialog', async ({ page }) => {
      await openListings(page);
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const dialog = await openedDialog(page, 'Export CSV');
      // The listings page behind it is scanned on its own in the test above ("with a notification").
      await expectDialogAccessible(page, dialog, 'the Export CSV dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    test('the Set status dialog', async ({ page }) => {
      await openListings(page);
      await dataRows(page).first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Set status' }).click();
      const dialog = await openedDialog(page, 'Set the status of 1 listing');
      await dialog.getByRole('radio', { name: 'Pre-market' }).check();
      await expect(dialog.getByRole('button', { name: 'Set 1 listing to Pre-market' })).toBeEnabled();
      await expectAccessible(page, 'the Set status dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

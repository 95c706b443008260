import { expect, test, type Page } from '@playwright/test';
import { columnValues, dataRows, listingsTable, openListingsAt, settled } from './support/listings-table';
import { expectSavedAndClosed } from './support/saved-dialog';

/** This file's own seeded chatbot (~60 listings in six cities, both sale types). */
const LISTINGS = '/bots/e2e-listings/listings';

async function openListings(page: Page, query = ''): Promise<void> {
  await openListingsAt(page, `${LISTINGS}${query}`);
}

/** "Showing 1–20 of 60" → 60. */
async function totalShown(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+–\d+ of \d+$/).innerText();
  return Number(/of (\d+)$/.exec(text)?.[1]);
}

test.describe('listings', () => {
  test('pages through the seeded listings; page 2 differs from page 1 and Back returns', async ({ page }) => {
    await openListings(page);
    const total = await totalShown(page);
    expect(total).toBeGreaterThan(20);
    await expect(dataRows(page)).toHaveCount(20);
    const firstPage = await columnValues(page, 'MLS number');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect.poll(() => columnValues(page, 'MLS number')).not.toEqual(firstPage);
    await settled(page);
    const secondPage = await columnValues(page, 'MLS number');
    expect(secondPage).toHaveLength(Math.min(20, total - 20));
    expect(secondPage.filter((mls) => firstPage.includes(mls))).toEqual([]);
    await expect(page.getByText(`Showing 21–${Math.min(40, total)} of ${total}`)).toBeVisible();

    await page.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL(/[?&]size=10\b/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(dataRows(page)).toHaveCount(10);

    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect.poll(() => columnValues(page, 'MLS number')).toEqual(secondPage);
    await page.goBack();
    await expect.poll(() => columnValues(page, 'MLS number')).toEqual(firstPage);
  });

  test('a hidden column stays hidden after a reload', async ({ page }) => {
    await openListings(page);
    const zipHeader = listingsTable(page).getByRole('columnheader', { name: 'ZIP', exact: true });
    await expect(zipHeader).toBeVisible();

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ZIP', exact: true }).uncheck();
    await expect(zipHeader).toHaveCount(0);

    await page.reload();
    await settled(page, 30_000);
    await expect(zipHeader).toHaveCount(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'ZIP', exact: true }).check();
    await expect(zipHeader).toBeVisible();
  });

  test('a filter by city and sale type narrows the rows and survives a reload', async ({ page }) => {
    await openListings(page);
    const everything = await totalShown(page);

    // The service matches the city whatever its case.
    await page.getByLabel('City').fill('denver');
    await expect(page).toHaveURL(/[?&]city=denver\b/);
    await settled(page);
    await expect.poll(() => totalShown(page)).toBeLessThan(everything);
    const inDenver = await totalShown(page);
    expect(new Set(await columnValues(page, 'City'))).toEqual(new Set(['Denver']));

    await page.getByLabel('Sale type').selectOption('For rent');
    await expect(page).toHaveURL(/[?&]saleType=for_rent\b/);
    await expect.poll(() => totalShown(page)).toBeLessThan(inDenver);
    await settled(page);
    const rentalsInDenver = await totalShown(page);
    expect(rentalsInDenver).toBeGreaterThan(0);
    expect(new Set(await columnValues(page, 'City'))).toEqual(new Set(['Denver']));
    expect(new Set(await columnValues(page, 'Sale type'))).toEqual(new Set(['For rent']));

    await page.reload();
    await settled(page, 30_000);
    await expect(page.getByLabel('City')).toHaveValue('denver');
    await expect(page.getByLabel('Sale type')).toHaveValue('for_rent');
    expect(await totalShown(page)).toBe(rentalsInDenver);
    expect(new Set(await columnValues(page, 'Sale type'))).toEqual(new Set(['For rent']));

    await page.getByLabel('MLS number').fill('NO-SUCH-MLS');
    await expect(page.getByText('No listings match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/listings$/);
    await settled(page);
    expect(await totalShown(page)).toBe(everything);
  });

  test('creates a rental with two images and extra information, then edits its price', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const address = `${stamp} Playwright Lane`;
    const mls = `E2E-${stamp}`;
    await openListings(page);

    await page.getByRole('button', { name: 'Create listing' }).click();
    const create = page.getByRole('dialog', { name: 'Create listing' });
    await create.getByLabel('Sale type').selectOption('For rent');
    await expect(create.getByLabel('Sale price')).toHaveCount(0);
    await create.getByLabel('Property type').fill('Loft');
    await create.getByLabel('MLS number').fill(mls);
    await create.getByLabel('Listing URL').fill(`https://homes.example.com/e2e/${stamp.toLowerCase()}`);
    await create.getByLabel('Rent per month').fill('2450');
    await create.getByLabel('Deposit').fill('2450');
    await create.getByLabel('Space type').selectOption('Entire place');
    await create.getByLabel('Bedrooms').fill('2');
    await create.getByLabel('Bathrooms').fill('1.5');
    await create.getByLabel('Parking spots').fill('1');
    await create.getByLabel('Year built').fill('2015');
    await create.getByLabel('Building area').fill('980');
    await create.getByLabel('Lot area').fill('0');
    await create.getByLabel('Address').fill(address);
    await create.getByLabel('City').fill('Austin');
    await create.getByLabel('State').fill('TX');

    await create.getByRole('button', { name: 'Add image' }).click();
    await create.getByLabel('Image 1', { exact: true }).fill('https://img.example.com/e2e/kitchen.jpg');
    await create.getByRole('button', { name: 'Add image' }).click();
    await create.getByLabel('Image 2', { exact: true }).fill('https://img.example.com/e2e/front.jpg');
    // The front of the house should be the thumbnail: move it first.
    await create.getByRole('button', { name: 'Move image 2 up' }).click();
    await expect(create.getByLabel('Image 1', { exact: true })).toHaveValue('https://img.example.com/e2e/front.jpg');

    await create.getByRole('button', { name: 'Add extra information' }).click();
    await create.getByLabel('Extra key 1').fill('Pets');
    await create.getByLabel('Extra value 1').fill('Cats only');

    await create.getByRole('button', { name: 'Save listing' }).click();
    await expectSavedAndClosed(page, create, 'Listing created');

    // Newest first: the new listing heads page 1.
    const row = dataRows(page).filter({ hasText: mls });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(address);
    await expect(row).toContainText('$2,450/mo');
    await expect(row).toContainText('For rent');
    await expect(row).toContainText('980 sq ft');

    await row.getByRole('button', { name: `Edit ${address}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit listing' });
    await expect(edit.getByLabel('Image 1', { exact: true })).toHaveValue('https://img.example.com/e2e/front.jpg');
    await expect(edit.getByLabel('Image 2', { exact: true })).toHaveValue('https://img.example.com/e2e/kitchen.jpg');
    await expect(edit.getByLabel('Extra key 1')).toHaveValue('Pets');
    await expect(edit.getByLabel('Extra value 1')).toHaveValue('Cats only');
    await expect(edit.getByLabel('Rent per month')).toHaveValue('2,450');
    await expect(edit.getByLabel('Match listing by')).toHaveValue('PlatformId');

    await edit.getByLabel('Rent per month').fill('2600');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectSavedAndClosed(page, edit, 'Listing updated');
    await expect(row).toContainText('$2,600/mo');
    await expect(row).not.toContainText('$2,450/mo');

    await row.getByRole('button', { name: `Delete ${address}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${address}?` });
    await confirm.getByRole('button', { name: 'Delete listing' }).click();
    await expect(page.getByText('Deleted 1 listing.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('selects rows across two pages and deletes them together', async ({ page }) => {
    await openListings(page, '?size=10');
    const before = await totalShown(page);
    const firstPage = await columnValues(page, 'MLS number');
    const chosen = [firstPage[0]!, firstPage[1]!];
    await dataRows(page).nth(0).getByRole('checkbox').check();
    await dataRows(page).nth(1).getByRole('checkbox').check();
    await expect(page.getByText('2 listings selected')).toBeVisible();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect.poll(async () => (await columnValues(page, 'MLS number')).includes(firstPage[0]!)).toBe(false);
    await settled(page);
    chosen.push((await columnValues(page, 'MLS number'))[3]!);
    await dataRows(page).nth(3).getByRole('checkbox').check();
    await expect(page.getByText('3 listings selected')).toBeVisible();

    // The selection is kept by listing, not by position on a page.
    await page.getByRole('button', { name: 'Previous page' }).click();
    await settled(page);
    await expect(dataRows(page).nth(0).getByRole('checkbox')).toBeChecked();
    await expect(dataRows(page).nth(1).getByRole('checkbox')).toBeChecked();
    await expect(dataRows(page).nth(2).getByRole('checkbox')).not.toBeChecked();

    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 3 listings?' });
    await confirm.getByRole('button', { name: 'Delete 3 listings' }).click();
    await expect(page.getByText('Deleted 3 listings.')).toBeVisible();
    await expect(page.getByText('No listings selected')).toBeVisible();
    await expect.poll(() => totalShown(page)).toBe(before - 3);

    for (const mls of chosen) {
      await page.getByLabel('MLS number').fill(mls);
      await expect(page.getByText('No listings match these filters')).toBeVisible();
    }
  });

  test('a Location survives a status change in bulk and a price edit', async ({ page }) => {
    await openListings(page, '?saleType=for_sale&size=10');
    // The last row of the page: the delete test takes rows from the top.
    const mls = (await columnValues(page, 'MLS number')).at(-1)!;
    await openListings(page, `?saleType=for_sale&mls=${encodeURIComponent(mls)}`);
    const row = dataRows(page).filter({ hasText: mls });
    await expect(row).toHaveCount(1);
    const editRow = async () => {
      await row.getByRole('button', { name: /^Edit / }).click();
      return page.getByRole('dialog', { name: 'Edit listing' });
    };

    let edit = await editRow();
    await edit.getByLabel('Location').fill('Near the river walk');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set status' }).click();
    const bulk = page.getByRole('dialog', { name: 'Set the status of 1 listing' });
    await bulk.getByRole('radio', { name: 'Sold' }).check();
    await bulk.getByRole('button', { name: 'Set 1 listing to Sold' }).click();
    await expect(bulk.getByRole('status')).toContainText('Changed 1 listing to Sold');
    await bulk.getByRole('button', { name: 'Close' }).first().click();
    await expect(bulk).toBeHidden();
    await expect(row).toContainText('Sold');

    edit = await editRow();
    await expect(edit.getByLabel('Location')).toHaveValue('Near the river walk');
    await edit.getByLabel('Sale price').fill('512000');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('$512,000');

    edit = await editRow();
    await expect(edit.getByLabel('Location')).toHaveValue('Near the river walk');
    await expect(edit.getByLabel('Status')).toHaveValue('Sold');
  });

  test('a missing required field keeps the form open with the message at the field', async ({ page }) => {
    await openListings(page);
    await page.getByRole('button', { name: 'Create listing' }).click();
    const create = page.getByRole('dialog', { name: 'Create listing' });
    await create.getByLabel('Property type').fill('Condo');
    await create.getByLabel('Listing URL').fill('https://homes.example.com/e2e/missing-mls');
    await create.getByLabel('Bedrooms').fill('1');
    await create.getByLabel('Bathrooms').fill('1');
    await create.getByLabel('Parking spots').fill('0');
    await create.getByLabel('Year built').fill('1999');
    await create.getByLabel('Building area').fill('700');
    await create.getByLabel('Lot area').fill('0');

    await create.getByRole('button', { name: 'Save listing' }).click();
    await expect(create.getByLabel('MLS number')).toHaveAccessibleDescription('MLS number is required');
    await expect(create.getByLabel('MLS number')).toBeFocused();
    await expect(create).toBeVisible();

    // Leaving asks first, because the form holds unsaved input.
    await create.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(create).toBeHidden();
  });
});

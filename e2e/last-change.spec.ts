import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, openedDialog } from './support/axe';
import { dataRows, settled } from './support/listings-table';
import { startOwnService, type OwnService } from './support/own-service';
import { expectSavedAndClosed } from './support/saved-dialog';

/**
 * "Edited by Dana Ruiz, 3 minutes ago": a chatbot's settings page and a listing's edit form say
 * who changed them last and link into Activity. On a console of its own (a fresh demo start,
 * signed in as the Demo owner), so its chatbot's history starts here: the settings page first
 * says the settings were created, and after a save names the Demo owner; a seeded listing's
 * form names nobody until the listing is edited, and then the Demo owner.
 */
const BOT = 'demo-bot';
const OWNER = 'Demo owner';

test.describe.configure({ mode: 'serial' });

let service: OwnService;
let page: Page;
/** The listing edited here: the first row of the table, by its edit button's name. */
let editButtonName: string;

test.beforeAll(async ({ browser }) => {
  service = await startOwnService([]);
  // A context of its own, not browser.newPage: axe needs to open frames in the page's context.
  const context = await browser.newContext({ baseURL: service.url });
  page = await context.newPage();
});
test.afterAll(async () => {
  await page?.context().close();
  await service?.dispose();
});

function lastChange(scope: Page | Locator): Locator {
  return scope.getByTestId('last-change');
}

async function openSettings(): Promise<void> {
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Opens the listing's edit form once the record has answered for it; with what it answered. */
async function openListingForm(): Promise<{ dialog: Locator; answer: unknown }> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/console/activity/latest');
  await page.getByRole('button', { name: editButtonName }).click();
  const dialog = await openedDialog(page, 'Edit listing');
  const response = await answered;
  expect(response.status()).toBe(200);
  return { dialog, answer: ((await response.json()) as { Data: unknown }).Data };
}

test('after a save, the settings page says the Demo owner edited it, linking to the chatbot’s saves in Activity', async () => {
  await openSettings();
  // The seeded first version: made by no member.
  await expect(lastChange(page)).toHaveText(/^Created (just now|\d+ minutes? ago)$/);

  await page.getByLabel('Name', { exact: true }).fill(`Renamed ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' }).last()).toBeVisible();

  const link = lastChange(page).getByRole('link', { name: `Edited by ${OWNER}, just now` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/activity?chatbot=${BOT}&action=settings.save`);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?chatbot=${BOT}&action=settings\\.save$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: 'Chatbot' }).locator('option:checked')).toHaveText(BOT);
  await expect(main.getByRole('combobox', { name: 'Action' }).locator('option:checked')).toHaveText('Saved settings');
  const newest = page.getByRole('table', { name: 'Activity' }).locator('tbody tr').first();
  await expect(newest).toContainText(OWNER);
  await expect(newest).toContainText('Saved settings');
});

test('a listing’s form names nobody until the listing is edited, then the Demo owner, linking to the chatbot’s listing edits', async () => {
  await page.goto(`/bots/${BOT}/listings`);
  await settled(page, 30_000);
  const edit = dataRows(page).first().getByRole('button', { name: /^Edit / });
  editButtonName = (await edit.getAttribute('aria-label')) ?? (await edit.innerText());
  expect(editButtonName).toMatch(/^Edit /);

  const first = await openListingForm();
  expect(first.answer).toBeNull();
  let dialog = first.dialog;
  await expect(lastChange(dialog)).toHaveCount(0);
  const days = dialog.getByLabel('Days on market');
  await days.fill(String(Number(await days.inputValue()) + 1));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectSavedAndClosed(page, dialog, 'Listing updated');

  dialog = (await openListingForm()).dialog;
  const link = lastChange(dialog).getByRole('link', { name: `Edited by ${OWNER}, just now` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/activity?chatbot=${BOT}&action=listing.update`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?chatbot=${BOT}&action=listing\\.update$`));
  const newest = page.getByRole('table', { name: 'Activity' }).locator('tbody tr').first();
  await expect(newest).toContainText(OWNER);
  await expect(newest).toContainText('Edited listings');
});

test('both lines pass axe in both schemes at 390 and 1920 px', async () => {
  // Eight page loads and axe runs over the whole settings page: long on a busy machine.
  test.setTimeout(240_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await openSettings();
      await expect(lastChange(page).getByRole('link')).toBeVisible();
      await expectAccessible(page, `the settings page, ${colorScheme}, ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`settings-${width}-${colorScheme}.png`) });

      await page.goto(`/bots/${BOT}/listings`);
      await settled(page, 30_000);
      const { dialog } = await openListingForm();
      await expect(lastChange(dialog).getByRole('link')).toBeVisible();
      await expectAccessible(page, `the listing form, ${colorScheme}, ${width} px`, '[role="dialog"]');
      await page.screenshot({ path: test.info().outputPath(`listing-form-${width}-${colorScheme}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  await page.emulateMedia({ colorScheme: null });
});

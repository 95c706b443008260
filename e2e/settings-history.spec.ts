import { expect, test, type Page } from '@playwright/test';

/** This file's own seeded chatbot: its history starts with version 1 and grows only here. */
const BOT = 'e2e-history';
const AUTH = { authorization: 'demo-secret-key' };

async function openSettings(page: Page): Promise<void> {
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible({ timeout: 30_000 });
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' }).last()).toBeVisible();
  await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
}

test('three saves appear in History; restoring the first brings its values back as a reviewed save', async ({ page, request }) => {
  // Four saves and two openings of the history: a long journey on a busy machine.
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  await openSettings(page);
  const name = page.getByLabel('Name', { exact: true });
  const welcome = page.getByLabel('Welcome message');
  const originalWelcome = await welcome.inputValue();
  const colour = page.getByLabel('Bubble colour');
  const originalColour = await colour.inputValue();

  await name.fill(`First ${run}`);
  await save(page);
  await welcome.fill(`Second line one ${run}\nSecond line two`);
  await save(page);
  await colour.click();
  await page.getByRole('button', { name: 'rgb(250,82,82)', exact: true }).click();
  await colour.press('Escape');
  await save(page);

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings history' });
  const items = drawer.getByTestId('version-item');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Version 4');
  await expect(items.nth(0)).toContainText('Current');
  // Each version names who saved it: the shared service's member is the Demo owner.
  await expect(items.nth(0)).toContainText('Demo owner · ');
  await expect(items.nth(0)).toContainText(' · Bubble colour');
  await expect(items.nth(1)).toContainText('Welcome message');
  await expect(items.nth(2)).toContainText('Version 2');
  await expect(items.nth(2)).toContainText('Name');
  await expect(items.nth(3)).toContainText('Created · ');
  await expect(items.nth(3)).toContainText(' · First settings');

  // The first save against the current settings: what changed since, field by field.
  await items.nth(2).click();
  const diff = drawer.getByTestId('version-diff');
  await expect(diff.locator('[data-field="Name"]')).toHaveCount(0);
  await expect(diff.locator('[data-field="ChatBubbleColor"]')).toContainText(`${originalColour}→rgb(250,82,82)`);
  const welcomeLines = diff.getByRole('list', { name: 'Changes to Welcome message, line by line' });
  await expect(welcomeLines.getByRole('listitem')).toHaveCount(3);
  await expect(welcomeLines).toContainText(`Removed: ${originalWelcome}`);
  await expect(welcomeLines).toContainText(`Added: Second line one ${run}`);
  await drawer.getByRole('switch', { name: 'Show unchanged fields' }).check();
  await expect(diff.locator('[data-field="Name"]')).toContainText(`Unchanged: First ${run}`);

  // The preview's widget window: its header is drawn in the bubble colour.
  const previewHeader = page.getByTestId('widget-preview').getByRole('dialog').locator('header');
  const previewWelcome = page.getByTestId('widget-preview').getByTestId('welcome');
  const cssColour = (rgb: string) => rgb.replaceAll(',', ', ');
  await expect(previewHeader).toHaveCSS('background-color', 'rgb(250, 82, 82)');
  await drawer.getByRole('button', { name: 'Restore this version' }).click();
  await expect(drawer).toBeHidden();
  // The live preview is back to the old look before anything is saved.
  await expect(previewHeader).toHaveCSS('background-color', cssColour(originalColour));
  await expect(previewWelcome).toContainText(originalWelcome.split('\n')[0]!.slice(0, 40));
  await expect(welcome).toHaveValue(originalWelcome);
  await expect(colour).toHaveValue(originalColour);
  await expect(name).toHaveValue(`First ${run}`);
  await expect(page.getByTestId('unsaved-summary')).toHaveText('2 unsaved changes: Bubble colour, Welcome message');
  await save(page);

  await page.getByRole('button', { name: 'History' }).click();
  await expect(items).toHaveCount(5);
  await expect(items.nth(0)).toContainText('Version 5');
  // A restore says which version it brought back, not the fields.
  await expect(items.nth(0)).toContainText('Demo owner · ');
  await expect(items.nth(0)).toContainText(' · restored v2');

  // The service holds the restored values, and its history says the same.
  const detail = await (await request.post('/chat/Chatbot/Detail', { data: { serialNumber: BOT }, headers: AUTH })).json();
  expect(detail.Data).toMatchObject({ Name: `First ${run}`, WelcomeMessage: originalWelcome, ChatBubbleColor: originalColour });
  const versions = await (await request.post('/chat/Chatbot/Versions', { data: { serialNumber: BOT, PageSize: 1 }, headers: AUTH })).json();
  expect(versions.Data.List[0]).toMatchObject({ Version: 5, Source: 'console', RestoredFrom: 2, ChangedFields: ['ChatBubbleColor', 'WelcomeMessage'] });
});

test('copies chosen sections to the staging chatbot after showing what will change there', async ({ page, request }) => {
  const staging = 'demo-bot-staging';
  const detail = async (bot: string) => (await (await request.post('/chat/Chatbot/Detail', { data: { serialNumber: bot }, headers: AUTH })).json()).Data;
  const stagingBefore = await detail(staging);
  const source = await detail(BOT);
  await openSettings(page);

  await page.getByRole('button', { name: 'Copy to another chatbot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy settings to another chatbot' });
  await dialog.getByRole('combobox', { name: 'Copy to' }).click();
  await page.getByRole('listbox').getByRole('option', { name: staging, exact: true }).click();
  // Only General & AI: the staging bot keeps its own limits, colours and the rest.
  for (const section of ['Appearance', 'Features', 'Human handoff', 'Social', 'Privacy', 'Embedding & security', 'Limits', 'Reports']) {
    await dialog.getByRole('checkbox', { name: section }).uncheck();
  }
  const changes = dialog.getByRole('region', { name: `What will change on ${staging}` });
  await expect(changes.locator('[data-field="Name"]')).toContainText(`${stagingBefore.Name} → ${source.Name}`);
  await expect(changes.locator('[data-field="ChatBubbleColor"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: /^Copy \d+ fields?$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Settings copied to ${staging}` })).toBeVisible();
  await expect(dialog).toBeHidden();

  const stagingAfter = await detail(staging);
  expect(stagingAfter).toMatchObject({ Name: source.Name, SystemMessage: source.SystemMessage, WelcomeMessage: source.WelcomeMessage });
  expect(stagingAfter.ChatBubbleColor).toBe(stagingBefore.ChatBubbleColor);
});

test('a link to a version opens the history on it, and closing the history drops it from the address', async ({ page }) => {
  await page.goto(`/bots/${BOT}/settings?history=1`);
  const drawer = page.getByRole('dialog', { name: 'Settings history' });
  await expect(drawer.getByRole('region', { name: 'Version 1' })).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByRole('button', { name: 'Restore this version' })).toBeEnabled();
  await drawer.getByRole('button', { name: 'Close the history' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/settings$`));
});

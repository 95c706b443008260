import { expect, test, type Browser, type Page } from '@playwright/test';

/** This file's own seeded chatbot, edited from two browsers at once. */
const BOT = 'e2e-conflict';
const AUTH = { authorization: 'demo-secret-key' };

/** A second person: a browser context of its own, with its own storage. */
async function openEditor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible({ timeout: 30_000 });
  return page;
}

async function saveAndExpectSaved(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' }).last()).toBeVisible();
  await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
}

test.describe('two people editing the same chatbot', () => {
  test.setTimeout(120_000);

  test('the second save shows the first one’s change and keeps both when they touched different fields', async ({ browser, request }) => {
    const run = Date.now().toString(36);
    const [first, second] = [await openEditor(browser), await openEditor(browser)];

    await first.getByLabel('Name', { exact: true }).fill(`Name from the first ${run}`);
    await saveAndExpectSaved(first);

    await second.getByLabel('Welcome message').fill(`Welcome from the second ${run}`);
    await saveAndExpectSaved(second);
    const notice = second.getByTestId('merged-notice');
    await expect(notice).toContainText('Demo owner saved Name');
    await expect(notice).toContainText('Their change kept: Name');
    await expect(notice).toContainText('Your change saved: Welcome message');
    await notice.getByRole('switch', { name: 'Show their change' }).check();
    await expect(notice.getByTestId('version-diff').locator('[data-field="Name"]')).toContainText(`Name from the first ${run}`);
    // The form shows the merged settings: the other person's name is not sent back over.
    await expect(second.getByLabel('Name', { exact: true })).toHaveValue(`Name from the first ${run}`);

    const detail = (await (await request.post('/chat/Chatbot/Detail', { data: { serialNumber: BOT }, headers: AUTH })).json()).Data;
    expect(detail).toMatchObject({ Name: `Name from the first ${run}`, WelcomeMessage: `Welcome from the second ${run}` });
    const versions = (await (await request.post('/chat/Chatbot/Versions', { data: { serialNumber: BOT, PageSize: 2 }, headers: AUTH })).json()).Data;
    expect(versions.List.map((version: { ChangedFields: string[] }) => version.ChangedFields)).toEqual([['WelcomeMessage'], ['Name']]);
    await first.context().close();
    await second.context().close();
  });

  test('where both changed the same field, Save asks which value to keep and merges the rest', async ({ browser, request }) => {
    const run = Date.now().toString(36);
    const [first, second] = [await openEditor(browser), await openEditor(browser)];

    await first.getByLabel('Name', { exact: true }).fill(`First's name ${run}`);
    await first.getByLabel('Welcome message').fill(`First's welcome ${run}`);
    await saveAndExpectSaved(first);

    await second.getByLabel('Name', { exact: true }).fill(`Second's name ${run}`);
    await second.getByLabel('Input placeholder').fill(`Second's placeholder ${run}`);
    await second.getByRole('button', { name: 'Save changes' }).click();
    const dialog = second.getByRole('dialog', { name: 'The settings changed while you were editing' });
    await expect(dialog.getByTestId('remote-change')).toContainText('Demo owner saved Name, Welcome message');
    await expect(dialog.getByTestId('merged-without-asking')).toContainText('Their change kept: Welcome message');
    await expect(dialog.getByTestId('merged-without-asking')).toContainText('Your change saved: Input placeholder');
    const name = dialog.getByRole('radiogroup', { name: 'Name' });
    await expect(name.getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await expect(name).toContainText(`Second's name ${run}`);
    await expect(name).toContainText(`First's name ${run}`);

    // Going back to editing saves nothing and says a merge is waiting.
    await dialog.getByRole('button', { name: 'Back to editing' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(second.getByRole('status').filter({ hasText: 'Changed elsewhere' })).toBeVisible();
    const unchanged = (await (await request.post('/chat/Chatbot/Detail', { data: { serialNumber: BOT }, headers: AUTH })).json()).Data;
    expect(unchanged.Name).toBe(`First's name ${run}`);

    await second.getByRole('button', { name: 'Save changes' }).click();
    await name.getByRole('radio', { name: /Take theirs/ }).check();
    await dialog.getByRole('button', { name: 'Save merged settings' }).click();
    await expect(second.getByRole('alert').filter({ hasText: 'Settings saved' }).last()).toBeVisible();
    await expect(second.getByTestId('merged-notice')).toContainText('Both changed, theirs taken: Name');
    await expect(second.getByLabel('Name', { exact: true })).toHaveValue(`First's name ${run}`);
    await expect(second.getByLabel('Welcome message')).toHaveValue(`First's welcome ${run}`);

    const detail = (await (await request.post('/chat/Chatbot/Detail', { data: { serialNumber: BOT }, headers: AUTH })).json()).Data;
    expect(detail).toMatchObject({ Name: `First's name ${run}`, WelcomeMessage: `First's welcome ${run}`, UserInputPlaceholder: `Second's placeholder ${run}` });
    await first.context().close();
    await second.context().close();
  });
});

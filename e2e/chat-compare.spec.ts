import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** This spec's own seeded chatbot. */
const BOT = 'e2e-compare';
const AUTH = { authorization: 'demo-secret-key' };
const QUESTION = 'Which homes for sale in Austin have three bedrooms?';
/** A first visit of the chat loads its chunk: slow on a busy machine. */
const AREA_LOAD = { timeout: 30_000 };
const ANSWERED = { timeout: 45_000 };

async function edit(request: APIRequestContext, serialNumber: string, fields: Record<string, unknown>) {
  const response = await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber, ...fields } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function newestVersion(request: APIRequestContext, serialNumber: string): Promise<number> {
  const response = await request.post('/chat/Chatbot/Versions', { headers: AUTH, data: { serialNumber, PageNumber: 1, PageSize: 1 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { Data: { List: Array<{ Version: number }> } }).Data.List[0]!.Version;
}

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

test('an answer names the settings version it ran with, links to it, and says when the settings have changed since', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const version = await newestVersion(request, BOT);
  await page.goto(`/bots/${BOT}/chat`);
  await expect(messageBox(page)).toBeVisible(AREA_LOAD);
  await send(page, QUESTION);
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done', ANSWERED);

  await answer.getByRole('button', { name: 'Details' }).click();
  const details = answer.getByRole('table', { name: 'Answer details' });
  const session = /#(\d+)/.exec((await page.getByText(/^Session #\d+$/).textContent()) ?? '')![1]!;
  await expect(details.getByRole('row', { name: /^Session ID/ })).toContainText(session);
  const link = details.getByRole('link', { name: `Settings v${version}`, exact: true });
  await expect(link).toBeVisible();
  await expect(details.getByTestId('settings-changed-notice')).toHaveCount(0);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/settings\\?history=${version}$`));

  // A save elsewhere (another client, through the service): the older answer says so.
  await edit(request, BOT, { WelcomeMessage: `Welcome, saved after the answer (${Date.now()})` });
  await page.goBack();
  const older = page.getByTestId('assistant-message').last();
  await expect(older).toHaveAttribute('data-status', 'done', AREA_LOAD);
  await older.getByRole('button', { name: 'Details' }).click();
  const olderDetails = older.getByRole('table', { name: 'Answer details' });
  await expect(olderDetails.getByRole('link', { name: `Settings v${version}`, exact: true })).toBeVisible();
  await expect(olderDetails.getByTestId('settings-changed-notice')).toHaveText(
    `Settings have changed since this answer (now v${version + 1})`,
  );

  // A question asked now runs with the new version, and nothing has changed since.
  await send(page, QUESTION);
  const newer = page.getByTestId('assistant-message').last();
  await expect(newer).toHaveAttribute('data-status', 'done', ANSWERED);
  await newer.getByRole('button', { name: 'Details' }).click();
  const newerDetails = newer.getByRole('table', { name: 'Answer details' });
  await expect(newerDetails.getByRole('link', { name: `Settings v${version + 1}`, exact: true })).toBeVisible();
  await expect(newerDetails.getByTestId('settings-changed-notice')).toHaveCount(0);
});

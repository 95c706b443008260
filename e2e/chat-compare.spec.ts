import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SLOW_PACE } from './support/e2e-service';

/** This spec's own seeded chatbots: the one whose chat is open, and the one it is compared with. */
const BOT = 'e2e-compare';
const OTHER = 'e2e-compare-b';
const AUTH = { authorization: 'demo-secret-key' };
const QUESTION = 'Which homes for sale in Austin have three bedrooms?';
/** Streamed at the slow pace (SLOW_PACE): the tests that use it must see it mid-way. */
const LONG_QUESTION = `Describe in detail every home for sale in Austin, with prices, rooms and neighbourhoods. ${SLOW_PACE}`;
/** Makes each answer take well over 10 s at the service's slow pace of 25 ms a word, so Stop lands mid-answer. */
const LONG_SUFFIX = Array.from({ length: 40 }, (_, index) => `Note ${index + 1}: prices and availability change often, ask us.`).join(' ');
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

function pane(page: Page, which: 'First' | 'Second') {
  return page.getByRole('region', { name: new RegExp(`^${which} chatbot: `) });
}

/** The number in the pane's "Session #N" badge. */
async function sessionOf(region: Locator): Promise<string> {
  const text = (await region.getByTestId('compare-session').textContent()) ?? '';
  return /#(\d+)/.exec(text)![1]!;
}

test.describe.configure({ mode: 'serial' });

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

test.describe('Compare', () => {
  test.beforeAll(async ({ request }) => {
    // The second chatbot answers with other settings, saved twice: its version is not the first's.
    await edit(request, OTHER, { Name: 'Compare B', ChatBubbleColor: 'rgb(12,166,120)' });
    await edit(request, OTHER, { WelcomeMessage: 'Hello from the second chatbot.' });
  });

  test('one question, two complete answers side by side, each with its own session and settings version; a reload keeps them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/bots/${BOT}/chat`);
    await expect(messageBox(page)).toBeVisible(AREA_LOAD);
    // By keyboard: the switch turns Compare on, with the first other chatbot of the list.
    await page.getByRole('switch', { name: 'Compare' }).focus();
    await page.keyboard.press('Space');
    // The Demo owner works on every chatbot: the first other of the switcher's list is demo-bot.
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat\\?compare=demo-bot$`));
    const first = pane(page, 'First');
    const second = pane(page, 'Second');
    await second.getByRole('combobox', { name: 'Second chatbot' }).click();
    await page.getByRole('listbox', { name: 'Second chatbot' }).getByRole('option', { name: OTHER, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat\\?compare=${OTHER}$`));
    await expect(first.getByRole('combobox', { name: 'First chatbot' })).toHaveValue(BOT);
    await expect(second.getByRole('combobox', { name: 'Second chatbot' })).toHaveValue(OTHER);
    await expect(second.getByTestId('welcome-message')).toHaveText('Hello from the second chatbot.');

    const versions = [await newestVersion(request, BOT), await newestVersion(request, OTHER)];
    expect(versions[0]).not.toBe(versions[1]);

    // A long answer: what is checked while both are written must still be true when it is
    // checked, on a loaded machine too (a short answer once finished before Stop was looked for).
    await send(page, LONG_QUESTION);
    const firstAnswer = first.getByTestId('assistant-message');
    const secondAnswer = second.getByTestId('assistant-message');
    const answers = [firstAnswer, secondAnswer];
    // Both are written at the same time, with one Stop for both.
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(firstAnswer).toHaveAttribute('data-status', 'streaming');
    await expect(secondAnswer).toHaveAttribute('data-status', 'streaming');
    for (const answer of answers) await expect(answer).toHaveAttribute('data-status', 'done', ANSWERED);
    await expect(first.getByTestId('user-message')).toContainText(LONG_QUESTION);
    await expect(second.getByTestId('user-message')).toContainText(LONG_QUESTION);

    const sessions = [await sessionOf(first), await sessionOf(second)];
    expect(sessions[0]).not.toBe(sessions[1]);
    for (const [index, answer] of answers.entries()) {
      const summary = answer.getByTestId('answer-summary');
      await expect(summary).toContainText(new RegExp(`\\d+ tokens · first fragment \\d+(\\.\\d+)? m?s · total \\d+(\\.\\d+)? m?s · session #${sessions[index]}`));
      await expect(summary.getByRole('link', { name: `Settings v${versions[index]}`, exact: true })).toHaveAttribute(
        'href',
        `/bots/${index === 0 ? BOT : OTHER}/settings?history=${versions[index]}`,
      );
      const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
      expect(text.length).toBeGreaterThan(20);
    }

    // The comparison survives a reload: the same two sessions, each with its answer.
    await page.reload();
    await expect(first.getByTestId('assistant-message')).toHaveAttribute('data-status', 'done', AREA_LOAD);
    expect([await sessionOf(first), await sessionOf(second)]).toEqual(sessions);
    await expect(second.getByTestId('assistant-message')).toHaveCount(1);

    // The second chatbot is chosen from the switcher's list, by keyboard: another pair, a new comparison.
    const picker = second.getByRole('combobox', { name: 'Second chatbot' });
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    const options = page.getByRole('listbox');
    await expect(options.getByRole('option', { name: BOT, exact: true })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat\\?compare=${BOT}$`));
    await expect(first.getByTestId('assistant-message')).toHaveCount(0);
    await expect(second.getByText('No session yet')).toBeVisible();

    // Compare off: the chat as before, its own session list and composer.
    await page.getByRole('switch', { name: 'Compare' }).click();
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat$`));
    await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  });

  test("the header's chatbot switcher changes the first chatbot and goes on comparing with the second", async ({ page }) => {
    await page.goto(`/bots/${BOT}/chat?compare=${OTHER}`);
    await expect(messageBox(page)).toBeVisible(AREA_LOAD);

    await page.getByRole('banner').getByRole('combobox', { name: 'Chatbot' }).selectOption('demo-bot');
    await expect(page).toHaveURL(new RegExp(`/bots/demo-bot/chat\\?compare=${OTHER}$`));
    await expect(pane(page, 'First').getByRole('combobox', { name: 'First chatbot' })).toHaveValue('demo-bot');
    await expect(pane(page, 'Second').getByRole('combobox', { name: 'Second chatbot' })).toHaveValue(OTHER);
    await expect(page.getByRole('switch', { name: 'Compare' })).toBeChecked();
  });

  test('Stop stops both answers, each keeping what had come', async ({ page, request }) => {
    test.setTimeout(120_000);
    await edit(request, BOT, { AnswerSuffix: LONG_SUFFIX });
    await edit(request, OTHER, { AnswerSuffix: LONG_SUFFIX });
    await page.goto(`/bots/${BOT}/chat?compare=${OTHER}`);
    await expect(messageBox(page)).toBeVisible(AREA_LOAD);
    await send(page, LONG_QUESTION);
    const answers = [pane(page, 'First').getByTestId('assistant-message'), pane(page, 'Second').getByTestId('assistant-message')];
    for (const answer of answers) {
      await expect(answer).toHaveAttribute('data-status', 'streaming');
      await expect.poll(async () => ((await answer.getByTestId('answer-text').textContent()) ?? '').length, AREA_LOAD).toBeGreaterThan(10);
    }

    await page.getByRole('button', { name: 'Stop' }).click();
    for (const answer of answers) {
      await expect(answer).toHaveAttribute('data-status', 'stopped');
      await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
    }
    const lengths = await Promise.all(answers.map(async (answer) => ((await answer.getByTestId('answer-text').textContent()) ?? '').length));
    await page.waitForTimeout(500);
    expect(await Promise.all(answers.map(async (answer) => ((await answer.getByTestId('answer-text').textContent()) ?? '').length))).toEqual(
      lengths,
    );
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  for (const { width, height, stacked } of [
    { width: 390, height: 844, stacked: true },
    { width: 1920, height: 1080, stacked: false },
  ]) {
    test(`at ${width} px the two transcripts ${stacked ? 'stack' : 'sit side by side'}, with no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(`/bots/${BOT}/chat?compare=${OTHER}`);
      await expect(messageBox(page)).toBeVisible(AREA_LOAD);
      // On this demo start the Demo owner's banner arrives after the first page and moves the panes down.
      await expect(page.getByRole('region', { name: 'Demo owner' })).toBeVisible();
      const first = (await pane(page, 'First').boundingBox())!;
      const second = (await pane(page, 'Second').boundingBox())!;
      if (stacked) {
        expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
        expect(Math.abs(second.x - first.x)).toBeLessThan(1);
      } else {
        expect(second.x).toBeGreaterThanOrEqual(first.x + first.width - 1);
        expect(Math.abs(second.y - first.y)).toBeLessThan(1);
      }
      for (const box of [first, second]) expect(box.height).toBeGreaterThan(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`compare-${width}.png`) });
    });
  }
});

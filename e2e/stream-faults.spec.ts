import { expect, test, type Page } from '@playwright/test';

/*
 * A streamed answer that breaks, for real: the e2e service runs with FAULTS=all, so a
 * question containing `[fault:<name>]` breaks that way after a few fragments, once per
 * session and question; Retry asks the same question again and gets the whole answer.
 */
const BOT = 'e2e-faults';
const QUESTION = 'Describe every home for sale in Austin, with prices and rooms.';

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

function lastAnswer(page: Page) {
  return page.getByTestId('assistant-message').last();
}

async function openChat(page: Page) {
  await page.goto(`/bots/${BOT}/chat`);
  await expect(messageBox(page)).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The page still answers the user: the draft takes typing, then is cleared again. */
async function expectResponsive(page: Page) {
  await messageBox(page).fill('Still typing');
  await expect(messageBox(page)).toHaveValue('Still typing');
  await messageBox(page).fill('');
}

/** After the fault: the partial answer stays, the alert says what happened, Retry gets the whole answer. */
async function expectFailureThenRetry(page: Page, title: string, message: string | RegExp) {
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'failed');
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText(title);
  await expect(alert).toContainText(message);
  await expect(answer.getByText('Interrupted', { exact: true })).toBeVisible();
  const partial = normalise(await answer.getByTestId('answer-text').textContent());
  expect(partial.length).toBeGreaterThan(0);
  await expectResponsive(page);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(lastAnswer(page).getByRole('alert')).toHaveCount(0);
  const whole = normalise(await lastAnswer(page).getByTestId('answer-text').textContent());
  expect(whole.length).toBeGreaterThan(partial.length);
  // What stayed on screen was the beginning of the very answer that Retry completed.
  expect(whole.startsWith(partial)).toBe(true);
}

test.describe('a streamed answer that breaks', () => {
  test('the connection drops mid-answer', async ({ page }) => {
    await openChat(page);
    await send(page, `${QUESTION} [fault:drop]`);
    await expect(lastAnswer(page).getByTestId('answer-text')).not.toBeEmpty();
    await expectFailureThenRetry(page, 'The connection dropped', 'The connection dropped after part of the answer');
  });

  test('the stream ends without its final object', async ({ page }) => {
    await openChat(page);
    await send(page, `${QUESTION} [fault:no-final]`);
    await expectFailureThenRetry(page, 'The answer was cut off', 'The answer ended before it was complete');
  });

  test('a fragment arrives malformed', async ({ page }) => {
    await openChat(page);
    await send(page, `${QUESTION} [fault:malformed]`);
    await expectFailureThenRetry(page, 'The answer arrived malformed', 'The service sent a malformed fragment: it is not valid JSON');
  });

  test('the service stalls for longer than the client waits', async ({ page }) => {
    // The page's timers run on a clock the test can move on, so the 30 s wait takes no time.
    await page.clock.install();
    await openChat(page);
    await send(page, `${QUESTION} [fault:stall]`);
    const answer = lastAnswer(page);
    await expect(answer.getByTestId('answer-text')).not.toBeEmpty();
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    // While the service is silent the page is not: typing works, Stop is offered.
    await expectResponsive(page);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

    await page.clock.fastForward(31_000);
    await expectFailureThenRetry(page, 'The service stopped answering', /The service stopped answering for 30 s, after \d+ fragments/);
  });

  test('Stop still works while the service stalls, and keeps the partial answer', async ({ page }) => {
    await openChat(page);
    await send(page, `${QUESTION} [fault:stall]`);
    const answer = lastAnswer(page);
    await expect(answer.getByTestId('answer-text')).not.toBeEmpty();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(answer.getByTestId('answer-text')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startOwnService, type OwnService } from './support/own-service';

/** This spec's own seeded chatbot, on a service of its own that uses custom keys. */
const BOT = 'e2e-secrets';
const stamp = Date.now().toString(36);
const SECRET_KEY = `sk-custom-${stamp}-Secret`;
const SESSION_KEY = `ssk-custom-${stamp}-Session`;
const WRONG_SECRET_KEY = `sk-wrong-${stamp}-Guess`;
const WRONG_SESSION_KEY = `ssk-wrong-${stamp}-Guess`;
const KEYS = [SECRET_KEY, SESSION_KEY, WRONG_SECRET_KEY, WRONG_SESSION_KEY];

const leakedIn = (text: string) => KEYS.filter((key) => text.includes(key) || text.includes(encodeURIComponent(key)));

/** Every request URL and console line of the context, and whether the keys were really used. */
function watchLeaks(context: BrowserContext) {
  const urls: string[] = [];
  const consoleLines: string[] = [];
  let keysSent = 0;
  context.on('request', (request) => {
    urls.push(request.url());
    const headers = request.headers();
    if (headers.authorization === SECRET_KEY || headers['chatrobot-sessionkey'] === SESSION_KEY) keysSent += 1;
  });
  context.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  context.on('weberror', (error) => consoleLines.push(`pageerror: ${error.error().message}`));
  return {
    expectNoLeaks() {
      expect(urls.flatMap(leakedIn), 'a key in a request URL').toEqual([]);
      expect(consoleLines.flatMap(leakedIn), 'a key in a console message').toEqual([]);
      expect(keysSent, 'requests that carried the keys').toBeGreaterThan(0);
    },
  };
}

/** What the page shows (alerts, notifications, results, error pages): never a key. Inputs are not text. */
async function expectNoKeyShown(page: Page) {
  expect(leakedIn(await page.locator('body').innerText()), 'a key shown on the page').toEqual([]);
  const ariaAndTitles = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title], [aria-description]')]
      .map((element) => ['aria-label', 'title', 'aria-description'].map((name) => element.getAttribute(name) ?? '').join(' '))
      .join('\n'),
  );
  expect(leakedIn(ariaAndTitles), 'a key in a label').toEqual([]);
}

async function storageOf(page: Page) {
  return page.evaluate(() => ({
    local: JSON.stringify({ ...window.localStorage }),
    session: JSON.stringify({ ...window.sessionStorage }),
  }));
}

async function connect(page: Page, secretKey: string, sessionKey: string, remember: boolean) {
  await page.goto('/connection');
  await page.getByLabel('Secret key').fill(secretKey);
  await page.getByLabel('Session key').fill(sessionKey);
  const rememberBox = page.getByLabel('Remember on this device');
  if (remember) await rememberBox.check();
  else await rememberBox.uncheck();
}

/** Listings, settings and a chat answer: every area sends its requests with the keys. */
async function workInEveryArea(page: Page) {
  await page.goto(`/bots/${BOT}/listings`);
  await expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('City').fill('Austin');
  await expect(page).toHaveURL(/city=Austin/);

  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();

  await page.goto(`/bots/${BOT}/chat`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Homes for sale in Austin');
  await box.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expectNoKeyShown(page);
}

test.describe('keys stay secret in the browser', () => {
  let service: OwnService;

  // Custom keys: the shared service uses the demo keys, which the browser is handed openly.
  test.beforeAll(async () => {
    service = await startOwnService([BOT], { API_SECRET_KEY: SECRET_KEY, API_SESSION_KEY: SESSION_KEY });
  });
  test.afterAll(async () => {
    await service.dispose();
  });

  test('without "remember": no key in a URL, a console line, an error shown, or localStorage', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: service.url });
    const leaks = watchLeaks(context);
    const page = await context.newPage();

    // A new browser gets the chatbots but not the custom keys, and is sent to Connection.
    await page.goto('/');
    await expect(page).toHaveURL(/\/connection$/);
    await expectNoKeyShown(page);

    // A wrong key: the test names the refusal, never the key.
    await connect(page, WRONG_SECRET_KEY, SESSION_KEY, false);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const results = page.getByRole('region', { name: 'Connection test results' });
    await expect(results.getByRole('listitem').filter({ hasText: 'Secret key' })).toContainText('refused');
    await expectNoKeyShown(page);

    // A wrong session key saved: the refusal anywhere leads back here with the reason, and no key.
    await page.getByLabel('Secret key').fill(SECRET_KEY);
    await page.getByLabel('Session key').fill(WRONG_SESSION_KEY);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.goto(`/bots/${BOT}/listings`);
    await expect(page).toHaveURL(/\/connection$/);
    await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toContainText('chatrobot-sessionkey');
    await expectNoKeyShown(page);

    await page.getByLabel('Session key').fill(SESSION_KEY);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(results.getByText('All checks passed')).toBeVisible();
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page).toHaveURL(/\/bots\/[^/]+\/listings/);

    await workInEveryArea(page);

    // A 400 from the service (the request altered on its way, the answer real): named field, no key.
    await page.goto(`/bots/${BOT}/listings`);
    await page.route('**/chat/Chatbot/RealEstateUpdate', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, Bedrooms: -1 }) });
    });
    const row = page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1);
    await row.getByRole('button', { name: /^Edit / }).click();
    const form = page.getByRole('dialog', { name: 'Edit listing' });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByLabel('Bedrooms')).toHaveAttribute('aria-invalid', 'true');
    await expectNoKeyShown(page);

    const stored = await storageOf(page);
    expect(leakedIn(stored.local), 'a key in localStorage').toEqual([]);
    expect(stored.session).toContain(SECRET_KEY);
    expect(stored.session).toContain(SESSION_KEY);

    leaks.expectNoLeaks();
    await context.close();
  });

  test('with "remember": the keys are in localStorage, still in no URL or console line; unticking removes them', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: service.url });
    const leaks = watchLeaks(context);
    const page = await context.newPage();
    await page.goto('/');
    await connect(page, SECRET_KEY, SESSION_KEY, true);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page).toHaveURL(/\/bots\/[^/]+\/listings/);

    let stored = await storageOf(page);
    expect(stored.local).toContain(SECRET_KEY);
    expect(stored.local).toContain(SESSION_KEY);

    // Remembered on this device: a new tab is connected without typing.
    const other = await context.newPage();
    await workInEveryArea(other);
    await other.close();

    await page.goto('/connection');
    await page.getByLabel('Remember on this device').uncheck();
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page).toHaveURL(/\/bots\/[^/]+\/listings/);
    stored = await storageOf(page);
    expect(leakedIn(stored.local), 'a key in localStorage after unticking').toEqual([]);
    expect(stored.session).toContain(SECRET_KEY);

    leaks.expectNoLeaks();
    await context.close();
  });
});

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

/**
 * Every request of the context, and its console: no request carries a key header at all (the
 * server adds the key it holds), and no key appears in a URL, a body or a console line.
 */
function watchLeaks(context: BrowserContext) {
  const urls: string[] = [];
  const bodies: string[] = [];
  const consoleLines: string[] = [];
  const keyHeaders: string[] = [];
  context.on('request', (request) => {
    urls.push(request.url());
    bodies.push(request.postData() ?? '');
    const headers = request.headers();
    for (const name of ['authorization', 'chatrobot-sessionkey']) if (headers[name] !== undefined) keyHeaders.push(`${request.method()} ${request.url()}: ${name}`);
  });
  context.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  context.on('weberror', (error) => consoleLines.push(`pageerror: ${error.error().message}`));
  return {
    expectNoLeaks() {
      expect(keyHeaders, 'a request that carried a key header').toEqual([]);
      expect(urls.flatMap(leakedIn), 'a key in a request URL').toEqual([]);
      expect(bodies.flatMap(leakedIn), 'a key in a request body').toEqual([]);
      expect(consoleLines.flatMap(leakedIn), 'a key in a console message').toEqual([]);
      expect(urls.filter((url) => url.includes('/chat/')).length, 'requests to the operations').toBeGreaterThan(5);
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

/** Listings, settings and a chat answer: every area works, with the keys the server holds. */
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

test.describe('keys never reach the browser', () => {
  let service: OwnService;

  // Custom keys: the service holds them, and a browser is never handed them, nor the demo ones.
  test.beforeAll(async () => {
    service = await startOwnService([BOT], { API_SECRET_KEY: SECRET_KEY, API_SESSION_KEY: SESSION_KEY });
  });
  test.afterAll(async () => {
    await service.dispose();
  });

  test('every area works with no key in a request, a URL, a console line, an error shown or the storage', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: service.url });
    // Keys an earlier version of the console left in this browser's storage are removed on load.
    await context.addInitScript(
      ([secret, session]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        const old = JSON.stringify({ baseUrl: '', secretKey: secret, sessionKey: session, chatbotIds: ['x'], remember: true });
        localStorage.setItem('realty-bot-console.connection', old);
        sessionStorage.setItem('realty-bot-console.connection', old);
      },
      [WRONG_SECRET_KEY, WRONG_SESSION_KEY],
    );
    const leaks = watchLeaks(context);
    const page = await context.newPage();

    await page.goto('/connection');
    await expect(page.getByRole('row', { name: /Signed in as/ })).toContainText('Demo owner');
    await expect(page.getByLabel('Secret key')).toHaveCount(0);
    await expectNoKeyShown(page);

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
    expect(leakedIn(stored.session), 'a key in sessionStorage').toEqual([]);
    expect(await page.evaluate(() => document.cookie), 'the session cookie is HttpOnly').not.toContain('rbc_session');

    leaks.expectNoLeaks();
    await context.close();
  });
});

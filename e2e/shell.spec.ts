import { expect, test } from '@playwright/test';

test.describe('app shell and connection', () => {
  test('a fresh start opens the dashboard connected to the demo chatbot', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/bots\/demo-bot\/listings$/);
    await expect(page.getByRole('combobox', { name: 'Chatbot' })).toHaveValue('demo-bot');
    await expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible();
  });

  test('the dashboard starts when its code runs before the page has been parsed', async ({ page }) => {
    // On a warm cache the early boot script can bring in the page's code, and with it the
    // app's entry, before the parser has reached #root. A slow script just before #root holds
    // the parser there until the entry has run.
    let releaseParser!: () => void;
    const parserHeld = new Promise<void>((resolve) => (releaseParser = resolve));
    await page.route('**/hold-the-parser.js', async (route) => {
      await parserHeld;
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.route(
      (url) => url.pathname.startsWith('/bots/'),
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<div id="root">', '<script src="/hold-the-parser.js"></script><div id="root">');
        await route.fulfill({ response, body: html });
      },
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The entry creates the router, whose loader asks for the listings: proof that it has run.
    const entryRan = page.waitForRequest('**/chat/Chatbot/RealEstateList');
    await page.goto('/bots/e2e-shell/listings', { waitUntil: 'commit' });
    await entryRan;
    expect(await page.evaluate(() => document.readyState)).toBe('loading');
    releaseParser();

    await expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a first visit to the chat asks for the chatbot's settings while the page's code is still on its way", async ({ page }) => {
    // The chat's route loader sends the request (src/app/prefetch.ts). The page's chunk is held
    // until the request is seen: were it sent by the page itself, it would never come.
    const detailAsked = page.waitForRequest((request) => request.url().endsWith('/chat/Chatbot/Detail'));
    let pageCodeHeld = false;
    await page.route(/\/assets\/chat-page-[\w-]+\.js$/, async (route) => {
      pageCodeHeld = true;
      await detailAsked;
      await route.continue();
    });
    await page.goto('/bots/e2e-shell/chat', { waitUntil: 'commit' });
    await detailAsked;
    expect(pageCodeHeld).toBe(true);
    await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Transcript' }).getByText('Write a message to start a chat')).toBeVisible();
  });

  test('navigation reaches the three areas and every view is linkable', async ({ page }) => {
    await page.goto('/bots/e2e-shell/listings');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/bots\/e2e-shell\/settings$/);
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL(/\/bots\/e2e-shell\/chat$/);
    await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();

    await nav.getByRole('link', { name: 'Listings' }).click();
    await expect(page).toHaveURL(/\/bots\/e2e-shell\/listings$/);
    await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  });

  test('the chatbot switcher keeps the area and changes the chatbot', async ({ page }) => {
    await page.goto('/bots/demo-bot/chat');
    const switcher = page.getByRole('combobox', { name: 'Chatbot' });
    await switcher.focus();
    // The next chatbot of the list: the demo one's staging twin.
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\/bots\/demo-bot-staging\/chat$/);
    await expect(switcher).toHaveValue('demo-bot-staging');
    await switcher.selectOption('demo-bot');
    await expect(page).toHaveURL(/\/bots\/demo-bot\/chat$/);
  });

  test('Test connection checks the service and the keys the server holds, none of which the browser has', async ({ page }) => {
    await page.goto('/connection');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const results = page.getByRole('region', { name: 'Connection test results' });
    await expect(results.getByText('All checks passed')).toBeVisible();
    await expect(results.getByText('Secret key', { exact: true })).toBeVisible();
    await expect(results.getByText('Session key', { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /Signed in as/ })).toContainText('Demo owner');
    await expect(page.getByLabel('Secret key')).toHaveCount(0);
  });

  test('a session that ended leads to Sign in, and the console comes back where the user was', async ({ page, context }) => {
    await page.goto('/bots/e2e-shell/listings');
    await expect(page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible();
    const pagesAsked: string[] = [];
    page.on('request', (sent) => {
      if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) pagesAsked.push(`${new URL(sent.url()).pathname}${new URL(sent.url()).search}`);
    });
    // As if the session had timed out: the next request is refused, wherever it comes from.
    await context.clearCookies();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    // The sign-in page is asked for, with the way back. On a demo start the server sends it
    // straight back there, where the dashboard signs the Demo owner in again by itself.
    await expect.poll(() => pagesAsked, { timeout: 30_000 }).toContain(`/sign-in?next=${encodeURIComponent('/bots/e2e-shell/settings')}`);
    await expect(page).toHaveURL(/\/bots\/e2e-shell\/settings$/, { timeout: 30_000 });
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('rbc_session');
  });

  test('no key is kept in the browser: not in storage, not in the bootstrap, and the session cookie is HttpOnly', async ({ page }) => {
    await page.goto('/connection');
    await expect(page.getByRole('row', { name: /Signed in as/ })).toContainText('Demo owner');
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage, cookie: document.cookie }));
    expect(stored).not.toContain('demo-secret-key');
    expect(stored).not.toContain('demo-session-key');
    expect(stored).not.toContain('rbc_session');
    const bootstrap = await page.evaluate(() => fetch('/console/bootstrap').then((response) => response.text()));
    expect(bootstrap).toContain('Demo owner');
    expect(bootstrap).not.toContain('demo-secret-key');
  });

  test('dark mode can be toggled', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/connection');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

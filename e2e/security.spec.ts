import { expect, test, type Page } from '@playwright/test';

/**
 * The served Content-Security-Policy blocks nothing the app does, in each area (listings,
 * settings, chat, including uploads, previews and streamed answers), and no request the app
 * makes carries a key in its address.
 */

const BOT = 'e2e-security';
const KEYS = ['demo-secret-key', 'demo-session-key'];
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Watch {
  violations(): Promise<string[]>;
  urls: string[];
}

/** Records CSP violations (the DOM event and Chromium's console report) and every request address. */
async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return {
    urls,
    violations: async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...fromConsole],
  };
}

async function expectClean(watched: Watch) {
  expect(await watched.violations()).toEqual([]);
  for (const url of watched.urls) {
    for (const key of KEYS) expect({ url, key, inAddress: url.includes(key) }).toEqual({ url, key, inAddress: false });
  }
}

test.describe('security', () => {
  test('the app is served with a CSP that allows scripts from its own origin only', async ({ page }) => {
    const response = await page.goto(`/bots/${BOT}/listings`);
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    expect(response!.headers()['x-frame-options']).toBe('DENY');
  });

  test('listings: browsing and the create form with an image preview trigger no violation', async ({ page }) => {
    const watched = await watch(page);
    // Listing photos live on other hosts; this one answers with a real picture, offline.
    await page.route('https://img.example.com/**', (route) => route.fulfill({ contentType: 'image/png', body: PIXEL_PNG }));
    await page.goto(`/bots/${BOT}/listings`);
    const table = page.getByRole('table', { name: 'Listings' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Create listing' }).click();
    const create = page.getByRole('dialog', { name: 'Create listing' });
    await create.getByRole('button', { name: 'Add image' }).click();
    await create.getByLabel('Image 1', { exact: true }).fill('https://img.example.com/e2e/kitchen.jpg');
    // The preview loads the photo from another origin (img-src allows https:).
    await expect(create.getByRole('img', { name: 'Preview of image 1' })).toHaveJSProperty('naturalWidth', 1);
    await expectClean(watched);
  });

  test('settings: loading and an icon upload with its thumbnail trigger no violation', async ({ page }) => {
    const watched = await watch(page);
    await page.goto(`/bots/${BOT}/settings`);
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible({ timeout: 30_000 });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Upload|Replace) chat icon$/ }).click();
    await (await chooser).setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const icon = page.getByRole('group', { name: 'Chat icon' });
    await expect(icon.getByRole('img', { name: 'Chat icon thumbnail' })).toBeVisible();
    await expect(icon.getByRole('img', { name: 'Chat icon thumbnail' })).toHaveJSProperty('complete', true);
    await expectClean(watched);
  });

  test('chat: a streamed answer and an image attachment trigger no violation', async ({ page }) => {
    const watched = await watch(page);
    await page.goto(`/bots/${BOT}/chat`);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('3 bedroom homes in Austin');
    await message.press('Enter');
    await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');

    await page.getByLabel('Files to attach').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.getByRole('listitem', { name: 'porch.png' })).toContainText('Uploaded');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('user-message').last()).toContainText('porch.png');
    await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
    await expectClean(watched);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';
import { expectSavedAndClosed } from './support/saved-dialog';

/**
 * The deployment a business runs: the console in proxy mode, the keys held server-side, in
 * front of the hosted service (here the suite's own local service stands in for it). A page on
 * another site tries to use it; uploaded pages and scripts try to run on the console's origin.
 */

/** This spec's own chatbot on the stand-in hosted service. */
const BOT = 'e2e-deploy';
const AUTH = { authorization: 'demo-secret-key' };
const SESSION = { 'chatrobot-sessionkey': 'demo-session-key' };
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Envelope<T> {
  Data: T;
  Code: number;
  Message: string;
}

async function call<T>(request: APIRequestContext, path: string, body: unknown, headers: Record<string, string> = AUTH): Promise<Envelope<T>> {
  const response = await request.post(path, { data: body, headers });
  return (await response.json()) as Envelope<T>;
}

async function settingsName(request: APIRequestContext): Promise<string> {
  return (await call<{ Name: string }>(request, '/chat/Chatbot/Detail', { serialNumber: BOT })).Data.Name;
}

async function listingCount(request: APIRequestContext): Promise<number> {
  const list = await call<{ VirtualCount: number }>(request, '/chat/Chatbot/RealEstateList', { SerialNumber: BOT, PageNumber: 1, PageSize: 1 }, SESSION);
  return list.Data.VirtualCount;
}

/** A page of another site, on its own port: it sends what a hostile page can send without CORS. */
function attackerPage(target: string): string {
  const edit = JSON.stringify({ serialNumber: BOT, Name: 'Taken over by text/plain' });
  const bare = JSON.stringify({ serialNumber: BOT, Name: 'Taken over without a type' });
  const create = JSON.stringify({ SerialNumber: BOT, MLSNumber: 'PWNED-1', URL: 'https://attacker.example/x' });
  // A text/plain form whose one field, with its "=", spells a JSON body.
  const formName = JSON.stringify({ serialNumber: BOT, Name: 'Taken over by a form', x: '' }).slice(0, -2);
  return `<!doctype html><title>Cheap homes</title>
<iframe name="sink" title="sink"></iframe>
<form id="form" method="post" enctype="text/plain" target="sink" action="${target}/chat/Chatbot/Edit">
  <input type="hidden" name='${formName}' value='"}'>
</form>
<script>
  const send = (path, init) => fetch('${target}' + path, { method: 'POST', mode: 'no-cors', ...init }).catch(() => undefined);
  Promise.all([
    send('/chat/Chatbot/Edit', { headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(edit)} }),
    send('/chat/Chatbot/Edit', { body: new Blob([${JSON.stringify(bare)}]) }),
    send('/chat/Chatbot/RealEstateCreate', { headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(create)} }),
  ]).then(() => { document.getElementById('form').submit(); document.title = 'sent'; });
</script>`;
}

/** The statuses the service answered /chat/ requests with, from its request log (LOG_LEVEL=info), in order. */
function answeredStatuses(log: string): number[] {
  const urls = new Map<string, string>();
  const statuses: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; req?: { url?: string }; res?: { statusCode?: number } };
    if (entry.reqId && entry.req?.url) urls.set(entry.reqId, entry.req.url);
    if (entry.reqId && entry.res?.statusCode && urls.get(entry.reqId)?.startsWith('/chat/')) statuses.push(entry.res.statusCode);
  }
  return statuses;
}

async function serveOnce(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test.describe('deployed in proxy mode with the keys held by the server', () => {
  let proxy: OwnService;
  /** The one-time setup link the proxy printed at start (not a demo start: it has no owner yet). */
  let setupLink: string | undefined;

  test.beforeAll(async ({ baseURL }) => {
    proxy = await startOwnService([], {
      UPSTREAM_URL: baseURL!,
      UPSTREAM_SECRET_KEY: AUTH.authorization,
      UPSTREAM_SESSION_KEY: SESSION['chatrobot-sessionkey'],
      DEMO_CHATBOT_ID: BOT,
      LOG_LEVEL: 'info',
    });
    // Read now: the request log that follows pushes the start-up lines out of the kept output.
    await expect.poll(() => (setupLink = /(http:\/\/\S+\/setup#token=[\w-]+)/.exec(proxy.output())?.[1])).toBeTruthy();
  });
  test.afterAll(async () => {
    await proxy?.dispose();
  });

  test('a page on another site cannot edit the chatbot or write listings through it', async ({ page, request }) => {
    const nameBefore = await settingsName(request);
    const listingsBefore = await listingCount(request);
    const attacker = await serveOnce(attackerPage(proxy.url));
    // The browser hides the answers from the attacking page (CORP), so the proxy's own request log tells what it answered.
    const sent: string[] = [];
    page.on('request', (attempt) => {
      if (attempt.url().startsWith(`${proxy.url}/chat/`)) sent.push(attempt.url());
    });
    try {
      await page.goto(attacker.url);
      await expect(page).toHaveTitle('sent');
      await expect.poll(() => answeredStatuses(proxy.output())).toEqual([403, 403, 403, 403]);
      // Three fetches and the form post left the page; each got 403 before anything was forwarded.
      expect(sent).toHaveLength(4);
    } finally {
      attacker.server.close();
    }
    expect(await settingsName(request)).toBe(nameBefore);
    expect(await listingCount(request)).toBe(listingsBefore);
  });

  test('a foreign Host name is refused, the app and its bootstrap included', async ({ request }) => {
    const port = new URL(proxy.url).port;
    for (const path of ['/', '/console/bootstrap', '/chat/Chatbot/ModelList']) {
      const response = await request.get(`${proxy.url}${path}`, { headers: { host: `rebound.attacker.example:${port}` } });
      expect(response.status(), path).toBe(403);
      expect(((await response.json()) as Envelope<null>).Message).toMatch(/ALLOWED_HOSTS/);
    }
  });

  test('the console works through it: settings saved, an answer streamed, a listing created', async ({ browser, request }) => {
    const context = await browser.newContext({ baseURL: proxy.url });
    const page = await context.newPage();
    const sentKeys: string[] = [];
    page.on('request', (sent) => {
      const headers = sent.headers();
      if (headers.authorization || headers['chatrobot-sessionkey']) sentKeys.push(sent.url());
    });

    // Not a demo start: the console waits for its first owner, whose one-time link is in the server's log.
    await page.goto(`/bots/${BOT}/settings`);
    await expect(page.getByText("Waiting for setup: open the link in the server's log")).toBeVisible();
    expect(setupLink, 'the setup link in the log').toBeTruthy();
    await page.goto(setupLink!.replace(/^http:\/\/[^/]+/, proxy.url));
    await expectAccessible(page, 'the setup page');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Name').fill('Proxy Owner');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long owner passphrase');
    await page.getByRole('button', { name: 'Create owner' }).click();
    await expect(page.getByRole('button', { name: 'Proxy Owner' })).toBeVisible();
    // The link worked once: it cannot make another owner.
    const again = await page.request.post('/console/setup', {
      data: { token: new URL(setupLink!).hash.slice('#token='.length), email: 'second@example.com', name: 'Second', password: 'a long owner passphrase' },
    });
    expect(again.status()).toBe(403);

    await page.goto(`/bots/${BOT}/settings`);
    const name = `Proxy desk ${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' })).toBeVisible();
    // Saved on the hosted service itself.
    expect(await settingsName(request)).toBe(name);
    // The settings preview is the widget, answering through this console (the proxy and its keys):
    // the local widget's public side is not served in this mode, and the preview does not need it.
    const preview = page.getByTestId('widget-preview').getByRole('dialog', { name });
    const previewBox = preview.getByRole('textbox', { name: 'Your message' });
    await previewBox.fill('Homes for sale in Austin?');
    await previewBox.press('Enter');
    await expect(preview.locator('div.message.bot').last()).toContainText('Austin', { timeout: 30_000 });
    await expect(preview.locator('div.message.notice')).toHaveCount(0);

    await page.goto(`/bots/${BOT}/chat`);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Homes for sale in Austin?');
    await message.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(answer.getByTestId('answer-text')).not.toBeEmpty();

    await page.goto(`/bots/${BOT}/listings`);
    const stamp = Date.now().toString(36).toUpperCase();
    await page.getByRole('button', { name: 'Create listing' }).click();
    const create = page.getByRole('dialog', { name: 'Create listing' });
    await create.getByLabel('Property type').fill('Condo');
    await create.getByLabel('MLS number').fill(`PROXY-${stamp}`);
    await create.getByLabel('Listing URL').fill(`https://homes.example.com/proxy/${stamp.toLowerCase()}`);
    await create.getByLabel('Sale price').fill('350000');
    await create.getByLabel('Bedrooms').fill('2');
    await create.getByLabel('Bathrooms').fill('2');
    await create.getByLabel('Parking spots').fill('1');
    await create.getByLabel('Year built').fill('2010');
    await create.getByLabel('Building area').fill('1100');
    await create.getByLabel('Lot area').fill('0');
    await create.getByLabel('Address').fill(`${stamp} Proxy Street`);
    await create.getByLabel('City').fill('Austin');
    await create.getByLabel('State').fill('TX');
    await create.getByRole('button', { name: 'Save listing' }).click();
    await expectSavedAndClosed(page, create, 'Listing created');
    const found = await call<{ VirtualCount: number }>(request, '/chat/Chatbot/RealEstateList', { SerialNumber: BOT, MLSNumber: `PROXY-${stamp}` }, SESSION);
    expect(found.Data.VirtualCount).toBe(1);

    // The browser never held a key: the server added them.
    expect(sentKeys).toEqual([]);
    await context.close();
  });

  test('the team shares one settings history through it: two browsers see the same versions, with names', async ({ browser }) => {
    // The owner set up by the test above signs in from two browsers, as two colleagues would.
    const openSignedIn = async () => {
      const context = await browser.newContext({ baseURL: proxy.url });
      const page = await context.newPage();
      await page.goto(`/bots/${BOT}/settings`);
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long owner passphrase');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
      return { context, page };
    };
    const first = await openSignedIn();
    const second = await openSignedIn();

    // The form starts from what the team saved through this console, not from this browser, and says what it does not know.
    const name = await first.page.getByLabel('Name', { exact: true }).inputValue();
    expect(name).toMatch(/^Proxy desk /);
    await expect(second.page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(second.page.getByRole('status').filter({ hasText: 'Some current settings are not known' })).toContainText('never been saved through it');

    const welcome = `Welcome from the second desk ${Date.now().toString(36)}`;
    await second.page.getByLabel('Welcome message').fill(welcome);
    await second.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(second.page.getByRole('alert').filter({ hasText: 'Settings saved' })).toBeVisible();

    // The first browser's History holds both saves, each with who made it.
    await first.page.reload();
    await expect(first.page.getByLabel('Welcome message')).toHaveValue(welcome);
    await first.page.getByRole('button', { name: 'History' }).click();
    const versions = first.page.getByTestId('version-item');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Proxy Owner');
    await expect(versions.nth(0)).toContainText('Welcome message');
    await expect(versions.nth(1)).toContainText('First save through this console: Name');
    // The first version knows only what it sent: the Welcome message was "not known before" the second save.
    await versions.nth(1).click();
    const diff = first.page.getByRole('region', { name: 'Version 1' });
    await expect(diff).toContainText('This version knows only the settings saved through this console');
    await expect(diff.locator('[data-field="WelcomeMessage"]')).toContainText('not known before');
    await expectAccessible(first.page, 'the shared settings history');

    await first.context.close();
    await second.context.close();
  });
});

test.describe('uploads on the local service', () => {
  async function upload(request: APIRequestContext, fileName: string, bytes: Buffer, contentType: string) {
    const { Data } = await call<{ FileStoreId: number; PreUploadUrl: string }>(request, '/chat/User/GetPreUploadUrl', { fileName });
    const put = await request.put(Data.PreUploadUrl, { data: bytes, headers: { 'content-type': contentType } });
    expect(put.status()).toBe(200);
    return { id: Data.FileStoreId, confirmed: await call<{ Url: string; ContentType: string }>(request, '/chat/User/ConfirmUpload', { FileStoreId: Data.FileStoreId }) };
  }

  /** Opens an address in the page and reports whether anything ran: a dialog, or the flag the payload sets. */
  async function ranScript(page: Page, url: string): Promise<boolean> {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(url);
    await page.waitForTimeout(300);
    await page.goto('/connection');
    const flagged = await page.evaluate(() => window.localStorage.getItem('pwned'));
    return dialogs > 0 || flagged !== null;
  }

  const payload = "<script>alert(document.domain);localStorage.setItem('pwned','1')</script>";

  test('an uploaded page or script is refused, and opened directly runs nothing', async ({ page, request }) => {
    const page1 = await upload(request, 'offer.html', Buffer.from(`<!doctype html>${payload}`), 'image/png;a=b,text/html');
    expect(page1.confirmed.Code).toBe(400);
    expect(page1.confirmed.Message).toMatch(/^FileName: offer\.html is not a media file/);
    const script = await upload(request, 'offer.js', Buffer.from("localStorage.setItem('pwned','1')"), 'image/webp,application/xhtml+xml');
    expect(script.confirmed.Code).toBe(400);
    const page2 = await upload(request, 'x.html', Buffer.from(`<!doctype html><script src="/files/${script.id}/offer.js"></script>${payload}`), 'text/html');
    expect(page2.confirmed.Code).toBe(400);
    for (const { id } of [page1, script, page2]) {
      expect(await ranScript(page, `/files/${id}/offer.html`)).toBe(false);
    }
  });

  test('an image carrying a page is served as an image, sandboxed, and runs nothing', async ({ page, request }) => {
    const polyglot = Buffer.concat([PIXEL_PNG, Buffer.from(`<html>${payload}</html>`)]);
    const image = await upload(request, 'porch.html', polyglot, 'image/png');
    expect(image.confirmed.Code).toBe(200);
    expect(image.confirmed.Data.ContentType).toBe('image/png');
    const served = await request.get(image.confirmed.Data.Url);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(await ranScript(page, image.confirmed.Data.Url)).toBe(false);
  });
});

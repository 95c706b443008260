import { createRequire } from 'node:module';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type * as Papa from 'papaparse';
import { createListing } from '../src/demo-data';
import { expectAccessible } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';

/** papaparse is CommonJS: Node's ESM loader sees no named exports in it. */
const { parse } = createRequire(import.meta.url)('papaparse') as typeof Papa;

/**
 * Who did what, as a team meets it, on a console of its own (a fresh demo start; the shared
 * service must stay a demo start for the other specs): the owner protects the console and
 * invites an Agent for one chatbot; the Agent creates two listings and deletes them; the owner's
 * Activity, filtered by that Agent, shows the delete with both ids and links to the listings,
 * and Export CSV holds the same entries. The Agent sees only their chatbot's entries; a Viewer
 * is offered no Activity and is refused it by the server.
 */
const BOT = 'demo-bot';
const STAGING = 'demo-bot-staging';
const OWNER = { email: 'olive@example.com', name: 'Olive Owner', password: 'a long owner passphrase' };
const AGENT = { email: 'dana@example.com', name: 'Dana Ruiz', password: 'a long agent passphrase' };
const VIEWER = { email: 'vic@example.com', name: 'Vic Viewer', password: 'a long viewer passphrase' };
const EDITOR = { email: 'eddie@example.com', name: 'Eddie Editor', password: 'a long editor passphrase' };
const CSV_HEADER = ['When', 'Member', 'Member id', 'Chatbot', 'Action', 'Details', 'Code', 'Message'];

test.describe.configure({ mode: 'serial' });

let service: OwnService;
let ownerContext: BrowserContext;
let ownerPage: Page;
let agentPage: Page;
/** The Activity page filtered by the Agent, as the owner's address bar had it. */
let agentActivityPath: string;

test.beforeAll(async () => {
  service = await startOwnService([]);
});
test.afterAll(async () => {
  await agentPage?.context().close();
  await ownerContext?.close();
  await service.dispose();
});

interface Envelope<T = unknown> {
  status: number;
  body: { Data: T; Success: boolean; Code: number; Message: string };
}

/** A same-origin JSON POST from the page, as the console's own code sends one (session cookie, no key). */
async function post<T>(page: Page, path: string, data: object): Promise<Envelope<T>> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: response.status, body: await response.json() };
    },
    [path, data] as const,
  ) as Promise<Envelope<T>>;
}

async function invite(role: 'Agent' | 'Viewer' | 'Editor', email: string): Promise<string> {
  const invitation = await post<{ link: string }>(ownerPage, '/console/invitations', { email, role, chatbots: [BOT] });
  expect(invitation.status, invitation.body.Message).toBe(200);
  return invitation.body.Data.link;
}

/** Accepts an invitation in a browser of its own, with a password (the default choice). */
async function accept(browser: Browser, link: string, name: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: service.url });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('button', { name })).toBeVisible();
  return page;
}

function activityTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Activity' });
}

/** The entries' rows (the header row left out). */
function entryRows(page: Page): Locator {
  return activityTable(page).locator('tbody tr');
}

/** The text of one column, top to bottom (0 When, 1 Member, 2 Chatbot, 3 Action, 4 Details, 5 Result). */
async function column(page: Page, index: number): Promise<string[]> {
  return entryRows(page).evaluateAll((rows, at) => rows.map((row) => row.querySelectorAll('td')[at]?.textContent?.trim() ?? ''), index);
}

test('an Agent deletes two listings; the owner’s Activity, filtered by the Agent, shows the delete with both ids and links to the listings', async ({
  browser,
}) => {
  ownerContext = await browser.newContext({ baseURL: service.url });
  ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/bots/${BOT}/listings`);
  await expect(ownerPage.getByRole('region', { name: 'Demo owner' })).toBeVisible();
  const protect = await post(ownerPage, '/console/protect', OWNER);
  expect(protect.status, protect.body.Message).toBe(200);
  // Something on another chatbot, which the Agent must not see.
  const elsewhere = await post<string>(ownerPage, '/chat/Chatbot/RealEstateCreate', createListing({ SerialNumber: STAGING }));
  expect(elsewhere.status, elsewhere.body.Message).toBe(200);

  agentPage = await accept(browser, await invite('Agent', AGENT.email), AGENT.name, AGENT.password);
  const ids: string[] = [];
  for (let created = 0; created < 2; created++) {
    const answer = await post<string>(agentPage, '/chat/Chatbot/RealEstateCreate', createListing({ SerialNumber: BOT }));
    expect(answer.status, answer.body.Message).toBe(200);
    ids.push(answer.body.Data);
  }
  const deleted = await post(agentPage, '/chat/Chatbot/RealEstateDelete', { SerialNumber: BOT, Keys: ids, KeyType: 'PlatformId' });
  expect(deleted.status, deleted.body.Message).toBe(200);

  // The owner finds it from the user menu.
  await ownerPage.goto(`/bots/${BOT}/settings`);
  await ownerPage.getByRole('button', { name: OWNER.name }).click();
  await ownerPage.getByRole('link', { name: 'Activity' }).click();
  await expect(ownerPage).toHaveURL(/\/activity$/);
  await expect(ownerPage.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();
  await expect(activityTable(ownerPage)).toContainText(OWNER.name);

  await ownerPage.getByRole('main').getByRole('combobox', { name: 'Member' }).selectOption({ label: AGENT.name });
  await expect(ownerPage).toHaveURL(/\/activity\?member=[^&]+$/);
  await expect.poll(() => column(ownerPage, 1)).not.toContain(OWNER.name);
  const members = await column(ownerPage, 1);
  expect(members.length).toBeGreaterThanOrEqual(3);
  expect(new Set(members)).toEqual(new Set([AGENT.name]));
  const actions = await column(ownerPage, 3);
  // Newest first: the delete, then the two creates.
  expect(actions.slice(0, 3)).toEqual(['Deleted listings', 'Created a listing', 'Created a listing']);

  const deleteRow = entryRows(ownerPage).first();
  await expect(deleteRow.locator('td').nth(2)).toHaveText(BOT);
  await expect(deleteRow.locator('td').nth(5)).toHaveText('OK');
  const toListings = deleteRow.getByRole('link', { name: `2 listings: ${ids.join(', ')}` });
  await expect(toListings).toHaveAttribute('href', `/bots/${BOT}/listings`);
  agentActivityPath = new URL(ownerPage.url()).pathname + new URL(ownerPage.url()).search;

  // Export CSV: a download of the same filtered entries, in the same order.
  const exportLink = ownerPage.getByRole('link', { name: 'Export CSV' });
  const href = await exportLink.getAttribute('href');
  expect(href).toMatch(/^\/console\/activity\.csv\?member=[^&]+$/);
  await expect(exportLink).toHaveAttribute('download');
  const csv = await ownerPage.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment;/);
  const [header, ...rows] = parse<string[]>((await csv.text()).trim(), { skipEmptyLines: true }).data;
  expect(header).toEqual(CSV_HEADER);
  expect(rows.map((row) => row[1])).toEqual(members);
  expect(rows.map((row) => row[4])).toEqual(actions);
  const deleteLine = rows[0]!;
  expect(deleteLine[3]).toBe(BOT);
  for (const id of ids) expect(deleteLine[5]).toContain(id);
  expect(deleteLine[6]).toBe('200');

  // The link leads to the chatbot's listings.
  await toListings.click();
  await expect(ownerPage).toHaveURL(new RegExp(`/bots/${BOT}/listings$`));
  await expect(ownerPage.getByRole('heading', { name: 'Listings' })).toBeVisible();
});

test('the Activity page passes axe in both schemes, at 390 and 1920 px, and a link reproduces the view', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await ownerPage.emulateMedia({ colorScheme });
    for (const width of [390, 1920]) {
      await ownerPage.setViewportSize({ width, height: 900 });
      await ownerPage.goto(agentActivityPath);
      await expect(ownerPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await expect(ownerPage.getByRole('main').getByRole('combobox', { name: 'Member' }).locator('option:checked')).toHaveText(AGENT.name);
      await expect(entryRows(ownerPage).first()).toContainText('Deleted listings');
      await expectAccessible(ownerPage, `the Activity page, ${colorScheme}, ${width} px`);
      // The table scrolls in its own box; the page never sideways.
      const { scrollWidth, clientWidth } = await ownerPage.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(clientWidth);
    }
  }
  await ownerPage.emulateMedia({ colorScheme: null });
});

test('the filters work by keyboard', async () => {
  await ownerPage.setViewportSize({ width: 1280, height: 900 });
  await ownerPage.goto('/activity');
  const main = ownerPage.getByRole('main');
  await main.getByRole('combobox', { name: 'Member' }).focus();
  await ownerPage.keyboard.press('Tab');
  await expect(main.getByRole('combobox', { name: 'Chatbot' })).toBeFocused();
  await ownerPage.keyboard.press('Tab');
  const action = main.getByRole('combobox', { name: 'Action' });
  await expect(action).toBeFocused();
  // A closed native select on Linux and Windows: the arrow keys choose the next option at once.
  await ownerPage.keyboard.press('ArrowDown');
  await expect(ownerPage).toHaveURL(/\/activity\?action=settings\.save$/);
  await expect(action.locator('option:checked')).toHaveText('Saved settings');
  await main.getByRole('button', { name: 'Clear filters' }).first().press('Enter');
  await expect(ownerPage).toHaveURL(/\/activity$/);
});

test('an Agent’s own Activity shows only their chatbot’s entries', async () => {
  await agentPage.goto(`/bots/${BOT}/listings`);
  await agentPage.getByRole('button', { name: AGENT.name }).click();
  await agentPage.getByRole('link', { name: 'Activity' }).click();
  await expect(agentPage.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();
  await expect(entryRows(agentPage).first()).toBeVisible();
  const chatbots = await column(agentPage, 2);
  expect(new Set(chatbots)).toEqual(new Set([BOT]));
  await expect(activityTable(agentPage)).not.toContainText(STAGING);
  await expect(agentPage.getByRole('main').getByRole('combobox', { name: 'Chatbot' }).locator('option')).toHaveText(['All chatbots', BOT]);
  // The server holds the same line when asked for the other chatbot directly.
  const forced = await agentPage.request.get(`/console/activity?chatbot=${STAGING}`);
  expect(forced.status()).toBe(200);
  expect(((await forced.json()) as { Data: { VirtualCount: number } }).Data.VirtualCount).toBe(0);
});

test('a Viewer is offered no Activity, is told why on the page, and the server refuses them', async ({ browser }) => {
  const viewerPage = await accept(browser, await invite('Viewer', VIEWER.email), VIEWER.name, VIEWER.password);
  await viewerPage.getByRole('button', { name: VIEWER.name }).click();
  await expect(viewerPage.getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: 'Activity' })).toHaveCount(0);

  await viewerPage.goto('/activity');
  await expect(viewerPage.getByText('Your role may not see activity.', { exact: false })).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

  for (const path of ['/console/activity', '/console/activity.csv']) {
    const forced = await viewerPage.request.get(path);
    expect(forced.status(), path).toBe(403);
    expect(await forced.json(), path).toMatchObject({ Success: false, Code: 403, Message: 'Role Viewer may not see activity' });
  }
  await viewerPage.context().close();
});

test('the owner and an Editor each save: the History names both, and the Editor’s stale save names the owner', async ({ browser }) => {
  const editorPage = await accept(browser, await invite('Editor', EDITOR.email), EDITOR.name, EDITOR.password);
  const run = Date.now().toString(36);
  const saveIn = async (page: Page) => {
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' }).last()).toBeVisible();
  };

  await editorPage.goto(`/bots/${BOT}/settings`);
  await editorPage.getByLabel('Welcome message').fill(`Welcome from Eddie ${run}`);
  await saveIn(editorPage);

  await ownerPage.goto(`/bots/${BOT}/settings`);
  await ownerPage.getByLabel('Name', { exact: true }).fill(`Harbor Homes ${run}`);
  await saveIn(ownerPage);

  // The Editor's form still holds the settings from before the owner's save.
  await editorPage.getByLabel('Name', { exact: true }).fill(`Eddie's name ${run}`);
  await editorPage.getByRole('button', { name: 'Save changes' }).click();
  const dialog = editorPage.getByRole('dialog', { name: 'The settings changed while you were editing' });
  await expect(dialog.getByTestId('remote-change')).toContainText(`${OWNER.name} saved Name`);
  await dialog.getByRole('button', { name: 'Back to editing' }).first().click();
  await expect(dialog).toBeHidden();

  await ownerPage.getByRole('button', { name: 'History' }).click();
  const versions = ownerPage.getByTestId('version-item');
  await expect(versions.first()).toContainText(`${OWNER.name} · `);
  await expect(versions.first()).toContainText('Name');
  await expect(versions.nth(1)).toContainText(`${EDITOR.name} · `);
  await expect(versions.nth(1)).toContainText('Welcome message');
  await editorPage.context().close();
});

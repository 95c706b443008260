import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, openedDialog } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';

/**
 * Team access as a team meets it, on a console of its own (a fresh demo start; the shared
 * service must stay a demo start for the other specs): the Demo owner protects the console,
 * a new browser must sign in, the owner invites an Agent for one chatbot, the Agent works
 * within that role, and is signed out at the next click once removed. No request from any
 * of these browsers carries a key.
 */
const BOT = 'demo-bot';
const STAGING = 'demo-bot-staging';
const OWNER = { email: 'olive@example.com', name: 'Olive Owner', password: 'a long owner passphrase' };
const AGENT = { email: 'dana@example.com', name: 'Dana Ruiz', password: 'a long agent passphrase' };

test.describe.configure({ mode: 'serial' });

let service: OwnService;
const keysSent: string[] = [];

test.beforeAll(async () => {
  service = await startOwnService([]);
});
test.afterAll(async () => {
  await service.dispose();
});

/** A browser context on the spec's console that records any request carrying a key. */
async function newContext(browser: { newContext: (options: object) => Promise<BrowserContext> }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: service.url });
  context.on('request', (request) => {
    const headers = request.headers();
    for (const name of ['authorization', 'chatrobot-sessionkey']) {
      if (headers[name] !== undefined) keysSent.push(`${request.method()} ${request.url()} ${name}`);
    }
  });
  return context;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

let ownerContext: BrowserContext;
let ownerPage: Page;

test('a fresh start opens as the Demo owner; Protect this console sets a password; a new browser must sign in', async ({ browser }) => {
  ownerContext = await newContext(browser);
  ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/bots/${BOT}/listings`);
  const banner = ownerPage.getByRole('region', { name: 'Demo owner' });
  await expect(banner).toBeVisible();
  await expect(ownerPage.getByRole('table').first()).toBeVisible();

  await banner.getByRole('button', { name: 'Protect this console' }).click();
  const protect = await openedDialog(ownerPage, 'Protect this console');
  await protect.getByLabel('Email').fill(OWNER.email);
  await protect.getByLabel('Name').fill(OWNER.name);
  await protect.getByRole('textbox', { name: 'Password', exact: true }).fill('too short');
  await protect.getByRole('button', { name: 'Save and protect' }).click();
  await expect(protect.getByText('must be at least 12 characters')).toBeVisible();
  await protect.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
  await protect.getByRole('button', { name: 'Save and protect' }).click();
  await expect(protect).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(ownerPage.getByRole('button', { name: OWNER.name })).toBeVisible();

  const stranger = await (await newContext(browser)).newPage();
  await stranger.goto(`/bots/${BOT}/settings`);
  await expect(stranger).toHaveURL(/\/sign-in\?next=/);
  await expect(stranger.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(stranger, 'the sign-in page');
  await signIn(stranger, 'nobody@example.com', OWNER.password);
  await expect(stranger.getByRole('alert')).toContainText('The email or password is incorrect');
  await signIn(stranger, OWNER.email, 'not the password at all');
  await expect(stranger.getByRole('alert')).toContainText('The email or password is incorrect');
  await signIn(stranger, OWNER.email, OWNER.password);
  // Back where the visitor was going.
  await expect(stranger).toHaveURL(new RegExp(`/bots/${BOT}/settings$`));
  await expect(stranger.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await stranger.context().close();
});

let agentContext: BrowserContext;
let agentPage: Page;

test('the owner invites an Agent for one chatbot, who works within that role and no further', async ({ browser }) => {
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
  await ownerPage.goto('/members');
  await expect(ownerPage.getByRole('heading', { name: 'Members' })).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Invite member' }).click();
  const invite = await openedDialog(ownerPage, 'Invite member');
  await invite.getByLabel('Email').fill(AGENT.email);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await ownerPage.getByRole('listbox', { name: 'Role' }).getByRole('option', { name: 'Agent', exact: true }).click();
  const chatbots = invite.getByRole('combobox', { name: 'Chatbots' });
  await chatbots.click();
  await ownerPage.getByRole('listbox', { name: 'Chatbots' }).getByRole('option', { name: BOT, exact: true }).click();
  await chatbots.press('Escape');
  await invite.getByRole('button', { name: 'Create invitation' }).click();
  const linkField = invite.getByLabel('Invitation link');
  await expect(linkField).toHaveValue(/\/invite#token=[\w-]{43}$/);
  const link = await linkField.inputValue();
  await invite.getByRole('button', { name: 'Copy invitation link' }).click();
  expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await invite.getByRole('button', { name: 'Done' }).click();
  await expect(ownerPage.getByRole('region', { name: 'Pending invitations' })).toContainText(AGENT.email);

  agentContext = await newContext(browser);
  agentPage = await agentContext.newPage();
  await agentPage.goto(link);
  await expect(agentPage.getByText(AGENT.email)).toBeVisible();
  await expectAccessible(agentPage, 'the invitation page');
  await agentPage.getByLabel('Name').fill(AGENT.name);
  await agentPage.getByRole('textbox', { name: 'Password', exact: true }).fill(AGENT.password);
  await agentPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(agentPage.getByRole('button', { name: AGENT.name })).toBeVisible();
  // The token left the address bar as soon as the page read it.
  expect(agentPage.url()).not.toContain('token=');

  // An Agent keeps listings: they create one.
  await agentPage.goto(`/bots/${BOT}/listings`);
  await agentPage.getByRole('button', { name: 'Create listing' }).click();
  const create = agentPage.getByRole('dialog', { name: 'Create listing' });
  await create.getByLabel('Property type').fill('Bungalow');
  await create.getByLabel('MLS number').fill('AGENT-1');
  await create.getByLabel('Listing URL').fill('https://homes.example.com/e2e/agent-1');
  await create.getByLabel('Sale price').fill('410000');
  await create.getByLabel('Bedrooms').fill('3');
  await create.getByLabel('Bathrooms').fill('2');
  await create.getByLabel('Parking spots').fill('1');
  await create.getByLabel('Year built').fill('1988');
  await create.getByLabel('Building area').fill('1400');
  await create.getByLabel('Lot area').fill('5000');
  await create.getByLabel('Address').fill('12 Agent Way');
  await create.getByRole('button', { name: 'Save listing' }).click();
  await expect(create).toBeHidden();
  await agentPage.getByLabel('MLS number').first().fill('AGENT-1');
  await expect(agentPage.getByRole('cell', { name: '12 Agent Way', exact: true })).toBeVisible();

  // Settings: seen, not changed. The controls are read-only, and a forced Edit is refused by the server.
  await agentPage.goto(`/bots/${BOT}/settings`);
  await expect(agentPage.getByText('Your role (Agent) can see these settings but not change them.')).toBeVisible();
  await expect(agentPage.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(agentPage.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  const forced = await agentPage.request.post('/chat/Chatbot/Edit', { data: { serialNumber: BOT, Name: 'Forced by an Agent' } });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ Success: false, Code: 403, Message: `Role Agent may not edit settings of ${BOT}` });

  // Another chatbot is as unknown to the Agent as one that does not exist, and the switcher does not list it.
  const other = await agentPage.request.post('/chat/Chatbot/Detail', { data: { serialNumber: STAGING } });
  expect(other.status()).toBe(404);
  await agentPage.goto(`/bots/${STAGING}/settings`);
  await expect(agentPage.getByText('serialNumber: no chatbot with this id')).toBeVisible();
  await agentPage.goto(`/bots/${BOT}/settings`);
  const switcher = agentPage.getByRole('banner').getByRole('combobox', { name: 'Chatbot' });
  await expect(switcher.getByRole('option')).toHaveText([BOT]);
});

test('removing the Agent signs them out at their next click', async () => {
  await agentPage.goto(`/bots/${BOT}/listings`);
  await expect(agentPage.getByRole('table').first()).toBeVisible();

  await ownerPage.goto('/members');
  const row = ownerPage.getByRole('row').filter({ hasText: AGENT.email });
  await row.getByRole('button', { name: 'Remove member' }).click();
  const confirm = ownerPage.getByRole('dialog');
  await confirm.getByRole('button', { name: /Remove/ }).click();
  await expect(ownerPage.getByRole('row').filter({ hasText: AGENT.email })).toHaveCount(0);

  await agentPage.getByRole('link', { name: 'Settings' }).click();
  await expect(agentPage).toHaveURL(/\/sign-in/);
  await expect(agentPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the sign-in and invitation pages pass axe in both schemes, at 390 and 1920 px', async ({ browser }) => {
  const invitation = await ownerPage.request.post('/console/invitations', { data: { email: 'viewer@example.com', role: 'Viewer', chatbots: [BOT] } });
  const { link } = ((await invitation.json()) as { Data: { link: string } }).Data;
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1920]) {
      const context = await browser.newContext({ baseURL: service.url, colorScheme, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectAccessible(page, `the sign-in page, ${colorScheme}, ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`sign-in-${width}-${colorScheme}.png`) });
      await page.goto(link);
      await expect(page.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
      await expectAccessible(page, `the invitation page, ${colorScheme}, ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(width);
      await context.close();
    }
  }
});

test('no request from any of these browsers carried a key', async () => {
  expect(keysSent).toEqual([]);
});

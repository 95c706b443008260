import { expect, test, type Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../server/test-oidc-provider';
import { expectAccessible } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';

/**
 * Single sign-on as a member meets it: a real OpenID Connect provider (oidc-provider) on the
 * loopback, a console of its own configured for it, the owner's invitation, and "Sign in with
 * SSO" through the provider's own login and consent pages. Someone nobody invited is sent back
 * to the sign-in page, told why, and let in nowhere.
 */
const CLIENT_ID = 'realty-console-e2e';
const CLIENT_SECRET = 'e2e-oidc-client-secret-0123456789';
const OWNER = { email: 'olive@example.com', name: 'Olive Owner', password: 'a long owner passphrase' };
const ACCOUNTS = {
  sam: { email: 'sam@example.com', email_verified: true, name: 'Sam Single' },
  ivy: { email: 'ivy@example.com', email_verified: true, name: 'Ivy Invited' },
  stranger: { email: 'stranger@example.com', email_verified: true, name: 'Stranger' },
};

test.describe.configure({ mode: 'serial' });

let provider: TestProvider;
let service: OwnService;

test.beforeAll(async () => {
  provider = await startTestProvider({ accounts: ACCOUNTS, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  service = await startOwnService([], { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET });
  provider.open(`${service.url}/console/sso/callback`);
});
test.afterAll(async () => {
  await service.dispose();
  await provider.close();
});

/** A console request from the page itself, as the console's own screens send it. */
async function consolePost(page: Page, path: string, body: object): Promise<{ Data: { link?: string } }> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return (await response.json()) as { Data: { link?: string } };
    },
    [path, body] as const,
  );
}

/** The provider's own pages: its login form (any password), then its consent. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password at the provider');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an invited member signs in with SSO, lands where they were going, and someone nobody invited does not', async ({ browser }) => {
  const owner = await (await browser.newContext({ baseURL: service.url })).newPage();
  await owner.goto('/');
  await expect(owner.getByRole('region', { name: 'Demo owner' })).toBeVisible();
  await consolePost(owner, '/console/protect', { email: OWNER.email, name: OWNER.name, password: OWNER.password });
  await consolePost(owner, '/console/invitations', { email: ACCOUNTS.sam.email, role: 'Editor', chatbots: ['demo-bot'] });
  const ivyInvitation = await consolePost(owner, '/console/invitations', { email: ACCOUNTS.ivy.email, role: 'Viewer', chatbots: ['demo-bot'] });

  const sam = await (await browser.newContext({ baseURL: service.url })).newPage();
  await sam.goto('/bots/demo-bot/settings');
  await expect(sam).toHaveURL(/\/sign-in\?next=/);
  await expectAccessible(sam, 'the sign-in page with SSO');
  await sam.emulateMedia({ colorScheme: 'dark' });
  await expect(sam.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(sam, 'the sign-in page with SSO, dark');
  await sam.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(sam, 'sam');
  // The invitation waiting for Sam's verified email made Sam an Editor, named as the provider says.
  await expect(sam).toHaveURL(/\/bots\/demo-bot\/settings$/);
  await expect(sam.getByRole('button', { name: ACCOUNTS.sam.name })).toBeVisible();
  await expect(sam.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await sam.context().close();

  // The link an Owner hands over offers the same way in: the invitation waits for Ivy's verified email.
  const ivy = await (await browser.newContext({ baseURL: service.url })).newPage();
  await ivy.goto(ivyInvitation.Data.link!);
  await expect(ivy.getByText(ACCOUNTS.ivy.email, { exact: true })).toBeVisible();
  await expectAccessible(ivy, 'the invitation page with SSO');
  await ivy.getByRole('link', { name: 'Join with SSO' }).click();
  await signInAtProvider(ivy, 'ivy');
  await expect(ivy.getByRole('button', { name: ACCOUNTS.ivy.name })).toBeVisible();
  await ivy.context().close();

  const stranger = await (await browser.newContext({ baseURL: service.url })).newPage();
  await stranger.goto('/sign-in');
  await stranger.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(stranger, 'stranger');
  await expect(stranger).toHaveURL(/\/sign-in\?sso=not-invited$/);
  await expect(stranger.getByRole('alert')).toContainText('No member has the email your provider gave. Ask an Owner or Admin for an invitation.');
  await stranger.goto('/bots/demo-bot/settings');
  await expect(stranger).toHaveURL(/\/sign-in\?next=/);
  await stranger.context().close();

  // The Members page lists the new member; nobody else was made.
  await owner.goto('/members');
  const members = owner.getByRole('table');
  await expect(members).toContainText(ACCOUNTS.sam.email);
  await expect(members).toContainText(ACCOUNTS.ivy.email);
  await expect(members).not.toContainText(ACCOUNTS.stranger.email);
  await owner.context().close();
});

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { expectAccessible, openedDialog } from './support/axe';
import { startOwnService, type OwnService } from './support/own-service';

/**
 * Passkeys as a member meets them, with Chromium's own virtual authenticator (CDP's WebAuthn
 * domain) standing in for the device's screen lock: the Demo owner protects the console with
 * a passkey and no password, names it, signs out, and signs back in with it. On a console of
 * its own, addressed as localhost: WebAuthn refuses an IP address as the relying party.
 */
const OWNER = { email: 'olive@example.com', name: 'Olive Owner' };

test.describe.configure({ mode: 'serial' });

let service: OwnService;
let origin: string;

test.beforeAll(async () => {
  service = await startOwnService([]);
  origin = service.url.replace('127.0.0.1', 'localhost');
});
test.afterAll(async () => {
  await service.dispose();
});

/** A platform authenticator with a verified user (as after a fingerprint), answering without a prompt. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

let context: BrowserContext;
let page: Page;
let authenticator: { cdp: CDPSession; authenticatorId: string };

test('the Demo owner protects the console with a passkey, names it, and signs back in with it', async ({ browser }) => {
  context = await browser.newContext({ baseURL: origin });
  page = await context.newPage();
  authenticator = await addVirtualAuthenticator(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Demo owner' });
  await banner.getByRole('button', { name: 'Protect this console' }).click();
  const protect = await openedDialog(page, 'Protect this console');
  await protect.getByLabel('Email').fill(OWNER.email);
  await protect.getByLabel('Name').fill(OWNER.name);
  await protect.getByLabel('How you sign in').selectOption('passkey');
  await expect(protect.getByRole('textbox', { name: 'Password', exact: true })).toBeHidden();
  await protect.getByRole('button', { name: 'Save and protect' }).click();
  await expect(protect).toBeHidden();
  await expect(banner).toBeHidden();
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: OWNER.name }).click();
  await page.getByRole('link', { name: 'Your account' }).click();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Passkey 1');
  // No password yet: the account offers to set one, with no current one to type.
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await passkeys.getByRole('button', { name: 'Rename Passkey 1' }).click();
  const rename = await openedDialog(page, 'Rename passkey');
  await rename.getByLabel('Passkey name').fill('Work laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(passkeys).toContainText('Work laptop');
  await expectAccessible(page, 'the account page with a passkey');
  // The same page in the dark scheme, and on a phone, where every control stays reachable.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page, 'the account page with a passkey, dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await passkeys.getByRole('button', { name: 'Remove Work laptop' }).scrollIntoViewIfNeeded();
  await expect(passkeys.getByRole('button', { name: 'Remove Work laptop' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // This device already holds the member's passkey: a second one here is refused, saying why.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const add = await openedDialog(page, 'Add a passkey');
  await add.getByRole('button', { name: 'Create passkey' }).click();
  await expect(add.getByRole('alert')).toContainText('This device already holds a passkey for your account.');
  await add.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: OWNER.name }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('button', { name: OWNER.name })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText(/Last used/);
});

test('the last way in cannot be removed, and a passkey the console does not know is refused, saying so', async () => {
  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  // The only way in cannot be removed: the server says why, and the passkey stays.
  await passkeys.getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(page.getByText('this passkey is your only way to sign in')).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);

  // A passkey for this site that the console never registered (made elsewhere, or removed here).
  const stranger = await (await context.browser()!.newContext({ baseURL: origin })).newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(stranger);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: randomBytes(16).toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: randomBytes(32).toString('base64'),
      signCount: 0,
    },
  });
  await stranger.goto('/sign-in');
  await stranger.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(stranger.getByRole('alert')).toContainText('The passkey was not accepted: it is not registered for a member of this console');
  await expect(stranger.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await stranger.context().close();
  await context.close();
});

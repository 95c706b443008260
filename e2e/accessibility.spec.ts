import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectDialogAccessible, openedDialog } from './support/axe';
import { dataRows } from './support/listings-table';

/**
 * WCAG 2.1 AA as axe-core checks it, on every area and every dialog, in both colour schemes:
 * any serious or critical violation fails. The causes are fixed in the theme (src/app/theme.ts),
 * not per element, so a new screen starts out passing.
 */

/** This spec's own seeded chatbot, so nothing here disturbs another spec. */
const BOT = 'e2e-a11y';
/** A first visit of an area loads its chunk: slow on a busy machine. */
const AREA_LOAD = { timeout: 30_000 };
const SETTINGS_SECTIONS = [
  'General & AI',
  'Appearance',
  'Features',
  'Human handoff',
  'Social',
  'Privacy',
  'Embedding & security',
  'Limits',
  'Reports',
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`WCAG 2.1 AA, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    // Each test runs axe several times over a page of rows or a long form.
    test.setTimeout(180_000);

    /** Opens the page each test starts on (straight there: a first visit of another area first only cost time). */
    async function open(page: Page, path: string) {
      await page.goto(path);
      // The app follows the system's scheme until the user picks one.
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    }

    test('listings with rows, and the create, edit and delete dialogs', async ({ page }) => {
      await open(page, `/bots/${BOT}/listings`);
      await expect(dataRows(page).first()).toBeVisible(AREA_LOAD);
      await expectAccessible(page, 'the listings page');

      await page.getByRole('button', { name: 'Create listing' }).click();
      const create = await openedDialog(page, 'Create listing');
      await expectDialogAccessible(page, create, 'the create-listing dialog');
      await create.getByRole('button', { name: 'Close dialog' }).click();
      await expect(create).toBeHidden();

      const row = dataRows(page).first();
      await row.getByRole('button', { name: /^Edit / }).click();
      const edit = await openedDialog(page, 'Edit listing');
      await expectDialogAccessible(page, edit, 'the edit-listing dialog');
      await edit.getByRole('button', { name: 'Close dialog' }).click();
      await expect(edit).toBeHidden();

      await row.getByRole('button', { name: /^Delete / }).click();
      const confirm = await openedDialog(page, /^Delete .*\?$/);
      await expectDialogAccessible(page, confirm, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    });

    test('settings, each section, and the leave-with-unsaved-changes dialog', async ({ page }) => {
      await open(page, `/bots/${BOT}/settings`);
      const name = page.getByLabel('Name', { exact: true });
      await expect(name).toBeVisible(AREA_LOAD);
      const sectionIds: string[] = [];
      for (const title of SETTINGS_SECTIONS) {
        const id = await page.getByRole('region', { name: title, exact: true }).getAttribute('id');
        expect(id, `the ${title} section has an id`).toBeTruthy();
        sectionIds.push(id!);
      }
      // The page around the sections: each section is scanned on its own below, once in view, so
      // scanning them here too only cost time (the whole page took 6.4 s a scan, the rest of it
      // far less). A section missing from SETTINGS_SECTIONS is still scanned here.
      await expectAccessible(page, 'the settings page around its sections', undefined, sectionIds.map((id) => `#${id}`));

      const sectionNav = page.getByRole('navigation', { name: 'Settings sections' }).filter({ visible: true });
      for (const [index, title] of SETTINGS_SECTIONS.entries()) {
        await sectionNav.getByRole('link', { name: title, exact: true }).click();
        const section = page.getByRole('region', { name: title, exact: true });
        await expect(section).toBeInViewport();
        await expect(section).toHaveAttribute('id', sectionIds[index]!);
        await expectAccessible(page, `the ${title} settings section`, `#${sectionIds[index]}`);
      }

      await name.fill('A name not saved yet');
      await expect(page.getByTestId('unsaved-summary')).toHaveText(/1 unsaved change/);
      await expectAccessible(page, 'the save bar with an unsaved change', '[aria-label="Save settings"]');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Listings' }).click();
      const leave = await openedDialog(page, 'Leave without saving?');
      await expectDialogAccessible(page, leave, 'the leave-with-unsaved-changes dialog');
      await leave.getByRole('button', { name: 'Discard changes and leave' }).click();
      await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/listings$`));
    });

    test('the settings history with a diff, and the copy-to-another-chatbot dialog', async ({ page, request }) => {
      // A save through the service, so the first version differs from the current settings.
      await request.post('/chat/Chatbot/Edit', {
        data: { serialNumber: BOT, WelcomeMessage: `Hello from the ${colorScheme} check\nSecond line` },
        headers: { authorization: 'demo-secret-key' },
      });
      await open(page, `/bots/${BOT}/settings`);
      await page.getByRole('button', { name: 'History' }).click(AREA_LOAD);
      const history = await openedDialog(page, 'Settings history');
      await history.getByTestId('version-item').last().click();
      await expect(history.getByTestId('version-diff')).toBeVisible();
      await expectDialogAccessible(page, history, 'the settings history with a diff');
      await history.getByRole('button', { name: 'Close the history' }).click();
      await expect(history).toBeHidden();

      await page.getByRole('button', { name: 'Copy to another chatbot' }).click();
      const copy = await openedDialog(page, 'Copy settings to another chatbot');
      await expect(copy.getByRole('button', { name: /^(Copy \d+ fields?|Nothing to copy)$/ })).toBeVisible();
      await expectDialogAccessible(page, copy, 'the copy-settings dialog');
      await copy.getByRole('button', { name: 'Cancel' }).click();
      await expect(copy).toBeHidden();

      // Another client saves the field the form is editing: Save opens the merge dialog.
      await page.getByLabel('Name', { exact: true }).fill(`Mine, ${colorScheme}`);
      await request.post('/chat/Chatbot/Edit', { data: { serialNumber: BOT, Name: `Theirs, ${colorScheme}` }, headers: { authorization: 'demo-secret-key' } });
      await page.getByRole('button', { name: 'Save changes' }).click();
      const merge = await openedDialog(page, 'The settings changed while you were editing');
      await merge.getByRole('switch', { name: 'Show their change in full' }).check();
      await expectDialogAccessible(page, merge, 'the merge dialog');
      await merge.getByRole('button', { name: 'Save merged settings' }).click();
      await expect(page.getByTestId('merged-notice')).toBeVisible();
      await expectAccessible(page, 'the merge notice', '[data-testid="merged-notice"]');
    });

    test('chat with an answer', async ({ page }) => {
      await open(page, `/bots/${BOT}/chat`);
      const message = page.getByRole('textbox', { name: 'Message' });
      await expect(message).toBeVisible(AREA_LOAD);
      await message.fill('Which homes for sale in Austin have three bedrooms?');
      await message.press('Enter');
      const answer = page.getByTestId('assistant-message').last();
      await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expectAccessible(page, 'the chat with an answer');
    });

    test('chat compare with two answers, their details and a settings-changed notice', async ({ page, request }) => {
      // The same chatbot on both sides (two sessions), so this spec touches no other chatbot.
      await open(page, `/bots/${BOT}/chat?compare=${BOT}`);
      const message = page.getByRole('textbox', { name: 'Message' });
      await expect(message).toBeVisible(AREA_LOAD);
      await message.fill('Which homes for sale in Austin have three bedrooms?');
      await message.press('Enter');
      const answers = page.getByTestId('assistant-message');
      await expect(answers).toHaveCount(2);
      for (const answer of await answers.all()) await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      // A save after the answers: each of them says the settings have changed since.
      await request.post('/chat/Chatbot/Edit', {
        data: { serialNumber: BOT, WelcomeMessage: `Saved after the ${colorScheme} compare answers` },
        headers: { authorization: 'demo-secret-key' },
      });
      await page.reload();
      await expect(page.getByTestId('settings-changed-notice')).toHaveCount(2, AREA_LOAD);
      await answers.first().getByRole('button', { name: 'Details' }).click();
      await expect(answers.first().getByTestId('settings-changed-notice')).toHaveCount(2);
      await expectAccessible(page, 'the chat compare view');
    });

    test('connection', async ({ page }) => {
      await open(page, '/connection');
      await expect(page.getByRole('row', { name: /Signed in as/ })).toContainText('Demo owner', AREA_LOAD);
      await expectAccessible(page, 'the connection page');
    });

    test('team access: the demo banner and Protect this console, the user menu, Members and Invite member, Your account', async ({ page }) => {
      // The banner is the shell's, on every page: the lightest one will do.
      await open(page, '/connection');
      const banner = page.getByRole('region', { name: 'Demo owner' });
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Protect this console' }).click();
      // Only looked at: protecting the shared console would end the demo sign-in for every spec.
      const protect = await openedDialog(page, 'Protect this console');
      await expectDialogAccessible(page, protect, 'the Protect this console dialog');
      await protect.getByLabel('How you sign in').selectOption('passkey');
      await expect(protect.getByText('your browser asks you to create a passkey')).toBeVisible();
      await expectDialogAccessible(page, protect, 'the Protect this console dialog, passkey chosen');
      await protect.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Demo owner' }).click();
      await expectAccessible(page, 'the user menu, open');
      await page.getByRole('link', { name: 'Members' }).click();
      await expect(page.getByRole('table', { name: 'Members' })).toBeVisible(AREA_LOAD);
      await expectAccessible(page, 'the members page');
      await page.getByRole('button', { name: 'Invite member' }).click();
      const invite = await openedDialog(page, 'Invite member');
      await expectDialogAccessible(page, invite, 'the Invite member dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Demo owner' }).click();
      await page.getByRole('link', { name: 'Your account' }).click();
      await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible(AREA_LOAD);
      await expectAccessible(page, 'the account page');
    });
  });
}

test.describe('keyboard', () => {
  /** What has focus, as a user would name it, and whether a focus ring is drawn around it. */
  function focused(page: Page) {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      return {
        tag: element.tagName.toLowerCase(),
        type: element.getAttribute('type') ?? '',
        label,
        ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      };
    });
  }

  test('a skip link leads past the header and navigation to the page', async ({ page }) => {
    await page.goto(`/bots/${BOT}/listings`);
    await expect(dataRows(page).first()).toBeVisible();
    // The demo banner comes with the access answer, which may land after the rows: the Tab
    // order below is the page's once both are there (a Tab before it reached Views first).
    const protect = page.getByRole('button', { name: 'Protect this console' });
    await expect(protect).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands on the page's first control, not on the header's: on a demo start,
    // the banner's Protect this console above the page, then the page's own.
    await page.keyboard.press('Tab');
    await expect(protect).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Views' })).toBeFocused();
  });

  test('every action of the listings page is reached with Tab, each with a visible focus ring', async ({ page }) => {
    await page.goto(`/bots/${BOT}/listings`);
    await expect(dataRows(page).first()).toBeVisible();
    const reached = new Set<string>();
    const withoutRing: string[] = [];
    for (let press = 0; press < 200 && !reached.has('Next page'); press += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now) continue;
      reached.add(now.label);
      // Text fields and selects show focus with their border; buttons, links and boxes with a ring.
      const ringed = now.tag === 'a' || now.tag === 'button' || now.type === 'checkbox';
      if (ringed && !now.ring) withoutRing.push(`${now.tag} "${now.label}"`);
    }
    const firstAddress = (await dataRows(page).first().getByRole('button', { name: /^Edit / }).getAttribute('aria-label'))!.slice('Edit '.length);
    for (const action of [
      'Skip to content',
      'Chatbot',
      'Settings',
      'Chat',
      'Listings',
      'Connection',
      'Views',
      'Columns',
      'Export CSV',
      'Create listing',
      'Select all listings on this page',
      `Select ${firstAddress}`,
      `Edit ${firstAddress}`,
      `Delete ${firstAddress}`,
      'Rows per page',
      'Next page',
    ]) {
      expect([...reached], `Tab reaches "${action}"`).toContain(action);
    }
    expect([...reached].some((label) => /^Switch to (dark|light) mode$/.test(label)), 'Tab reaches the scheme toggle').toBe(true);
    expect(withoutRing, 'focused without a visible ring').toEqual([]);
  });

  test('focus goes into a dialog when it opens and back to its opener when it closes', async ({ page }) => {
    await page.goto(`/bots/${BOT}/listings`);
    await expect(dataRows(page).first()).toBeVisible();

    const create = page.getByRole('button', { name: 'Create listing' });
    await create.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Create listing' });
    await expect(form.getByLabel('Address', { exact: true })).toBeVisible();
    await expect.poll(() => form.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(create).toBeFocused();

    const remove = dataRows(page).first().getByRole('button', { name: /^Delete / });
    await remove.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /^Delete .*\?$/ });
    await expect(confirm).toBeVisible();
    await expect.poll(() => confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
  });
});

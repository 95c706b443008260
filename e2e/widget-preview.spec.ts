import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { compareImages } from './support/compare-images';

/**
 * The settings' Live preview is the widget a visitor gets: the same module, drawn from the
 * form's draft. Here it is held to the widget on the service's test page, screenshot against
 * screenshot, and checked for access by keyboard and axe at both ends of the widths.
 */

const BOT = 'e2e-widget-preview';
const AUTH = { authorization: 'demo-secret-key' };
const NAME = 'Lookalike Realty';
/** Both pages show the same clock: the widget prints the time of its welcome message. */
const NOW = new Date('2026-11-26T15:04:00Z');

/** Settings that draw every part of the window: header, Markdown welcome, chips, privacy, social links. */
const SETTINGS = {
  Name: NAME,
  ChatBubbleColor: 'rgb(12,110,84)',
  ChatBubbleAlign: 0,
  UserMessageColor: 'rgb(255,236,179)',
  WelcomeMessage: 'Welcome to **Lookalike Realty**!\n\nAsk about *homes*, rents or [our agents](https://example.com/agents).',
  SuggestedMessage: 'Homes for sale in Austin\nCan I talk to an agent?',
  UserInputPlaceholder: 'Ask us anything',
  ChatbotPrivacyPolicyName: 'Privacy policy',
  ChatbotPrivacyPolicyUrl: 'https://example.com/privacy',
  ChatbotPrivacyPolicyDescription: 'By chatting you accept our',
  TalkToHumanEmail: 'agents@example.com',
  FacebookUrl: 'https://facebook.com/lookalike',
  WhatsappUrl: 'https://wa.me/15550100',
  TimeZone: 'America/New_York',
  ChatProfilePicture: '',
  ChatIcon: '',
  ChatbotPopupOnce: false,
  VerifyDomain: false,
};

async function saveSettings(request: APIRequestContext): Promise<void> {
  const response = await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber: BOT, ...SETTINGS } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The preview's launcher and window, inside the settings page. */
function previewOf(page: Page) {
  const preview = page.getByTestId('widget-preview');
  return { launcher: preview.getByRole('button', { name: `Chat with ${NAME}` }), chat: preview.getByRole('dialog', { name: NAME }) };
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(`/bots/${BOT}/settings`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(NAME, { timeout: 30_000 });
}

/** A screenshot of the widget's window once it is laid out and its fonts are in. */
async function windowScreenshot(page: Page, chat: Locator): Promise<Buffer> {
  await expect(chat).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const box = (await chat.boundingBox())!;
  expect([box.x % 1, box.y % 1], 'the window sits on whole pixels').toEqual([0, 0]);
  return chat.screenshot({ animations: 'disabled' });
}

/**
 * The settings' grid and text lines put the preview at fractions of a pixel, where text is
 * anti-aliased differently from the same text on whole pixels (as on the test page): not what
 * the comparison is about. The stage is moved by that fraction (a relative offset, which lays
 * out nothing again), so both windows sit on whole pixels.
 */
async function alignToPixels(stage: Locator, chat: Locator): Promise<void> {
  const box = (await chat.boundingBox())!;
  await stage.evaluate((element, { dx, dy }) => Object.assign(element.style, { left: `${dx}px`, top: `${dy}px` }), {
    dx: Math.round(box.x) - box.x,
    dy: Math.round(box.y) - box.y,
  });
}

test.describe('the settings preview is the widget', () => {
  test.beforeAll(async ({ request }) => saveSettings(request));

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`looks the same as the widget on the test page, for the same settings (${colorScheme})`, async ({ page, browser }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.clock.setFixedTime(NOW);

      // A visitor's page: the widget as embedded, opened from its launcher.
      await page.goto(`/widget/test/${BOT}`);
      await page.getByRole('button', { name: `Chat with ${NAME}` }).click();
      const onTestPage = await windowScreenshot(page, page.getByRole('dialog', { name: NAME }));

      // The settings preview, its window opened the same way (from the launcher, focus in the message box).
      await openSettings(page);
      const { launcher, chat } = previewOf(page);
      await expect(chat).toBeVisible();
      await chat.getByRole('button', { name: 'Close chat' }).click();
      await expect(chat).toBeHidden();
      await launcher.click();
      await expect(chat.getByRole('textbox', { name: 'Your message' })).toBeFocused();
      await chat.scrollIntoViewIfNeeded();
      await alignToPixels(page.getByTestId('widget-preview-stage'), chat);
      const inPreview = await windowScreenshot(page, chat);

      // Both kept beside the result, to look at when it fails.
      writeFileSync(test.info().outputPath(`test-page-${colorScheme}.png`), onTestPage);
      writeFileSync(test.info().outputPath(`preview-${colorScheme}.png`), inPreview);
      // The window's rounded corners (14 px) show the page behind it, which differs on purpose.
      const comparison = await compareImages(browser, onTestPage, inPreview, { tolerance: 8, cornerRadius: 14 });
      test.info().annotations.push({ type: 'pixels differing', description: `${comparison.differing} of ${comparison.compared}, largest channel difference ${comparison.largestDifference}` });
      expect(comparison.sizes[1], 'the preview window is the size of the embedded one').toBe(comparison.sizes[0]);
      expect(comparison.compared).toBeGreaterThan(100_000);
      expect(comparison.differing, `pixels that differ: ${JSON.stringify(comparison)}`).toBeLessThanOrEqual(comparison.compared * 0.001);
    });
  }

  test('a session the service lost (its data reset while the page was open) is replaced, and the question answered', async ({ page, request }) => {
    await openSettings(page);
    const { chat } = previewOf(page);
    await expect(chat).toBeVisible();
    const box = chat.getByRole('textbox', { name: 'Your message' });
    await box.fill('Homes for sale in Austin');
    await box.press('Enter');
    await expect(chat.locator('div.message.bot').last()).toContainText('Austin', { timeout: 20_000 });
    await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });

    // What the service answers for a session it no longer has, asked for real: after a reset,
    // the preview's next question gets exactly this.
    const lost = await request.post('/chat/Chat/ClientAsk', { headers: AUTH, data: { sessionID: 2_000_000_000, content: 'hello', stream: true } });
    expect(lost.status()).toBe(404);
    const lostBody = await lost.text();
    expect(lostBody).toContain('sessionID');
    let refused = 0;
    await page.route('**/chat/Chat/ClientAsk', async (route) => {
      if (refused > 0) return route.fallback();
      refused += 1;
      return route.fulfill({ status: 404, contentType: 'application/json', body: lostBody });
    });
    const sessionsOpened: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/chat/Chatbot/GetSession')) sessionsOpened.push(sent.url());
    });

    await box.fill('Rentals in Denver');
    await box.press('Enter');
    await expect(chat.locator('div.message.bot').last()).toContainText('Denver', { timeout: 20_000 });
    expect(refused).toBe(1);
    expect(sessionsOpened.length, 'a new session was opened').toBe(1);
    // No error notice: the visitor sees the answer, and the earlier exchange is still there.
    await expect(chat.locator('div.message.notice')).toHaveCount(0);
    await expect(chat.getByText('Homes for sale in Austin').first()).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1920]) {
      test(`settings with the preview widget: by keyboard, and no serious axe violation (${colorScheme}, ${width} px)`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await openSettings(page);
        const { launcher, chat } = previewOf(page);
        await expect(chat).toBeVisible();
        await chat.scrollIntoViewIfNeeded();
        await expectAccessible(page, `settings with the preview widget open (${colorScheme}, ${width} px)`);

        // Its window by keyboard: the suggested question, then Escape back to the launcher.
        const chip = chat.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: 'Homes for sale in Austin' });
        await chip.focus();
        await page.keyboard.press('Enter');
        await expect(chat.locator('div.message.bot').last()).toContainText('Austin', { timeout: 20_000 });
        await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
        await expectAccessible(page, `settings with an answer in the preview widget (${colorScheme}, ${width} px)`);
        const box = (await chat.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: test.info().outputPath(`settings-preview-${colorScheme}-${width}.png`) });

        await chat.getByRole('textbox', { name: 'Your message' }).focus();
        await page.keyboard.press('Escape');
        await expect(chat).toBeHidden();
        await expect(launcher).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(chat.getByRole('textbox', { name: 'Your message' })).toBeFocused();
        // The conversation is kept while the page lives: the answer is still there.
        await expect(chat.locator('div.message.bot').last()).toContainText('Austin');
      });
    }
  }
});

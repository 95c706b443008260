import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SLOW_PACE } from './support/e2e-service';
import { expectAccessible } from './support/axe';

/**
 * The chat widget as a visitor meets it: on the service's test page (/widget/test/:botId),
 * which embeds it with the one-line snippet a business pastes into its own site.
 */

const BOT = 'e2e-widget';
const LIMITS_BOT = 'e2e-widget-limits';
const POPUP_BOT = 'e2e-widget-popup';
const DOMAINS_BOT = 'e2e-widget-domains';
const MEDIA_BOT = 'e2e-widget-media';
const AUTH = { authorization: 'demo-secret-key' };

async function edit(request: APIRequestContext, serialNumber: string, fields: Record<string, unknown>): Promise<void> {
  const response = await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber, ...fields } });
  expect(response.ok(), await response.text()).toBe(true);
}

const testPage = (bot: string) => `/widget/test/${bot}`;
const launcherOf = (page: Page, name: string) => page.getByRole('button', { name: `Chat with ${name}` });
const windowOf = (page: Page, name: string) => page.getByRole('dialog', { name });
const isWidgetAsk = (url: string) => /\/widget\/chatbots\/[^/]+\/ask$/.test(url);

async function askInWidget(page: Page, question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Your message' });
  await box.fill(question);
  await box.press('Enter');
}

/** Asks and waits until the answer (or the refusal) is whole: Send is enabled again. */
async function askAndWait(page: Page, question: string): Promise<void> {
  await askInWidget(page, question);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
}

test.describe('the chat widget on a visitor\'s page', () => {
  test('shows the launcher in the saved colour and side, and streams an answer', async ({ page, request }) => {
    await edit(request, BOT, {
      Name: 'Widget Realty',
      ChatBubbleColor: 'rgb(190,30,45)',
      ChatBubbleAlign: 1,
      WelcomeMessage: 'Welcome to **Widget Realty**! <b>Ask</b> away.',
      UserInputPlaceholder: 'Type your home question',
      SuggestedMessage: 'Homes for rent in Denver\nCan I talk to an agent?',
      ChatbotPrivacyPolicyName: 'Our privacy policy',
      ChatbotPrivacyPolicyUrl: 'https://example.com/privacy',
      ChatbotPrivacyPolicyDescription: 'By chatting you accept',
      TimeZone: 'Asia/Tokyo',
      VerifyDomain: false,
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(testPage(BOT));
    await expect(page.getByRole('heading', { name: 'Widget test page' })).toBeVisible();

    const launcher = launcherOf(page, 'Widget Realty');
    await expect(launcher).toHaveCSS('background-color', 'rgb(190, 30, 45)');
    const box = (await launcher.boundingBox())!;
    expect(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 2);

    await launcher.click();
    const chat = windowOf(page, 'Widget Realty');
    await expect(chat).toBeVisible();
    // The welcome message's Markdown is drawn, its HTML shown as text, never run as markup.
    await expect(chat.getByTestId('welcome')).toContainText('Welcome to Widget Realty! <b>Ask</b> away.');
    await expect(chat.getByTestId('welcome').locator('strong')).toHaveText('Widget Realty');
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveAttribute('placeholder', 'Type your home question');
    await expect(chat.getByTestId('privacy')).toContainText('By chatting you accept Our privacy policy');
    await expect(chat.getByRole('link', { name: 'Our privacy policy' })).toHaveAttribute('href', 'https://example.com/privacy');

    const answered = page.waitForResponse((response) => isWidgetAsk(response.url()));
    // Slow, so it is seen while it streams.
    await askInWidget(page, `3 bedroom homes for sale in Austin ${SLOW_PACE}`);
    const response = await answered;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    // Drawn while it streams (aria-busy), then whole.
    await expect(chat.locator('div.message[aria-busy="true"]')).toBeVisible();
    const answer = chat.locator('div.message.bot').last();
    await expect(answer).toContainText('Austin', { timeout: 20_000 });
    await expect(chat.locator('div.message[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(answer.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//);
    // Chips and the privacy notice are for before the first question.
    await expect(chat.getByRole('group', { name: 'Suggested questions' })).toBeHidden();
    await expect(chat.getByTestId('privacy')).toBeHidden();
    // Times are the chatbot's TimeZone's.
    const time = chat.locator('div.message.visitor time');
    const iso = await time.getAttribute('datetime');
    const tokyo = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo' }).format(new Date(iso!));
    await expect(time).toHaveText(tokyo);

    // The transcript survives a reload (localStorage: the log is kept on browser close).
    await page.reload();
    await launcherOf(page, 'Widget Realty').click();
    await expect(windowOf(page, 'Widget Realty').locator('div.message.visitor')).toHaveText(/3 bedroom homes for sale in Austin/);
    expect(violations).toEqual([]);
  });

  test('a suggested question sends itself; Talk to a human shows the message and a mail link', async ({ page, request }) => {
    await edit(request, BOT, {
      Name: 'Chip Realty',
      SuggestedMessage: 'Homes for rent in Denver\nCan I talk to an agent?',
      TalkToHumanEmail: 'agents@example.com',
      TalkToHumanResponseMessage: 'An agent will write back today.',
      RemoveChatLogOnBrowserClose: true,
    });
    await page.goto(testPage(BOT));
    await launcherOf(page, 'Chip Realty').click();
    const chat = windowOf(page, 'Chip Realty');
    await chat.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: 'Homes for rent in Denver' }).click();
    await expect(chat.locator('div.message.visitor').last()).toContainText('Homes for rent in Denver');
    await expect(chat.locator('div.message.bot').last()).toContainText('Denver', { timeout: 20_000 });

    await chat.getByRole('button', { name: 'Talk to a human' }).click();
    await expect(chat.locator('div.message.bot').last()).toContainText('An agent will write back today.');
    await expect(chat.getByRole('link', { name: 'Write to agents@example.com' })).toHaveAttribute('href', 'mailto:agents@example.com');
    // RemoveChatLogOnBrowserClose: the log is in sessionStorage, none in localStorage.
    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(stored.local.filter((key) => key.includes(':transcript'))).toEqual([]);
    expect(stored.session).toContain(`realty-bot-widget:${BOT}:transcript`);
  });

  test('after RateLimitCount questions the next one answers with RateLimitMessage', async ({ page, request }) => {
    test.setTimeout(120_000);
    await edit(request, LIMITS_BOT, { Name: 'Busy Realty', RateLimitCount: 2, RateLimitTime: 3600, RateLimitMessage: 'Slow down, friend: try again in an hour.' });
    await page.goto(testPage(LIMITS_BOT));
    await launcherOf(page, 'Busy Realty').click();
    const chat = windowOf(page, 'Busy Realty');
    for (const city of ['Austin', 'Denver']) {
      await askAndWait(page, `Homes in ${city}`);
      await expect(chat.locator('div.message.bot').last()).toContainText(city);
    }
    await askInWidget(page, 'Homes in Miami');
    await expect(chat.locator('div.message.notice').last()).toHaveText(/Slow down, friend: try again in an hour\./);
  });

  test('popup once opens the window by itself, once per visitor', async ({ page, request }) => {
    await edit(request, POPUP_BOT, { Name: 'Popup Realty', ChatbotPopupOnce: true });
    await page.goto(testPage(POPUP_BOT));
    await expect(windowOf(page, 'Popup Realty')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(windowOf(page, 'Popup Realty')).toBeHidden();
    await expect(launcherOf(page, 'Popup Realty')).toBeFocused();

    await page.reload();
    await expect(launcherOf(page, 'Popup Realty')).toBeVisible();
    await expect(windowOf(page, 'Popup Realty')).toBeHidden();
  });

  test('a page whose origin is not in Domains gets no answer', async ({ page, request, baseURL }) => {
    const allowed = new URL(baseURL!);
    await edit(request, DOMAINS_BOT, { Name: 'Guarded Realty', VerifyDomain: true, Domains: `example.com, ${allowed.host}` });
    // The allowed origin (localhost:PORT) is answered.
    await page.goto(testPage(DOMAINS_BOT));
    await launcherOf(page, 'Guarded Realty').click();
    await askAndWait(page, 'Homes in Austin');
    await expect(windowOf(page, 'Guarded Realty').locator('div.message.bot').last()).toContainText('Austin', { timeout: 20_000 });

    // The same widget, on a page of another origin (127.0.0.1:PORT): refused, nothing shown.
    const foreign = new URL(testPage(DOMAINS_BOT), baseURL);
    foreign.hostname = '127.0.0.1';
    foreign.searchParams.set('service', allowed.origin);
    const warning = page.waitForEvent('console', (message) => message.text().includes('[realty-bot widget]'));
    await page.goto(foreign.href);
    expect((await warning).text()).toMatch(/is this page's origin in its allowed Domains\?/);
    await expect(page.getByRole('heading', { name: 'Widget test page' })).toBeVisible();
    await expect(launcherOf(page, 'Guarded Realty')).toHaveCount(0);
    // What the browser hid from that page: the service refused it, with no CORS header.
    const refused = await request.get(`/widget/chatbots/${DOMAINS_BOT}/settings`, { headers: { origin: foreign.origin } });
    expect(refused.status()).toBe(403);
    expect(refused.headers()['access-control-allow-origin']).toBeUndefined();
    // Nor can that page open a session to ask in.
    const asked = await page.evaluate(async (url) => {
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return `answered ${response.status}`;
      } catch {
        return 'no answer';
      }
    }, `${allowed.origin}/widget/chatbots/${DOMAINS_BOT}/session`);
    expect(asked).toBe('no answer');
  });

  test('a visitor attaches an image by keyboard and sends it; the answer comes and the image shows in their message', async ({ page, request }) => {
    await edit(request, MEDIA_BOT, { Name: 'Photo Realty', EnableUploadImage: true, EnablePushToTalk: false, VerifyDomain: false });
    await page.goto(testPage(MEDIA_BOT));
    // A picture drawn by the browser itself: a real PNG, big enough to see.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 100 });
        const context = canvas.getContext('2d')!;
        context.fillStyle = 'rgb(43,138,62)';
        context.fillRect(0, 0, 160, 100);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    await launcherOf(page, 'Photo Realty').click();
    const chat = windowOf(page, 'Photo Realty');
    await expect(chat.getByRole('button', { name: 'Record a voice question' })).toBeHidden();

    const attach = chat.getByRole('button', { name: 'Attach images' });
    await attach.focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    // A script-carrying SVG is refused at once, with its name; the PNG is attached.
    await (await chooser).setFiles([
      { name: 'front-door.png', mimeType: 'image/png', buffer: png },
      { name: 'plan.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    ]);
    await expect(chat.getByRole('status')).toHaveText('plan.svg: only PNG, JPEG, WEBP or GIF images can be attached');
    const tray = chat.getByRole('list', { name: 'Attached images' });
    await expect(tray.getByRole('listitem')).toHaveCount(1);
    await expect(tray.getByRole('button', { name: 'Remove front-door.png' })).toBeVisible();

    const uploaded = page.waitForResponse((response) => /\/widget\/chatbots\/[^/]+\/files\?/.test(response.url()));
    await askInWidget(page, 'Is this house for sale?');
    expect((await uploaded).status()).toBe(200);
    await expect(tray).toBeHidden();
    const sent = chat.locator('div.message.visitor').last();
    await expect(sent).toContainText('Is this house for sale?');
    const picture = sent.getByRole('img', { name: 'Image: front-door.png' });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
    await expect(chat.locator('div.message.bot').last()).toContainText('Thanks for the image (front-door.png)', { timeout: 20_000 });
    await expectAccessible(page, 'the widget with an image sent');

    // Reloaded, the message keeps the image's name (the bytes stay on the service).
    await page.reload();
    await launcherOf(page, 'Photo Realty').click();
    await expect(windowOf(page, 'Photo Realty').locator('div.message.visitor').last()).toContainText('Image: front-door.png');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1920]) {
      test(`no serious axe violation, ${colorScheme}, ${width} px`, async ({ page, request }) => {
        await edit(request, BOT, {
          Name: 'Widget Realty',
          ChatBubbleColor: 'rgb(190,30,45)',
          SuggestedMessage: 'Homes for rent in Denver',
          FacebookUrl: 'https://facebook.com/widget',
          WhatsappUrl: 'https://wa.me/15550100',
          TalkToHumanEmail: 'agents@example.com',
          ChatbotPrivacyPolicyName: 'Privacy policy',
          ChatbotPrivacyPolicyUrl: 'https://example.com/privacy',
          RemoveChatLogOnBrowserClose: true,
          // The composer's attach and microphone buttons are part of what is checked.
          EnableUploadImage: true,
          EnablePushToTalk: true,
        });
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(testPage(BOT));
        await launcherOf(page, 'Widget Realty').click();
        await expectAccessible(page, `the widget's window before a question (${colorScheme}, ${width} px)`);
        await askAndWait(page, 'Homes for rent in Denver');
        const chat = windowOf(page, 'Widget Realty');
        await expect(chat.locator('div.message.bot').last()).toContainText('Denver');
        await expectAccessible(page, `the widget with an answer (${colorScheme}, ${width} px)`);
        const window = (await chat.boundingBox())!;
        expect(window.x).toBeGreaterThanOrEqual(0);
        expect(window.x + window.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: test.info().outputPath(`widget-${colorScheme}-${width}.png`) });
      });
    }
  }

  test('the message field shows its whole placeholder, grows with a long question up to four lines, and is small again once sent', async ({ page, request }) => {
    const heightOf = async (field: ReturnType<Page['getByRole']>) => (await field.boundingBox())!.height;
    await edit(request, BOT, { Name: 'Widget Realty', UserInputPlaceholder: 'Ask', VerifyDomain: false });
    await page.goto(testPage(BOT));
    await launcherOf(page, 'Widget Realty').click();
    const field = page.getByRole('textbox', { name: 'Your message' });
    const oneLine = await heightOf(field);

    await edit(request, BOT, { UserInputPlaceholder: 'Ask about homes for sale or rent, prices, schools and neighbourhoods near you' });
    await page.reload();
    await launcherOf(page, 'Widget Realty').click();
    await expect(field).toHaveAttribute('placeholder', /neighbourhoods near you$/);
    // A line of 14px text is about 20px: all of the placeholder's lines show, not one and a cut.
    const withPlaceholder = await heightOf(field);
    expect(withPlaceholder).toBeGreaterThan(oneLine + 30);

    await field.fill('Three bedrooms\nnear a good school\nwith a garden\nand a garage\nunder $500,000\nin Austin');
    await expect.poll(() => heightOf(field)).toBeGreaterThan(withPlaceholder);
    // Four lines at most; the rest scrolls inside the field.
    expect(await heightOf(field)).toBeLessThanOrEqual(96);
    expect(await field.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

    await field.press('Enter');
    await expect(field).toHaveValue('');
    await expect.poll(() => heightOf(field)).toBeCloseTo(withPlaceholder, 0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
  });
});

test.describe('Embed, in the chatbot\'s settings', () => {
  for (const [width, colorScheme] of [[390, 'dark'], [1920, 'light']] as const) {
    test(`gives the snippet, warns about the domains, opens the test page (${width} px, ${colorScheme})`, async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      await edit(request, BOT, { Name: 'Widget Realty', VerifyDomain: false, Domains: '' });
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/bots/${BOT}/settings`);
      const embed = page.getByTestId('embed-section');
      await expect(embed).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('embed-snippet')).toHaveText(`<script src="${new URL(baseURL!).origin}/widget.js" data-chatbot="${BOT}" async></script>`);
      await expect(page.getByTestId('embed-warning')).toContainText('Domain verification is off');

      await page.getByLabel('Verify domain').check({ force: true });
      await expect(page.getByTestId('embed-warning')).toContainText('no domain is listed');
      await embed.scrollIntoViewIfNeeded();
      await expectAccessible(page, `the Embed section (${width} px, ${colorScheme})`, '[data-testid="embed-section"]');
      await page.screenshot({ path: test.info().outputPath(`embed-${colorScheme}-${width}.png`) });
      await page.getByLabel('Verify domain').uncheck({ force: true });

      const popup = page.waitForEvent('popup');
      await embed.getByRole('link', { name: 'Open test page' }).click();
      const testPageTab = await popup;
      await expect(launcherOf(testPageTab, 'Widget Realty')).toBeVisible();
    });
  }
});

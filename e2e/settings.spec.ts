import { expect, test, type Page, type Request } from '@playwright/test';
import { NOTHING_SAVED_YET } from '../src/api/contract/versions';

/** This file's own seeded chatbot, so nothing here disturbs another spec. */
const BOT = 'e2e-settings';
const SETTINGS = `/bots/${BOT}/settings`;
/** A 1×1 PNG, generated here rather than committed as a binary. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const isEdit = (request: Request) => request.method() === 'POST' && request.url().endsWith('/chat/Chatbot/Edit');

async function openSettings(page: Page): Promise<void> {
  await page.goto(SETTINGS);
  // The first load fetches the app's chunks too, so it gets more time on a busy machine.
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Picks an option of a Mantine Select by typing part of it. */
async function choose(page: Page, label: string, search: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** A value this run has not saved before, so a retry still has something to change. */
const run = Date.now().toString(36);

test.describe('settings', () => {
  test('a change in every section is sent alone, saved, and comes back from the service after a reload', async ({ page }) => {
    test.slow(); // a long journey through every section
    await openSettings(page);
    const expected: Record<string, unknown> = { serialNumber: BOT };

    // General & AI
    const name = `E2E bot ${run}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    expected.Name = name;
    const language = (await page.getByRole('combobox', { name: 'Answer language' }).inputValue()) === 'German' ? 'French' : 'German';
    await choose(page, 'Answer language', language.slice(0, 4), language);
    expected.AIResponseLanguage = language;

    // Appearance: a swatch the bot does not have yet
    const colourInput = page.getByLabel('Bubble colour');
    const colour = (await colourInput.inputValue()) === 'rgb(121,80,242)' ? 'rgb(250,82,82)' : 'rgb(121,80,242)';
    await colourInput.click();
    await page.getByRole('button', { name: colour, exact: true }).click();
    await expect(colourInput).toHaveValue(colour);
    await colourInput.press('Escape');
    expected.ChatBubbleColor = colour;

    // Features: flip whatever it is
    const pushToTalk = page.getByLabel('Push-to-talk');
    const wasOn = await pushToTalk.isChecked();
    await pushToTalk.setChecked(!wasOn, { force: true });
    expected.EnablePushToTalk = !wasOn;

    // Human handoff
    const handoff = `agents-${run}@example.com`;
    await page.getByLabel('Handoff e-mail').fill(handoff);
    expected.TalkToHumanEmail = handoff;

    // Social
    const facebook = `https://www.facebook.com/sunrise-${run}`;
    await page.getByLabel('Facebook URL').fill(facebook);
    expected.FacebookUrl = facebook;

    // Privacy
    const policyName = `Privacy ${run}`;
    await page.getByLabel('Privacy policy name').fill(policyName);
    expected.ChatbotPrivacyPolicyName = policyName;

    // Embedding & security: one more allowed domain
    const domainRows = page.getByRole('textbox', { name: /^Domain \d+$/ });
    const domainsBefore = await domainRows.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await page.getByRole('button', { name: 'Add domain' }).click();
    const domain = `shop-${run}.example.com`;
    await page.getByRole('textbox', { name: `Domain ${domainsBefore.length + 1}` }).fill(domain);
    expected.Domains = [...domainsBefore, domain].join(',');

    // Limits
    const rateCount = page.getByLabel('Rate limit count');
    const count = Number(await rateCount.inputValue()) === 7 ? 8 : 7;
    await rateCount.fill(String(count));
    expected.RateLimitCount = count;

    // Reports
    const leads = `leads-${run}@example.com`;
    await page.getByLabel('Daily leads e-mail').fill(leads);
    expected.EmailForDailyLeads = leads;

    await expect(page.getByTestId('unsaved-summary')).toHaveText(/^10 unsaved changes: /);
    const editRequest = page.waitForRequest(isEdit);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const body = (await editRequest).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual(expected);

    const notice = page.getByRole('alert').filter({ hasText: 'Settings saved' });
    await expect(notice).toContainText('Sent 10 fields: Name, Bubble colour,');
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');

    const detail = page.waitForResponse((response) => response.url().endsWith('/chat/Chatbot/Detail'));
    await page.reload();
    const stored = ((await (await detail).json()) as { Data: Record<string, unknown> }).Data;
    for (const [field, value] of Object.entries(expected)) {
      if (field !== 'serialNumber') expect(stored[field], field).toEqual(value);
    }

    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByRole('combobox', { name: 'Answer language' })).toHaveValue(language);
    await expect(page.getByLabel('Bubble colour')).toHaveValue(colour);
    expect(await page.getByLabel('Push-to-talk').isChecked()).toBe(!wasOn);
    await expect(page.getByLabel('Handoff e-mail')).toHaveValue(handoff);
    await expect(page.getByLabel('Facebook URL')).toHaveValue(facebook);
    await expect(page.getByLabel('Privacy policy name')).toHaveValue(policyName);
    await expect(page.getByRole('textbox', { name: `Domain ${domainsBefore.length + 1}` })).toHaveValue(domain);
    await expect(page.getByLabel('Rate limit count')).toHaveValue(String(count));
    await expect(page.getByLabel('Daily leads e-mail')).toHaveValue(leads);
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
  });

  test('an invalid e-mail, URL or colour blocks saving, with the message at the field', async ({ page }) => {
    await openSettings(page);
    const edits: Request[] = [];
    page.on('request', (request) => {
      if (isEdit(request)) edits.push(request);
    });

    const cases = [
      { label: 'Handoff e-mail', bad: 'agents-at-example', message: 'Handoff e-mail must be an e-mail address such as name@example.com' },
      { label: 'Instagram URL', bad: 'instagram.com/sunrise', message: 'Instagram URL must be a full http:// or https:// address' },
      {
        label: 'User message colour',
        bad: 'light blue',
        message: 'User message colour must be a colour written as rgb(r,g,b) with each channel 0 to 255',
      },
    ];
    for (const { label, bad, message } of cases) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(bad);
      await field.press('Tab');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[()]/g, '\\$&')}`));
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Check the highlighted fields' }).last()).toContainText(label);

      // Reverting just that field clears its message and leaves nothing to save.
      await page.getByRole('button', { name: `Revert ${label}` }).click();
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
    }
    expect(edits).toHaveLength(0);
  });

  test('a service error naming a field is shown at that field', async ({ page }) => {
    await openSettings(page);
    // The local service accepts every valid name, so this one refusal is injected.
    await page.route('**/chat/Chatbot/Edit', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          Data: null,
          Version: '1.0',
          Success: false,
          Code: 400,
          Message: 'CustomDomain: is already used by another chatbot',
        }),
      }),
    );
    const customDomain = page.getByLabel('Custom domain');
    await customDomain.fill(`chat-${run}.example.com`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(customDomain).toHaveAccessibleDescription(/^Custom domain is already used by another chatbot/);
    await expect(customDomain).toBeFocused();
    await expect(page.getByTestId('unsaved-summary')).toHaveText(/1 unsaved change: Custom domain/);
  });

  test('leaving with unsaved changes asks first, in the app and when switching chatbot', async ({ page }) => {
    await openSettings(page);
    const name = page.getByLabel('Name', { exact: true });
    const saved = await name.inputValue();
    await name.fill(`Unsaved ${run}`);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });

    await nav.getByRole('link', { name: 'Chat' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Name');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    await expect(name).toHaveValue(`Unsaved ${run}`);

    const switcher = page.getByRole('combobox', { name: 'Chatbot', exact: true });
    await switcher.selectOption('demo-bot');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    await expect(switcher).toHaveValue(BOT);

    await nav.getByRole('link', { name: 'Chat' }).click();
    await dialog.getByRole('button', { name: 'Discard changes and leave' }).click();
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat$`));

    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(name).toHaveValue(saved);
  });

  test("switching chatbot shows each chatbot's own settings, also when they come from the cache", async ({ page }) => {
    await openSettings(page);
    // This file's chatbot gets a name of this run, so the two cannot be told apart by accident.
    const ours = `Switched ${run}`;
    const renamed = await page.request.post('/chat/Chatbot/Edit', { data: { serialNumber: BOT, Name: ours } });
    expect(renamed.ok()).toBe(true);
    const detail = await page.request.post('/chat/Chatbot/Detail', { data: { serialNumber: 'demo-bot' } });
    const theirs = ((await detail.json()) as { Data: { Name: string } }).Data.Name;
    expect(theirs).not.toBe(ours);
    await page.reload();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(ours);

    const switcher = page.getByRole('combobox', { name: 'Chatbot', exact: true });
    await switcher.selectOption('demo-bot');
    await expect(page).toHaveURL(/\/bots\/demo-bot\/settings$/);
    await expect(name).toHaveValue(theirs);
    // Back to a chatbot whose settings are in the cache: drawn at once, and with its own values.
    await switcher.selectOption(BOT);
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    await expect(name).toHaveValue(ours);
    await expect(page.getByText('No unsaved changes')).toBeVisible();
  });

  test('a draft survives a reload, and Reset returns to the saved values', async ({ page }) => {
    await openSettings(page);
    const welcome = page.getByLabel('Welcome message');
    const saved = await welcome.inputValue();
    const draft = `Draft welcome ${run}`;
    await welcome.fill(draft);

    // Closing or reloading the tab gets the browser's own prompt; accept it to reload.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(welcome).toHaveValue(draft, { timeout: 30_000 });
    await expect(page.getByText('Unsaved changes restored')).toBeVisible();
    await expect(page.getByTestId('unsaved-summary')).toHaveText('1 unsaved change: Welcome message');
    // The preview widget draws the restored draft, not the saved value.
    const previewWelcome = page.getByTestId('widget-preview').getByTestId('welcome');
    await expect(previewWelcome).toContainText(draft);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await expect(welcome).toHaveValue(saved);
    await expect(previewWelcome).not.toContainText(draft);
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');

    await page.reload();
    await expect(welcome).toHaveValue(saved, { timeout: 30_000 });
    await expect(page.getByText('Unsaved changes restored')).toHaveCount(0);
  });

  test('the preview is the widget: typing a welcome message shows it there before saving, and the launcher takes the picked colour', async ({ page }) => {
    await openSettings(page);
    const preview = page.getByTestId('widget-preview');
    const name = await page.getByLabel('Name', { exact: true }).inputValue();
    // The widget's own launcher and window, in the preview's shadow root.
    const launcher = preview.getByRole('button', { name: `Chat with ${name}` });
    const chat = preview.getByRole('dialog', { name });
    await expect(chat).toBeVisible();
    const colour = page.getByLabel('Bubble colour');

    await colour.click();
    await page.getByRole('button', { name: 'rgb(18,184,134)', exact: true }).click();
    await expect(colour).toHaveValue('rgb(18,184,134)');
    await expect(launcher).toHaveCSS('background-color', 'rgb(18, 184, 134)');
    await expect(chat.locator('header')).toHaveCSS('background-color', 'rgb(18, 184, 134)');

    // Typed hex is read as it is typed and written back as rgb(r,g,b) on leaving the field.
    await colour.fill('#fd7e14');
    await expect(launcher).toHaveCSS('background-color', 'rgb(253, 126, 20)');
    await colour.press('Tab');
    await expect(colour).toHaveValue('rgb(253,126,20)');

    const stage = (await preview.getByTestId('widget-preview-stage').boundingBox())!;
    const onTheLeft = async () => {
      const box = (await launcher.boundingBox())!;
      return box.x + box.width / 2 < stage.x + stage.width / 2;
    };
    expect(await onTheLeft()).toBe(false);
    await page.getByLabel('Bottom left').check({ force: true });
    await expect.poll(onTheLeft).toBe(true);

    // Every keystroke is drawn, Markdown formatted and HTML shown as text, before any save.
    const welcome = page.getByLabel('Welcome message');
    await welcome.fill('');
    await welcome.pressSequentially('Hello **there** <b>you</b>');
    await expect(chat.getByTestId('welcome')).toContainText('Hello there <b>you</b>');
    await expect(chat.getByTestId('welcome').locator('strong')).toHaveText('there');

    await page.getByLabel('Input placeholder').fill('Type here…');
    await expect(chat.getByRole('textbox', { name: 'Your message' })).toHaveAttribute('placeholder', 'Type here…');

    await page.getByLabel('Privacy policy name').fill('Privacy first');
    await page.getByLabel('Privacy policy URL').fill('https://example.com/privacy');
    await expect(chat.getByRole('link', { name: 'Privacy first' })).toHaveAttribute('href', 'https://example.com/privacy');

    await page.getByLabel('Handoff e-mail').fill('agents@example.com');
    await page.getByLabel('Handoff message').fill('An agent writes back today.');
    await chat.getByRole('button', { name: 'Talk to a human' }).click();
    await expect(chat.locator('div.message.bot').last()).toContainText('An agent writes back today.');
    await expect(chat.getByRole('link', { name: 'Write to agents@example.com' })).toHaveAttribute('href', 'mailto:agents@example.com');

    await page.getByLabel('Name', { exact: true }).fill(`Preview ${run}`);
    await expect(preview.getByRole('heading', { name: `Preview ${run}` })).toBeVisible();
    await expect(preview.getByRole('button', { name: `Chat with Preview ${run}` })).toBeVisible();
    // None of it was saved: the preview draws the draft.
    await expect(page.getByTestId('unsaved-summary')).toContainText('Welcome message');
  });

  test('a question in the preview widget is answered through the console\'s own client, and the widget works by keyboard', async ({ page }) => {
    await openSettings(page);
    const preview = page.getByTestId('widget-preview');
    const name = await page.getByLabel('Name', { exact: true }).inputValue();
    const chat = preview.getByRole('dialog', { name });
    const launcher = preview.getByRole('button', { name: `Chat with ${name}` });

    // The preview mounts its widget once the page has settled (widget-preview.tsx): Tab reaches it once it is there.
    await expect(chat).toBeVisible();
    // Reached by keyboard from the last field of the form (the save bar's buttons are disabled).
    await page.getByLabel('Daily leads e-mail').focus();
    await page.keyboard.press('Tab');
    // Focus inside a shadow root shows on the document as its host.
    const focusIsInTheWidget = () =>
      page.evaluate(() => {
        const host = document.activeElement;
        return Boolean(host?.shadowRoot?.activeElement && host.closest('[data-testid="widget-preview"]'));
      });
    await expect.poll(focusIsInTheWidget).toBe(true);
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(launcher).toBeFocused();
    await page.keyboard.press('Enter');
    const box = chat.getByRole('textbox', { name: 'Your message' });
    await expect(box).toBeFocused();

    // The console's operations, with its credentials: GetSession, then the streamed ClientAsk.
    const session = page.waitForRequest((request) => request.url().endsWith('/chat/Chatbot/GetSession'));
    const asked = page.waitForRequest((request) => request.url().endsWith('/chat/Chat/ClientAsk'));
    await page.keyboard.type('3 bedroom homes for sale in Austin');
    await page.keyboard.press('Enter');
    expect((await session).postDataJSON()).toEqual({ serialNumber: BOT });
    const ask = await asked;
    expect(ask.postDataJSON()).toMatchObject({ content: '3 bedroom homes for sale in Austin', stream: true });
    expect((await ask.response())?.headers()['content-type']).toMatch(/^text\/event-stream/);
    await expect(chat.locator('div.message.visitor').last()).toContainText('3 bedroom homes for sale in Austin');
    await expect(chat.locator('div.message.bot').last()).toContainText('Austin', { timeout: 20_000 });
    await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 20_000 });
    await expect(chat.locator('div.message[aria-busy="true"]')).toHaveCount(0);
    // Nothing of the preview's conversation goes into the storage the test page's widget reads.
    const stored = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith('realty-bot-widget')));
    expect(stored).toEqual([]);
  });

  test('an image upload shows a thumbnail and the file id, which is what is saved', async ({ page }) => {
    await openSettings(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Upload|Replace) chat icon$/ }).click();
    await (await chooser).setFiles({ name: `icon-${run}.png`, mimeType: 'image/png', buffer: PIXEL_PNG });

    const icon = page.getByRole('group', { name: 'Chat icon' });
    await expect(icon.getByText(/^File id \d+$/)).toBeVisible();
    const fileId = /(\d+)$/.exec(await icon.getByText(/^File id \d+$/).innerText())?.[1];
    await expect(icon.getByRole('img', { name: 'Chat icon thumbnail' })).toBeVisible();
    await expect(page.getByTestId('widget-preview').getByRole('button', { name: /^Chat with / }).locator('img')).toHaveAttribute('src', /\/files\//);

    const editRequest = page.waitForRequest(isEdit);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await editRequest).postDataJSON()).toEqual({ serialNumber: BOT, ChatIcon: fileId });
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');

    await page.reload();
    await expect(page.getByRole('group', { name: 'Chat icon' }).getByText(`File id ${fileId}`)).toBeVisible({ timeout: 30_000 });
  });

  test('when the service cannot report the settings, the form says so, keeps nothing in this browser, and sends only what changed', async ({ page }) => {
    // In proxy mode the console answers Detail from the team's saves; before the first one it says so, as injected here.
    await page.route('**/chat/Chatbot/Detail', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ Data: null, Version: '1.0', Success: false, Code: 404, Message: NOTHING_SAVED_YET }),
      }),
    );
    // ...and its history of the chatbot is empty.
    await page.route('**/chat/Chatbot/Versions', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ Data: { List: [], VirtualCount: 0 }, Version: '1.0', Success: true, Code: 200, Message: '' }),
      }),
    );
    await openSettings(page);
    await expect(page.getByRole('status').filter({ hasText: 'Some current settings are not known' })).toContainText(
      'No save of this chatbot has passed through this console yet',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

    const welcome = `Welcome ${run}`;
    await page.getByLabel('Welcome message').fill(welcome);
    const editRequest = page.waitForRequest(isEdit);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await editRequest).postDataJSON()).toEqual({ serialNumber: BOT, WelcomeMessage: welcome });
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
    // The saved settings live in the service (or the console's store), never in this browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(stored).not.toContain(welcome);
  });

  test('the section list jumps to a section', async ({ page }) => {
    await openSettings(page);
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    await sections.getByRole('link', { name: 'Limits' }).click();
    await expect(page.getByRole('region', { name: 'Limits' })).toBeFocused();
    await expect(page.getByLabel('Rate limit count')).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
  });

  test('a long text field grows with its text from two lines to ten, then scrolls, and is two lines again when emptied', async ({ page }) => {
    await openSettings(page);
    const field = page.getByRole('textbox', { name: 'System message' });
    const box = () => field.evaluate((element) => ({ height: element.getBoundingClientRect().height, scrolls: element.scrollHeight > element.clientHeight }));
    const lineHeight = await field.evaluate((element) => Math.round(parseFloat(getComputedStyle(element).lineHeight)));
    // Chromium grows it in CSS (src/components/growing-textarea.tsx), with no measuring of its own.
    expect(await field.evaluate((element) => getComputedStyle(element).getPropertyValue('field-sizing'))).toBe('content');

    await field.fill('');
    const empty = await box();
    await field.fill(Array.from({ length: 6 }, (_, line) => `Line ${line + 1}`).join('\n'));
    const six = await box();
    expect(six.height - empty.height).toBeCloseTo(4 * lineHeight, -1);
    expect(six.scrolls).toBe(false);

    await field.fill(Array.from({ length: 30 }, (_, line) => `Line ${line + 1}`).join('\n'));
    const thirty = await box();
    expect(thirty.height - empty.height).toBeCloseTo(8 * lineHeight, 0);
    expect(thirty.scrolls).toBe(true);

    await field.fill('');
    expect((await box()).height).toBe(empty.height);
  });
});

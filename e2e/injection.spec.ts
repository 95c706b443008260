import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createListing } from '../src/demo-data';

/** This spec's own seeded chatbot, so nothing here disturbs another spec. */
const BOT = 'e2e-injection';
const AUTH = { authorization: 'demo-secret-key' };

/** Each payload would open a dialog (and set a flag) if it ever ran. */
const SCRIPT = `<script>window.__pwned='script';alert('xss-script')</script>`;
const IMG = `<img src=x onerror="window.__pwned='img';alert('xss-img')">`;
const LINK = `<a href="javascript:window.__pwned='link';alert('xss-link')">html link</a>`;
const MD_LINK = `[md link](javascript:alert('xss-md'))`;
const SVG = `<svg onload="window.__pwned='svg';alert('xss-svg')"></svg>`;
const ALL = [SCRIPT, IMG, LINK, MD_LINK, SVG].join(' ');

const CITY = 'Injectville';

/**
 * Nothing from a payload became markup: no script carrying it, no element with an inline
 * handler, no javascript: address, and no flag set by a handler that ran. Open shadow roots
 * (the settings preview's widget) are searched as well as the document.
 */
async function expectInert(page: Page) {
  const found = await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let index = 0; index < roots.length; index += 1) {
      for (const element of roots[index]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    const all = (selector: string) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
    return {
      shadowRoots: roots.length - 1,
      scripts: all('script').filter((script) => /pwned|xss-/.test(script.textContent ?? '')).length,
      handlers: all('[onerror], [onload], [onclick], [onmouseover]').length,
      javascriptUrls: all('[href], [src], [action], [formaction]').filter((element) =>
        ['href', 'src', 'action', 'formaction'].some((name) => /^\s*javascript:/i.test(element.getAttribute(name) ?? '')),
      ).length,
      frames: all('iframe, object, embed').length,
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    };
  });
  const { shadowRoots, ...marks } = found;
  expect(marks).toEqual({ scripts: 0, handlers: 0, javascriptUrls: 0, frames: 0, pwned: null });
  /** How many shadow roots were searched, for a check that the widget's was one of them. */
  return { shadowRoots };
}

async function post(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(path, { headers: AUTH, data });
  const body = (await response.json()) as { Success: boolean; Message: string; Data: unknown };
  expect(body.Message).toBe('');
  return body.Data;
}

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('injected markup stays text', () => {
  test.describe.configure({ mode: 'serial' });
  const stamp = Date.now().toString(36).toUpperCase();
  const mls = `INJ-${stamp}`;
  const PAYLOAD_CITY = `<img src=x onerror=alert('xss-city-${stamp}')>`;
  const QUOTE_CITY = `O'Quote ${stamp}`;

  test.beforeAll(async ({ request }) => {
    // Written through the real service, as any client of it could.
    await post(request, '/chat/Chatbot/RealEstateCreate', {
      ...createListing({
        SerialNumber: BOT,
        Status: 'Active',
        MLSNumber: mls,
        City: CITY,
        Address: `${IMG} 1 Main St`,
        State: LINK,
        ZIP: SVG,
        PropertyType: SCRIPT,
        Description: ALL,
        ExtensionColumn: [{ Key: SCRIPT, value: IMG }],
        Tours: undefined,
      }),
    });
    await post(request, '/chat/Chatbot/RealEstateCreate', {
      ...createListing({ SerialNumber: BOT, MLSNumber: `INJ-CITY-${stamp}`, City: PAYLOAD_CITY, Address: '2 Main St' }),
    });
    await post(request, '/chat/Chatbot/RealEstateCreate', {
      ...createListing({ SerialNumber: BOT, MLSNumber: `INJ-QUOTE-${stamp}`, City: QUOTE_CITY, Address: '3 Main St' }),
    });
    await post(request, '/chat/Chatbot/Edit', {
      serialNumber: BOT,
      Name: `${SCRIPT} Bot`,
      WelcomeMessage: ALL,
      SuggestedMessage: `${IMG}\n${SCRIPT}`,
      UserInputPlaceholder: IMG,
      AnswerSuffix: SVG,
      TalkToHumanResponseMessage: ALL,
      ChatbotPrivacyPolicyName: LINK,
      ChatbotPrivacyPolicyDescription: IMG,
      RateLimitMessage: SCRIPT,
    });
  });

  test('listing fields show as text in the table and the form', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto(`/bots/${BOT}/listings?city=${CITY}`);
    const table = page.getByRole('table', { name: 'Listings' });
    const row = table.getByRole('row').filter({ hasText: mls });
    await expect(row).toHaveCount(1);
    for (const text of [`${IMG} 1 Main St`, LINK, SVG, SCRIPT]) await expect(row).toContainText(text);
    await expectInert(page);

    await row.getByRole('button', { name: /^Edit / }).click();
    const form = page.getByRole('dialog', { name: 'Edit listing' });
    await expect(form.getByLabel('Description')).toHaveValue(ALL);
    await expect(form.getByLabel('Address')).toHaveValue(`${IMG} 1 Main St`);
    await expect(form.getByLabel('Property type')).toHaveValue(SCRIPT);
    await expect(form.getByLabel('Extra key 1')).toHaveValue(SCRIPT);
    await expect(form.getByLabel('Extra value 1')).toHaveValue(IMG);
    await expectInert(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    // A city made of markup is a filter value like any other.
    await page.getByLabel('City').fill(PAYLOAD_CITY);
    await expect(table.getByRole('row').filter({ hasText: `INJ-CITY-${stamp}` })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: PAYLOAD_CITY })).toHaveCount(1);
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });

  test('SQL-like and wildcard filters match nothing extra', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const table = page.getByRole('table', { name: 'Listings' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: /^Select (?!all listings)/ }) });
    const noMatch = page.getByText('No listings match these filters');

    await page.goto(`/bots/${BOT}/listings`);
    await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();

    await page.getByLabel('City').fill(QUOTE_CITY);
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    for (const city of ["' OR 1=1 --", "' OR '1'='1", '%', '_', `O'Quote%`, `O_Quote ${stamp}`, `${QUOTE_CITY}' --`]) {
      await page.getByLabel('City').fill(city);
      await expect(noMatch).toBeVisible();
      await expect(rows).toHaveCount(0);
    }
    await page.getByLabel('City').fill('');
    for (const mlsFilter of ["' OR '1'='1", '%', '_', 'INJ-%']) {
      await page.getByLabel('MLS number').fill(mlsFilter);
      await expect(noMatch).toBeVisible();
      await expect(rows).toHaveCount(0);
    }
    await page.getByLabel('MLS number').fill(mls);
    await expect(rows).toHaveCount(1);
    expect(dialogs).toEqual([]);
  });

  test('chatbot settings show as text in the form and the widget preview', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto(`/bots/${BOT}/settings`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${SCRIPT} Bot`);
    await expect(page.getByLabel('Welcome message')).toHaveValue(ALL);
    // The preview is the widget, in its shadow root (Playwright's locators pierce it).
    const preview = page.getByTestId('widget-preview');
    const widget = preview.getByRole('dialog', { name: `${SCRIPT} Bot` });
    await expect(widget.getByRole('heading', { name: `${SCRIPT} Bot` })).toBeVisible();
    // The widget reads the text as Markdown (so `__pwned=` turns strong): its markup stays text.
    const MARKUP = ['<script>window.', '<img src=x onerror="window.', '<a href="javascript:window.', 'html link</a>', 'md link', '<svg onload="window.'];
    for (const text of MARKUP) await expect(widget.getByTestId('welcome')).toContainText(text);
    await expect(widget.getByRole('link', { name: 'md link' })).toHaveCount(0);
    await expect(widget.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: IMG })).toBeVisible();
    await expect(widget.getByTestId('privacy')).toContainText(`${IMG} ${LINK}`);
    await expect(widget.getByRole('textbox', { name: 'Your message' })).toHaveAttribute('placeholder', IMG);
    expect((await expectInert(page)).shadowRoots).toBeGreaterThanOrEqual(1);

    // The hand-off message, Markdown and all, is drawn as text by the widget too.
    await page.getByLabel('Handoff e-mail').fill('agents@example.com');
    await widget.getByRole('button', { name: 'Talk to a human' }).click();
    for (const text of MARKUP) await expect(widget.locator('div.message.bot').last()).toContainText(text);
    await expectInert(page);
    await page.getByLabel('Handoff e-mail').fill('');

    // A javascript: address typed into a link field never becomes a link in the preview.
    const facebook = page.getByLabel('Facebook URL');
    await facebook.fill(`javascript:window.__pwned='typed';alert('xss-typed')`);
    await facebook.blur();
    await expect(facebook).toHaveAccessibleDescription(/http/);
    await expectInert(page);
    await facebook.fill('');
    await expect(page.getByTestId('unsaved-summary')).toHaveText('No unsaved changes');
    expect(dialogs).toEqual([]);
  });

  test('welcome message, suggestions and answers show as text in the chat', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto(`/bots/${BOT}/chat`);
    const welcome = page.getByTestId('welcome-message');
    for (const text of [SCRIPT, IMG, LINK, SVG, 'md link']) await expect(welcome).toContainText(text);
    const suggestions = page.getByRole('group', { name: 'Suggested messages' });
    await expect(suggestions.getByRole('button', { name: IMG })).toBeVisible();
    await expect(suggestions.getByRole('button', { name: SCRIPT })).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveAttribute('placeholder', IMG);
    await expectInert(page);

    // An answer that lists the listing echoes its markup-laden fields.
    await box.fill(`Homes in ${CITY}`);
    await box.press('Enter');
    let answer = page.getByTestId('assistant-message').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    for (const text of [`${IMG} 1 Main St`, LINK, SVG]) await expect(answer.getByTestId('answer-text')).toContainText(text);
    await expectInert(page);

    // The hand-off answer is the stored message itself, Markdown and all.
    await box.fill('Can I talk to a human?');
    await box.press('Enter');
    answer = page.getByTestId('assistant-message').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    for (const text of [SCRIPT, IMG, LINK, SVG, 'md link']) await expect(answer.getByTestId('answer-text')).toContainText(text);
    await expect(answer.getByRole('link', { name: 'md link' })).toHaveCount(0);

    // What the user types is shown as typed.
    await box.fill(ALL);
    await box.press('Enter');
    await expect(page.getByTestId('user-message').last()).toContainText(ALL);
    await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', /done|failed/, {
      timeout: 30_000,
    });
    await expectInert(page);

    // A reload renders the stored transcript the same inert way.
    await page.reload();
    await expect(page.getByTestId('user-message').last()).toContainText(ALL);
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });

  test('a chatbot id made of markup shows as text in the switcher and the errors', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto(`/bots/${encodeURIComponent(IMG)}/listings`);
    await expect(page.getByRole('combobox', { name: 'Chatbot' })).toHaveValue(IMG);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    await expectInert(page);
    // The switcher is a native select: its options are text by construction, and the one for
    // this id carries the markup as its label.
    await expect(page.getByRole('combobox', { name: 'Chatbot' }).getByRole('option', { name: IMG })).toHaveText(IMG);
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });
});

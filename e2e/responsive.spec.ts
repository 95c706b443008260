import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Every area from a phone (390 px) to a wide monitor (1920 px): the page itself never scrolls
 * sideways, the header's controls stay on screen, dialogs show their title and close button.
 */

/** This spec's own seeded chatbot, so nothing here disturbs another spec. */
const BOT = 'e2e-layout';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1400, height: 900 };
const WIDTHS = [390, 768, 1024, 1280, 1400, 1920];

interface Area {
  name: string;
  path: string;
  /** Something the area shows once it has loaded. */
  ready: (page: Page) => Locator;
}

const AREAS: Area[] = [
  { name: 'listings', path: `/bots/${BOT}/listings`, ready: (page) => dataRows(page).first() },
  { name: 'settings', path: `/bots/${BOT}/settings`, ready: (page) => page.getByLabel('Name', { exact: true }) },
  { name: 'chat', path: `/bots/${BOT}/chat`, ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
  { name: 'connection', path: '/connection', ready: (page) => page.getByRole('button', { name: 'Test connection' }) },
  // Its table scrolls in its own box; the page around it must not.
  { name: 'members', path: '/members', ready: (page) => page.getByRole('table', { name: 'Members' }) },
];

function dataRows(page: Page) {
  return page
    .getByRole('table', { name: 'Listings' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select (?!all listings)/ }) });
}

async function open(page: Page, area: Area) {
  await page.goto(area.path);
  // A first visit of an area loads its chunk: slow on a busy machine.
  await expect(area.ready(page)).toBeVisible({ timeout: 30_000 });
}

/** The page scrolls sideways when the document is wider than the window. */
async function expectNoPageOverflow(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth - clientWidth}px wider than the window`).toBeLessThanOrEqual(clientWidth);
}

/** Wholly inside the window, not only partly (toBeInViewport's default). */
async function expectOnScreen(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  await expect(locator, what).toBeInViewport({ ratio: 1 });
}

/** The chatbot switcher and the scheme toggle are on screen, in the header, at every width. */
async function expectHeaderControlsOnScreen(page: Page) {
  const header = page.getByRole('banner');
  await expectOnScreen(header.getByRole('combobox', { name: 'Chatbot' }), 'the chatbot switcher');
  await expectOnScreen(header.getByRole('button', { name: /^Switch to (dark|light) mode$/ }), 'the scheme toggle');
  // The header keeps one line: its title is no taller than one line of itself.
  const title = page.getByRole('heading', { level: 1 });
  await expectOnScreen(title, 'the header title');
  const { height, lineHeight } = await title.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(lineHeight + 1);
}

async function openCreateDialog(page: Page) {
  await page.getByRole('button', { name: 'Create listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create listing' });
  await expect(dialog.getByLabel('Address', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

test.describe('no page-level horizontal scroll at any width', () => {
  for (const area of AREAS) {
    test(`${area.name} at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
      await open(page, area);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(area.ready(page)).toBeVisible();
        await expectNoPageOverflow(page, `${area.name} at ${width}px`);
      }
    });
  }
});

for (const viewport of [PHONE, LAPTOP]) {
  const phone = viewport.width < 768;
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const area of AREAS) {
      test(`${area.name}: no page overflow, header controls on screen`, async ({ page }) => {
        await open(page, area);
        await expectNoPageOverflow(page, area.name);
        await expectHeaderControlsOnScreen(page);
        // Nothing of the area itself lies beyond the window's right edge.
        const main = page.getByRole('main');
        const box = await main.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      });
    }

    test('the create-listing dialog shows its title and close button', async ({ page }) => {
      await open(page, AREAS[0]!);
      const dialog = await openCreateDialog(page);
      await expectOnScreen(dialog.getByRole('heading', { name: 'Create listing' }), 'the dialog title');
      await expectOnScreen(dialog.getByRole('button', { name: 'Close dialog' }), 'the close button');
      await expectNoPageOverflow(page, 'the create-listing dialog');
      if (phone) {
        // Full-screen on a phone: the dialog is the window.
        const box = (await dialog.boundingBox())!;
        expect(Math.round(box.width)).toBe(viewport.width);
        expect(Math.round(box.x)).toBe(0);
      }
    });

    test('the settings save bar shows its whole text and its buttons', async ({ page }) => {
      await open(page, AREAS[1]!);
      const summary = page.getByTestId('unsaved-summary');
      const saveBar = page.getByRole('region', { name: 'Save settings' });
      await expect(summary).toHaveText('No unsaved changes');
      await page.getByLabel('Name', { exact: true }).fill('Another name');
      await expect(summary).toHaveText('1 unsaved change: Name');
      await saveBar.scrollIntoViewIfNeeded();
      const cut = await summary.evaluate((element) => ({
        wide: element.scrollWidth - element.clientWidth,
        tall: element.scrollHeight - element.clientHeight,
      }));
      expect(cut, 'the save bar text is cut').toEqual({ wide: 0, tall: 0 });
      await expectOnScreen(saveBar.getByRole('button', { name: 'Save changes' }), 'Save changes');
      await expectOnScreen(saveBar.getByRole('button', { name: 'Reset' }), 'Reset');
      await expectNoPageOverflow(page, 'settings with an unsaved change');
    });
  });
}

test.describe('listings table scrolls in its own box', () => {
  for (const viewport of [PHONE, LAPTOP]) {
    test(`at ${viewport.width} px its header row and naming columns stay in view`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, AREAS[0]!);
      const box = page.getByTestId('listings-scroll-box');
      const table = page.getByRole('table', { name: 'Listings' });
      const wider = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(wider, 'the table is wider than its box').toBeGreaterThan(0);

      const firstRow = dataRows(page).first();
      const address = table.getByRole('columnheader', { name: 'Address' });
      const checkbox = firstRow.getByRole('checkbox');
      const zip = table.getByRole('columnheader', { name: 'ZIP', exact: true });
      const before = { address: (await address.boundingBox())!, checkbox: (await checkbox.boundingBox())!, zip: (await zip.boundingBox())! };

      // Sideways: the selection and address columns stay where they were, the others move.
      await box.evaluate((element) => element.scrollBy({ left: 400 }));
      await expect.poll(async () => (await zip.boundingBox())!.x).toBeLessThan(before.zip.x - 300);
      const afterSideways = { address: (await address.boundingBox())!, checkbox: (await checkbox.boundingBox())! };
      expect(afterSideways.checkbox.x).toBeCloseTo(before.checkbox.x, 0);
      // On a phone the photo scrolls away and the address sticks next to the selection box.
      expect(afterSideways.address.x).toBeLessThanOrEqual(before.address.x);
      expect(afterSideways.address.x).toBeGreaterThan(afterSideways.checkbox.x);
      expect(afterSideways.address.x + afterSideways.address.width).toBeLessThan(viewport.width);

      // Down: the header row stays at the box's top.
      const boxTop = (await box.boundingBox())!.y;
      await box.evaluate((element) => element.scrollBy({ top: 400 }));
      await expect.poll(async () => (await firstRow.boundingBox())!.y).toBeLessThan(boxTop);
      expect((await address.boundingBox())!.y).toBeCloseTo(boxTop + 1, -1);
      await expectNoPageOverflow(page, 'the scrolled listings');
    });
  }
});

test.describe('listings table on a wide screen', () => {
  for (const width of [1400, 1920]) {
    test(`at ${width} px a row's edit and delete buttons stay in reach however the table scrolls`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, AREAS[0]!);
      const box = page.getByTestId('listings-scroll-box');
      const firstRow = dataRows(page).first();
      const buttons = [firstRow.getByRole('button', { name: /^Edit / }), firstRow.getByRole('button', { name: /^Delete / })];
      // Fourteen columns are wider than the box even here.
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0);
      for (const scrollLeft of [0, 300]) {
        await box.evaluate((element, left) => element.scrollTo({ left }), scrollLeft);
        for (const button of buttons) await expectOnScreen(button, `${await button.getAttribute('aria-label')}, table scrolled ${scrollLeft}px`);
      }
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the navigation is a drawer opened from the burger', async ({ page }) => {
    await open(page, AREAS[0]!);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const burger = page.getByRole('button', { name: 'Navigation' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expectOnScreen(nav.getByRole('link', { name: 'Settings' }), 'the Settings link');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
    await expect(burger).toBeFocused();

    await burger.click();
    await nav.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat$`));
    await expect(nav.getByRole('link', { name: 'Chat' })).toBeHidden();
  });

  test('the settings sections are a strip that scrolls in itself', async ({ page }) => {
    await open(page, AREAS[1]!);
    const strip = page.getByRole('navigation', { name: 'Settings sections' }).filter({ visible: true });
    await expect(strip).toHaveCount(1);
    const stripBox = (await strip.boundingBox())!;
    expect(stripBox.height).toBeLessThan(60);
    expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(PHONE.width);
    const reports = strip.getByRole('link', { name: 'Reports' });
    await reports.click();
    await expect(page.getByRole('region', { name: 'Reports' })).toBeInViewport();
    await expectNoPageOverflow(page, 'settings after the section strip scrolled');
  });

  // One visual check per area: where its blocks sit, from their boxes (a screenshot comparison
  // would depend on this machine's fonts). Anything reaching past the window's right edge must
  // be inside a box that scrolls or clips sideways (the listings table's).
  for (const area of AREAS) {
    test(`${area.name} lays out within the window`, async ({ page }) => {
      await open(page, area);
      await expectOnScreen(page.getByRole('main').getByRole('heading', { level: 2 }).first(), `the ${area.name} heading`);
      const sticking = await page.getByRole('main').evaluate((main) => {
        const clips = (element: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX);
        const out: string[] = [];
        for (const element of main.querySelectorAll('*')) {
          const rect = element.getBoundingClientRect();
          if (rect.width === 0 || rect.right <= window.innerWidth + 0.5) continue;
          let clipped = false;
          for (let parent = element.parentElement; parent && parent !== main && !clipped; parent = parent.parentElement) {
            clipped = clips(parent);
          }
          if (!clipped) out.push(`${element.tagName.toLowerCase()}.${element.className} right=${Math.round(rect.right)}`);
        }
        return out.slice(0, 10);
      });
      expect(sticking, 'elements past the right edge of the window').toEqual([]);
      const main = (await page.getByRole('main').boundingBox())!;
      expect(main.x).toBe(0);
      expect(main.x + main.width).toBeLessThanOrEqual(PHONE.width);
    });
  }
});

test.describe('on a wide monitor', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the settings form keeps a reading width', async ({ page }) => {
    await open(page, AREAS[1]!);
    const name = (await page.getByLabel('Name', { exact: true }).boundingBox())!;
    expect(name.width).toBeLessThanOrEqual(760);
  });

  test('the chat transcript keeps a reading width', async ({ page }) => {
    await open(page, AREAS[2]!);
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(page.getByTestId('welcome-message')).toBeVisible();
    // The conversation (transcript and composer) keeps about 90 characters a line, beside the session list.
    expect((await page.getByRole('region', { name: 'Conversation' }).boundingBox())!.width).toBeLessThanOrEqual(960);
    expect((await transcript.boundingBox())!.width).toBeGreaterThan(700);
    await expect(page.getByRole('navigation', { name: 'Chat sessions' })).toBeVisible();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 AA, as axe-core checks it. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A frame axe.run in the page cannot reach (see seriousViolations). */
function hasFrameOfAnotherOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
}

/** One line per serious or critical violation and element, so a failure says what to fix and where. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // axe.run in the page itself, not runPartial per frame and finishRun in a blank page the
  // builder opens and closes per scan: the same results (rules, nodes) in about half the time.
  // What that way gives up is frames of another origin, so a page with one keeps the default.
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).setLegacyMode(!hasFrameOfAnotherOrigin(page));
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    );
}

/** Fails on any serious or critical violation on the page (or in `include`, a selector). */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  expect(await seriousViolations(page, include), `serious or critical axe violations on ${what}`).toEqual([]);
}

/** A dialog once its opening transition has ended, so its colours are measured at full opacity. */
export async function openedDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

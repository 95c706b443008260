import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 AA, as axe-core checks it. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per serious or critical violation and element, so a failure says what to fix and where. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
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

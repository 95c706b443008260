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
export async function seriousViolations(page: Page, include?: string, exclude: readonly string[] = []): Promise<string[]> {
  // axe.run in the page itself, not runPartial per frame and finishRun in a blank page the
  // builder opens and closes per scan: the same results (rules, nodes) in about half the time.
  // What that way gives up is frames of another origin, so a page with one keeps the default.
  let builder = new AxeBuilder({ page })
    // Only violations are read here, so only they are gathered in full: axe otherwise
    // serialises every node of every passing and incomplete rule into the results (a whole
    // settings page: 25 rules and their nodes, each scan). `resultTypes` keeps violations whole
    // and cuts the others to one node each. Measured on the settings page (6 rounds, order
    // alternated, load about 1): the whole page 1,586 → 911 ms a scan, a section 645 → 547 ms,
    // the save bar 476 → 399 ms, the same rules passing and failing. (Evaluating axe's source
    // only on a page without it, tried beside this, gained nothing more.) e2e/axe-check.spec.ts
    // checks that a scan still finds and names every violation. options() replaces every option,
    // the tags too, so it comes first.
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_AA_TAGS)
    .setLegacyMode(!hasFrameOfAnotherOrigin(page));
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    );
}

/**
 * Fails on any serious or critical violation on the page (or in `include`, a selector), leaving
 * out `exclude` (selectors of parts the caller scans on their own). Page-level rules (title,
 * lang, bypass) still run with an exclude: axe skips them only when `include` is narrower
 * than the document.
 */
export async function expectAccessible(page: Page, what: string, include?: string, exclude?: readonly string[]): Promise<void> {
  expect(await seriousViolations(page, include, exclude), `serious or critical axe violations on ${what}`).toEqual([]);
}

/**
 * Fails on any serious or critical violation in the one open dialog. Only the dialog is scanned:
 * the caller scans the page behind it in the same state on its own, dialog closed. A whole-page
 * scan with the dialog open took 3 to 5 s more per dialog (20 s for the merge dialog) and
 * checked nothing that scan does not: Mantine's modal marks nothing behind it aria-hidden or
 * inert (so aria-hidden-focus and the rest see the same page), its overlay only turns the
 * colour checks of the page behind into "incomplete", and the page-level rules are the page's.
 */
export async function expectDialogAccessible(page: Page, dialog: Locator, what: string): Promise<void> {
  // One modal dialog open, the one named: the selector cannot then scan another. (The settings
  // page's live preview holds the widget's own, non-modal, chat window dialog.)
  const modal = '[role="dialog"][aria-modal="true"]';
  await expect(page.locator(modal)).toHaveCount(1);
  await expect(page.locator(modal).and(dialog)).toBeVisible();
  await expectAccessible(page, what, modal);
}

/** A dialog once its opening transition has ended, so its colours are measured at full opacity. */
export async function openedDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

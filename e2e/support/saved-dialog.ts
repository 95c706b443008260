import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A dialog closed by a save, and the notification the save shows. Both are awaited together:
 * the notification closes itself after 4 s, and the dialog closes after the list behind it has
 * been fetched again. On a busy machine (the full suite, two workers) that refetch and the
 * dialog's exit took 6.5 s once, the notification had come and gone in between, and a check
 * for it started only after the dialog was gone found nothing.
 */
export async function expectSavedAndClosed(page: Page, dialog: Locator, notification: string): Promise<void> {
  await Promise.all([expect(page.getByText(notification)).toBeVisible(), expect(dialog).toBeHidden()]);
}

import type { Browser } from '@playwright/test';
import { blockingAfterFirstPaint, type BlockingAfterPaint } from './task-trace';

/** What Lighthouse's phone looks like to the page: its mobile viewport (Moto G Power, 412 px). */
const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A first visit to `url` in a fresh context (cold cache), traced from navigation until the
 * network has been quiet for half a second and a second more has passed, for the late renders
 * that idle-time chunks bring: about the window Lighthouse records.
 */
export async function measureBlockingAfterPaint(browser: Browser, url: string): Promise<BlockingAfterPaint> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return await blockingAfterFirstPaint(cdp, async () => {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
    });
  } finally {
    await context.close();
  }
}

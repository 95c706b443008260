import type { Browser } from '@playwright/test';
import { WIDGET_PATHS } from '../src/api/contract/widget-paths';
import { VIEWPORT } from './browser';

/** The marks src/widget/main.ts sets: its first line, and the launcher drawn. */
const START_MARK = 'realty-bot-widget:start';

/**
 * Milliseconds from the widget script's first line to the first frame painted with its
 * launcher, on the service's test page, with the CPU slowed `cpuSlowdown` times (the calibrated rate). The settings request is part of
 * it: the launcher cannot be drawn in the chatbot's colours before they arrive.
 *
 * "Painted": a MutationObserver sees the widget's host element inserted (the launcher is
 * drawn in the same task), then the next animation frame renders it and a task queued from
 * that frame runs once the frame has been painted.
 */
export async function measureWidgetLauncher(browser: Browser, baseURL: string, chatbotId: string, cpuSlowdown: number): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  try {
    await context.addInitScript(() => {
      const painted = new Promise<number>((resolve) => {
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('[data-realty-bot-widget]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
        }).observe(document, { childList: true, subtree: true });
      });
      (window as unknown as { launcherPainted: Promise<number> }).launcherPainted = painted;
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(WIDGET_PATHS.testPage(chatbotId));
    return await page.evaluate(async (startMark) => {
      const paintedAt = await (window as unknown as { launcherPainted: Promise<number> }).launcherPainted;
      const start = performance.getEntriesByName(startMark)[0];
      if (!start) throw new Error('the widget script set no start mark');
      if (!document.querySelector('[data-realty-bot-widget]')?.shadowRoot?.querySelector('.launcher')) throw new Error('no launcher was drawn');
      return paintedAt - start.startTime;
    }, START_MARK);
  } finally {
    await context.close();
  }
}

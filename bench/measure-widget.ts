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

/** A widget on a page: the path of its script, and its launcher, in the open shadow root of a host element. */
export interface LauncherTarget {
  script: string;
  host: string;
  launcher: string;
}

export const OUR_LAUNCHER: LauncherTarget = { script: WIDGET_PATHS.script, host: '[data-realty-bot-widget]', launcher: '.launcher' };

/** Milliseconds from the document received: to the launcher painted, and to the widget's script received (where the time went). */
export interface LauncherPaint {
  paintedMs: number;
  scriptMs: number;
}

/**
 * Milliseconds from the page's document received (its navigation entry's responseEnd) to the
 * first frame painted with the widget's launcher, at `url` in a fresh context, the CPU slowed
 * `cpuSlowdown` times: for comparing two widgets on the same page (bench/flowise-peer.ts).
 *
 * Why responseEnd: a mark at the widget script's first line exists only in ours, and our test
 * page's policy allows no inline script that could mark the same moment on both pages. From
 * responseEnd both pages have the same HTML in hand, and what follows is each widget's own cost:
 * fetching its script, running it, what it asks of its server, drawing. Before it, only the two
 * hosts' time to serve the document, and the navigation's own set-up, which are not the widgets'.
 *
 * "Painted" as in measureWidgetLauncher: the launcher is found in the shadow root (on each
 * mutation of the document, then of the shadow root once attached, or at each frame while the
 * host has none), then the next animation frame renders it, and a task queued from that frame
 * runs once it is painted.
 */
export async function measureLauncherSinceDocument(browser: Browser, url: string, target: LauncherTarget, cpuSlowdown: number): Promise<LauncherPaint> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(({ host, launcher }) => {
      const painted = new Promise<number>((resolve) => {
        const observers: MutationObserver[] = [];
        const watched = new WeakSet<Node>();
        // Assigned, not declared: tsx wraps a named inner function in a `__name` helper the page does not have.
        const watch = { found: false } as { check: () => void; found: boolean };
        watch.check = () => {
          if (watch.found) return;
          const element = document.querySelector(host);
          if (!element) return;
          const root = element.shadowRoot;
          if (!root) {
            requestAnimationFrame(() => watch.check());
            return;
          }
          if (!root.querySelector(launcher)) {
            if (!watched.has(root)) {
              watched.add(root);
              const observer = new MutationObserver(() => watch.check());
              observer.observe(root, { childList: true, subtree: true });
              observers.push(observer);
            }
            return;
          }
          watch.found = true;
          for (const observer of observers) observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
        };
        const observer = new MutationObserver(() => watch.check());
        observer.observe(document, { childList: true, subtree: true });
        observers.push(observer);
      });
      (window as unknown as { launcherPainted: Promise<number> }).launcherPainted = painted;
    }, target);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    return await page.evaluate(async ({ script, host, launcher }) => {
      const paintedAt = await Promise.race([
        (window as unknown as { launcherPainted: Promise<number> }).launcherPainted,
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no launcher (${launcher}) painted within 60 s`)), 60_000)),
      ]);
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      if (!navigation || navigation.responseEnd <= 0) throw new Error('the page has no navigation timing');
      if (!document.querySelector(host)?.shadowRoot?.querySelector(launcher)) throw new Error(`no launcher (${launcher}) was drawn`);
      const scriptEntry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => new URL(entry.name).pathname === script);
      if (!scriptEntry) throw new Error(`the page loaded no ${script}`);
      return { paintedMs: paintedAt - navigation.responseEnd, scriptMs: scriptEntry.responseEnd - navigation.responseEnd };
    }, target);
  } finally {
    await context.close();
  }
}

import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/find-browser';

/** What bench/page-probes.js puts on `window.__bench` (times are performance.now() of the page). */
export interface Probes {
  longTasks: { start: number; duration: number }[];
  longFrames: { start: number; duration: number }[];
  frames: number[];
  recordFrames: boolean;
  rowsPaintedAt: number | undefined;
  stream: {
    chunks: { t: number; frames: number }[];
    done: number | undefined;
    /** Each paint that showed more of the answer: when it was done, its frame's rAF timestamp, and the length shown. */
    paints: { t: number; frame: number; length: number }[];
    watching: boolean;
  };
  keys: { down: number; handled: number | undefined; painted: number | undefined }[];
  census: {
    on: boolean;
    renders: { key: number; inside: boolean; where: string }[];
    mutations: { key: number; inside: boolean; where: string; type: string }[];
  };
  pageChange: Promise<{ clickedAt: number; paintedAt: number }> | undefined;
  inflight: number;
  armPageChange(): void;
  /** See page-probes.js: tells the console ANSWER_PAINTED_MESSAGE once the answer is on screen. */
  watchAnswer(target?: number): void;
  flushTimings(): void;
  stopLoop(): void;
  whenKeyPainted(index: number): Promise<Probes['keys'][number]>;
  startCensus(regions: Element[]): void;
}

export type ProbedWindow = Window & { __bench: Probes };

/** What page-probes.js writes to the console, followed by `rowsPaintedAt`, when the listings' first rows are painted. */
export const ROWS_PAINTED_MESSAGE = 'bench:rows-painted';

/** What page-probes.js writes to the console once a watched answer is all on screen. */
export const ANSWER_PAINTED_MESSAGE = 'bench:answer-painted';

const PROBES_PATH = new URL('./page-probes.js', import.meta.url).pathname;

/** The desktop size the e2e suite uses; the settings preview sits beside the form at this width. */
export const VIEWPORT = { width: 1400, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findBrowser();
  if (!executablePath) {
    throw new Error('No Chromium found: install Debian\'s "chromium" package, or set CHROMIUM_PATH');
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * The pid of the browser's main process, the parent of all its others. Playwright does not expose
 * the process of a launched browser; Chromium tells it over CDP.
 */
export async function browserPid(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const main = processInfo.find((info) => info.type === 'browser');
    if (!main) throw new Error(`Chromium named no browser process among ${processInfo.map((info) => info.type).join(', ')}`);
    return main.id;
  } finally {
    await cdp.detach();
  }
}

export interface ProbedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Paths of every script the page requested so far, in order. */
  scripts: string[];
  close(): Promise<void>;
}

interface PageOptions {
  /** Bypass the HTTP cache for every request (CDP Network.setCacheDisabled). */
  coldCache?: boolean;
}

/**
 * A page in a fresh context (empty storage and cache, as a first visit), with the probes
 * installed before any of the app's scripts.
 */
export async function openProbedPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<ProbedPage> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  await context.addInitScript({ path: PROBES_PATH });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (options.coldCache) {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return {
    context,
    page,
    cdp,
    scripts,
    close: () => context.close(),
  };
}

/** Waits until no fetch of the app is in flight, then two more frames, so a measurement starts on a quiet page. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as ProbedWindow).__bench.inflight === 0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

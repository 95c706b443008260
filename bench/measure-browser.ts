import type { Browser, Page } from '@playwright/test';
import { join } from 'node:path';
import { ANSWER_PAINTED_MESSAGE, openProbedPage, ROWS_PAINTED_MESSAGE, settle, type ProbedPage, type ProbedWindow, type Probes } from './browser';
import { profiled } from './profile';
import { max, median } from './stats';

/*
 * The measurements that need a browser. Functions passed to page.evaluate are kept free of
 * named inner functions: tsx would wrap those in a `__name` helper the page does not have.
 */

const LONG_WAIT = { timeout: 120_000, polling: 50 } as const;

/** A measurement's samples, and where the main thread spent its time in one extra, profiled repetition. */
export interface Profiled<T> {
  samples: T;
  hotSpots?: string;
}

async function maybeProfiled<T>(probed: ProbedPage, profile: boolean, work: () => Promise<T>): Promise<{ result: T; hotSpots?: string }> {
  if (!profile) return { result: await work() };
  return profiled(probed.cdp, work);
}

/**
 * A page whose load is timed to its first listings row painted: `warmUp`, an address of the
 * same origin opened first, so that the CPU slowdown is set on the renderer that then loads
 * `url` (a navigation to another site may change renderer).
 */
export interface ListingsPage {
  warmUp: string;
  url: string;
}

/** Our dashboard's listings of `chatbotId`, at the default page size or at `size` rows per page. */
export function ourListingsPage(chatbotId: string, size?: number): ListingsPage {
  return { warmUp: '/console/health', url: `/bots/${chatbotId}/listings${size ? `?size=${size}` : ''}` };
}

/**
 * Navigation to the first paint showing a row of the listings table (page-probes.js: a row in
 * `table[aria-label="Listings"]`'s body, the same signal on every page), in a fresh context:
 * cold cache, CPU slowed `cpuSlowdown` times (the calibrated rate). With `profile`, also where
 * the main thread spent its time.
 */
export async function measureFirstRowPainted(
  browser: Browser,
  baseURL: string,
  target: ListingsPage,
  cpuSlowdown: number,
  profile = false,
): Promise<{ result: number; hotSpots?: string }> {
  const probed = await openProbedPage(browser, baseURL);
  try {
    await probed.page.goto(target.warmUp);
    await probed.cdp.send('Network.enable');
    await probed.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await probed.cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    return await maybeProfiled(probed, profile, async () => {
      // The probe tells the console; waiting with waitForFunction would run Playwright's own
      // script in the page every frame of the load it measures.
      const painted = probed.page.waitForEvent('console', { predicate: (message) => message.text().startsWith(ROWS_PAINTED_MESSAGE), timeout: LONG_WAIT.timeout });
      await probed.page.goto(target.url, { waitUntil: 'commit' });
      return Number((await painted).text().slice(ROWS_PAINTED_MESSAGE.length));
    });
  } finally {
    await probed.close();
  }
}

/** Our dashboard's load to its first row painted, `runs` times (and once more, profiled, with `profile`). */
export async function measureDashboardLoad(
  browser: Browser,
  baseURL: string,
  chatbotId: string,
  runs: number,
  cpuSlowdown: number,
  profile = false,
): Promise<Profiled<number[]>> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push((await measureFirstRowPainted(browser, baseURL, ourListingsPage(chatbotId), cpuSlowdown)).result);
  const hotSpots = profile ? (await measureFirstRowPainted(browser, baseURL, ourListingsPage(chatbotId), cpuSlowdown, true)).hotSpots : undefined;
  return { samples: times, hotSpots };
}

/** Click on "Next page" to the paint of the new first row, 100 rows per page, page after page. */
export async function measurePageChanges(
  browser: Browser,
  baseURL: string,
  chatbotId: string,
  changes: number,
  profile = false,
): Promise<Profiled<number[]>> {
  const probed = await openProbedPage(browser, baseURL);
  const { page } = probed;
  try {
    await page.goto(`/bots/${chatbotId}/listings?size=100`);
    await page.waitForFunction(() => (window as unknown as ProbedWindow).__bench.rowsPaintedAt, undefined, LONG_WAIT);
    const next = page.getByRole('button', { name: 'Next page', exact: true });
    const times: number[] = [];
    let hotSpots: string | undefined;
    for (let change = 0; change < changes + (profile ? 1 : 0); change += 1) {
      // The page fetches the next page ahead of the click; a user reading the rows gives it that time.
      await settle(page);
      const profiling = change === changes;
      const measured = await maybeProfiled(probed, profiling, async () => {
        await page.evaluate(() => (window as unknown as ProbedWindow).__bench.armPageChange());
        // The profiled repetition clicks without Playwright's actionability checks, which would show in the profile.
        if (profiling) await next.dispatchEvent('click');
        else await next.click();
        const { clickedAt, paintedAt } = await page.evaluate(() => (window as unknown as ProbedWindow).__bench.pageChange!);
        return paintedAt - clickedAt;
      });
      if (change < changes) times.push(measured.result);
      else hotSpots = measured.hotSpots;
    }
    // One more change, untimed, counting what it renders.
    await settle(page);
    await page.evaluate(() => {
      const bench = (window as unknown as ProbedWindow).__bench;
      bench.startCensus([]);
      bench.armPageChange();
    });
    await next.click();
    await page.evaluate(() => (window as unknown as ProbedWindow).__bench.pageChange!);
    await settle(page);
    const census = await page.evaluate(() => {
      const bench = (window as unknown as ProbedWindow).__bench;
      bench.census.on = false;
      const body = document.querySelector('table[aria-label="Listings"] tbody');
      return { renders: bench.census.renders.length, rows: body?.children.length ?? 0, elements: body?.getElementsByTagName('*').length ?? 0 };
    });
    const work = `a change renders ${census.renders} components and ${census.elements} elements for ${census.rows} rows`;
    return { samples: times, hotSpots: [work, hotSpots].filter(Boolean).join('; ') };
  } finally {
    await probed.close();
  }
}

export interface StreamRun {
  fragments: number;
  /** Long tasks overlapping the stream, from the first chunk to the paint of the whole answer. */
  longTasks: { start: number; duration: number }[];
  /** Long animation frames overlapping the same window. */
  longFrames: { start: number; duration: number }[];
  fps: number;
  /** The longest time between two frames in the window. */
  longestFrameMs: number;
  windowMs: number;
  /** How many network chunks carried the answer, and how many paints showed it growing. */
  chunkCount: number;
  paintCount: number;
  /** Per fragment: its paint time minus its arrival time (none for a Markdown answer, see measureStream). */
  delays: number[];
  /** Share of fragments painted by the first frame that started after they arrived (none skipped). */
  nextFrameShare: number;
  /** Per paint: from its frame's start (the rAF timestamp) to the paint being done. */
  frameToPaint: number[];
  /**
   * The renderer's main-thread time for the answer: CDP's ThreadTime, the CPU time of the
   * page's main thread (scripts, style, layout, paint), from just before the question's
   * keypress until the answer is on screen and the page has settled (page-probes.js, watchAnswer),
   * the page's work after the last fragment included. CPU time, not the tasks' wall time
   * (CDP's TaskDuration), which on this shared machine counts the time the thread waited for
   * a core. The page does nothing else meanwhile but the probes, the same on every page.
   */
  mainThreadMs: number;
}

/** The page an answer is streamed into: the app's chat, or the bench's peer page. */
export interface StreamPage {
  name: string;
  /** Navigates `probed` to the page and waits for its message box. */
  open(probed: ProbedPage): Promise<void>;
}

/**
 * The app's chat page of `chatbotId`, with a session open, as the peer page has one: the
 * figures are per answer, and opening a session (a request, the session list) is not part of
 * showing one.
 */
export function chatPage(chatbotId: string): StreamPage {
  return {
    name: 'ours',
    open: async ({ page }) => {
      await page.goto(`/bots/${chatbotId}/chat`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.getByRole('button', { name: 'New chat' }).click();
      await page.getByText(/^Session #\d+$/).waitFor();
    },
  };
}

/** The request the peer page sends (bench/peer/peer-page.tsx reads it from the address). */
export interface PeerRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /**
   * streamdown, react-markdown re-rendering the whole text, our Markdown alone, or the text with
   * no Markdown at all (the floor any renderer on this page pays: reading, handing over, drawing text).
   */
  renderer: 'streamdown' | 'react-markdown' | 'ours' | 'plain';
}

/**
 * The bench's peer page (bench/peer), served from its own build on the local service's origin
 * by intercepting its address, so that it talks to the service as the app does. The
 * interception ends once the page is loaded: the answer's stream is not intercepted.
 */
export function peerPage(distDir: string, base: string, request: PeerRequest): StreamPage {
  return {
    name: request.renderer,
    open: async ({ page }) => {
      await page.route(`**${base}**`, (route) =>
        route.fulfill({ path: join(distDir, new URL(route.request().url()).pathname.slice(base.length)) }),
      );
      await page.goto(`${base}index.html#${encodeURIComponent(JSON.stringify(request))}`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.unrouteAll({ behavior: 'wait' });
    },
  };
}

/** CDP's CPU time of the page's main thread so far, in ms. */
async function threadTimeMs(probed: ProbedPage): Promise<number> {
  const { metrics } = await probed.cdp.send('Performance.getMetrics');
  const threadTime = metrics.find((metric) => metric.name === 'ThreadTime');
  if (!threadTime) throw new Error('CDP reports no ThreadTime');
  return threadTime.value * 1000;
}

/**
 * Asks a question on `target` whose answer has `fragments.length` fragments and follows it
 * from the network to the screen. `fragments` is the answer as the service splits it. The
 * measurement ends once the stream has ended and the page has stopped changing; a plain-text
 * answer (`markdown` false) must also show all the fragments' characters, and each fragment's
 * delay is measured. A Markdown answer shows other characters than it is written with, so its
 * fragment delays are not measured.
 */
export async function measureStream(
  browser: Browser,
  baseURL: string,
  target: StreamPage,
  question: string,
  fragments: readonly string[],
  { markdown = false, profile = false }: { markdown?: boolean; profile?: boolean } = {},
): Promise<StreamRun & { hotSpots?: string }> {
  const probed = await openProbedPage(browser, baseURL);
  const { page } = probed;
  // Cumulative non-space characters after each fragment: what the screen must show once it is painted.
  const shownAfter: number[] = [];
  let total = 0;
  for (const fragment of fragments) {
    total += fragment.replace(/\s+/g, '').length;
    shownAfter.push(total);
  }
  try {
    await target.open(probed);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill(question);
    await settle(page);
    await page.evaluate((length) => {
      const bench = (window as unknown as ProbedWindow).__bench;
      bench.watchAnswer(length);
      bench.frames = [];
      bench.recordFrames = true;
    }, markdown ? undefined : total);
    await probed.cdp.send('Performance.enable');
    const { result: mainThreadMs, hotSpots } = await maybeProfiled(probed, profile, async () => {
      const painted = page.waitForEvent('console', { predicate: (entry) => entry.text().startsWith(ANSWER_PAINTED_MESSAGE), timeout: LONG_WAIT.timeout });
      const before = await threadTimeMs(probed);
      await message.press('Enter');
      await painted;
      return (await threadTimeMs(probed)) - before;
    });
    // One more frame, so the frame after the last paint is counted too.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    const { stream, frames, longTasks, longFrames } = await page.evaluate(() => {
      const bench = (window as unknown as ProbedWindow).__bench;
      bench.flushTimings();
      bench.recordFrames = false;
      bench.stream.watching = false;
      bench.stopLoop();
      return { stream: bench.stream, frames: bench.frames, longTasks: bench.longTasks, longFrames: bench.longFrames };
    });
    const analysed = analyseStream(stream, frames, longTasks, longFrames, fragments.length, markdown ? undefined : shownAfter);
    return { ...analysed, mainThreadMs, hotSpots };
  } finally {
    await probed.close();
  }
}

/**
 * The figures of one streamed answer of `fragmentCount` fragments. With `shownAfter` (the
 * characters on screen once each fragment is painted), each fragment's delay too.
 */
export function analyseStream(
  stream: Probes['stream'],
  frames: readonly number[],
  longTasks: Probes['longTasks'],
  longFrames: Probes['longFrames'],
  fragmentCount: number,
  shownAfter?: readonly number[],
): Omit<StreamRun, 'mainThreadMs'> {
  const { chunks, paints } = stream;
  const firstChunk = chunks[0];
  const lastPaint = paints.at(-1);
  if (!firstChunk || !lastPaint) throw new Error('The answer was not streamed or never painted');
  const fragments = Math.min(fragmentCount, chunks.at(-1)!.frames);
  if (fragments < fragmentCount) throw new Error(`Only ${fragments} of ${fragmentCount} fragments arrived`);

  const delays: number[] = [];
  let onNextFrame = 0;
  let chunk = 0;
  let paint = 0;
  for (let index = 0; shownAfter && index < fragments; index += 1) {
    while (chunks[chunk]!.frames < index + 1) chunk += 1;
    while (paints[paint]!.length < shownAfter[index]!) paint += 1;
    const arrived = chunks[chunk]!.t;
    const painted = paints[paint]!;
    delays.push(painted.t - arrived);
    // Frames that started after the fragment arrived but did not show it.
    if (!frames.some((frame) => frame > arrived && frame < painted.frame)) onNextFrame += 1;
  }

  const start = firstChunk.t;
  const end = lastPaint.t;
  const overlaps = (entry: { start: number; duration: number }) => entry.start < end && entry.start + entry.duration > start;
  // Frame intervals spanning the window, from the last frame before it to the first after it,
  // so a stall at either edge counts.
  const before = frames.filter((time) => time <= start).at(-1) ?? frames[0];
  const after = frames.find((time) => time >= end) ?? frames.at(-1);
  const span = before === undefined || after === undefined ? [] : frames.filter((time) => time >= before && time <= after);
  const fps = span.length >= 2 ? ((span.length - 1) * 1000) / (span.at(-1)! - span[0]!) : 0;
  const longestFrameMs = span.slice(1).reduce((longest, time, index) => Math.max(longest, time - span[index]!), 0);
  return {
    fragments,
    longTasks: longTasks.filter(overlaps),
    longFrames: longFrames.filter(overlaps),
    fps,
    longestFrameMs,
    windowMs: end - start,
    chunkCount: chunks.length,
    paintCount: paints.length,
    delays,
    nextFrameShare: shownAfter ? onNextFrame / fragments : Number.NaN,
    frameToPaint: paints.map((painted) => painted.t - painted.frame),
  };
}

export interface TypingRun {
  /** keydown to the end of its handling, layout included. */
  handled: number[];
  /** keydown to the next paint. */
  painted: number[];
}

const TYPED_TEXT = 'Always answer in two short sentences and suggest a viewing. ';

/**
 * The fields the typing figures type in: one the preview does not show (System message: only
 * the field may change) and one it does (Welcome message: the preview's widget redraws it on
 * every keystroke, through the form's subscription).
 */
export type TypedField = 'System message' | 'Welcome message';

async function openSettings(browser: Browser, baseURL: string, chatbotId: string, fieldName: TypedField) {
  const probed = await openProbedPage(browser, baseURL);
  await probed.page.goto(`/bots/${chatbotId}/settings`);
  const field = probed.page.getByRole('textbox', { name: fieldName });
  await field.waitFor();
  // The preview's widget, its window open: the settings page as a user types in it.
  await probed.page.getByTestId('widget-preview').getByRole('dialog').waitFor();
  await field.click();
  await field.evaluate((element) => {
    const textarea = element as HTMLTextAreaElement;
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  });
  await settle(probed.page);
  return probed;
}

/** Types `keys` characters at a brisk typist's pace (a key every ~50 ms) and times each. */
async function typeKeys(page: Page, keys: number): Promise<TypingRun> {
  const first = await page.evaluate(() => (window as unknown as ProbedWindow).__bench.keys.length);
  const handled: number[] = [];
  const painted: number[] = [];
  for (let index = 0; index < keys; index += 1) {
    await page.keyboard.type(TYPED_TEXT[index % TYPED_TEXT.length]!);
    const key = await page.evaluate((at) => (window as unknown as ProbedWindow).__bench.whenKeyPainted(at), first + index);
    handled.push(key.handled! - key.down);
    painted.push(key.painted! - key.down);
    await page.waitForTimeout(50);
  }
  return { handled, painted };
}

export async function measureTyping(
  browser: Browser,
  baseURL: string,
  chatbotId: string,
  field: TypedField,
  keys: number,
  profile = false,
): Promise<TypingRun & { hotSpots?: string }> {
  const probed = await openSettings(browser, baseURL, chatbotId, field);
  try {
    const { result, hotSpots } = await maybeProfiled(probed, profile, () => typeKeys(probed.page, keys));
    return { ...result, hotSpots };
  } finally {
    await probed.close();
  }
}

export interface RenderCensus {
  keys: number;
  /** Components rendered, and DOM nodes changed, outside the preview and the field, on the first keystroke. */
  firstKey: { renders: number; mutations: number; where: string[] };
  /** The same per later keystroke (the form is already dirty): max over the keystrokes, and where. */
  laterKeys: { maxRenders: number; maxMutations: number; where: string[] };
  /** Components rendered inside the preview and the field per later keystroke (median). */
  insideRendersPerKey: number;
}

function tally(items: readonly { where: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.where, (counts.get(item.where) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([where, count]) => `${count}x ${where}`);
}

/** Which components render and which DOM nodes change per keystroke in `field`. */
export async function measureRenderCensus(browser: Browser, baseURL: string, chatbotId: string, field: TypedField, keys: number): Promise<RenderCensus> {
  const probed = await openSettings(browser, baseURL, chatbotId, field);
  const { page } = probed;
  try {
    const first = await page.evaluate(() => {
      const bench = (window as unknown as ProbedWindow).__bench;
      const textarea = document.activeElement as HTMLTextAreaElement;
      // The field: the largest ancestor of the textarea that holds no other form control.
      let field: Element = textarea;
      while (field.parentElement && field.parentElement.querySelectorAll('input, textarea, select').length === 1) {
        field = field.parentElement;
      }
      const preview = document.querySelector('[data-testid="widget-preview"]')!;
      bench.startCensus([preview, field]);
      return bench.keys.length;
    });
    await typeKeys(page, keys);
    const census = await page.evaluate(() => {
      const bench = (window as unknown as ProbedWindow).__bench;
      bench.census.on = false;
      return { renders: bench.census.renders, mutations: bench.census.mutations };
    });
    const outside = <T extends { key: number; inside: boolean }>(items: readonly T[], which: (key: number) => boolean) =>
      items.filter((item) => !item.inside && which(item.key));
    const isFirst = (key: number) => key === first;
    const isLater = (key: number) => key > first;
    const perKey = (items: readonly { key: number }[]) =>
      Array.from({ length: keys - 1 }, (_, offset) => items.filter((item) => item.key === first + 1 + offset).length);
    const laterRenders = outside(census.renders, isLater);
    const laterMutations = outside(census.mutations, isLater);
    return {
      keys,
      firstKey: {
        renders: outside(census.renders, isFirst).length,
        mutations: outside(census.mutations, isFirst).length,
        where: tally([...outside(census.renders, isFirst), ...outside(census.mutations, isFirst)]).slice(0, 8),
      },
      laterKeys: {
        maxRenders: max(perKey(laterRenders)),
        maxMutations: max(perKey(laterMutations)),
        where: tally([...laterRenders, ...laterMutations]).slice(0, 8),
      },
      insideRendersPerKey: median(perKey(census.renders.filter((item) => item.inside && isLater(item.key)))),
    };
  } finally {
    await probed.close();
  }
}

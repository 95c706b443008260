import type { Browser, CDPSession, Locator, Page } from '@playwright/test';
import { ANSWER_PAINTED_MESSAGE, openProbedPage, settle, type ProbedPage, type ProbedWindow } from './browser';
import { chatPage } from './measure-browser';
import { profiled } from './profile';
import { markOf, marksOf, pageClockToTrace, sendCost, settleCost, tasksOfThread, type TaskCost, type TraceEvent } from './send-trace';

/*
 * The chat's own cost per question, apart from the answer's text: the send (the question, the
 * empty answer, Stop in place of Send and the session row saying it is writing, all on screen)
 * and the settle (the answer in its final form once its stream has ended: its Markdown, status,
 * Send back, the row's title, the transcript saved). Timed from a Performance trace of the
 * page's main thread (bench/send-trace.ts), not from long tasks or Event Timing: a long task
 * says nothing under 50 ms, and an event's duration runs to the next paint, the wait for the
 * frame included, in steps of 8 ms; the trace gives each task's own wall and CPU time, and the
 * frame's rendering (style, layout, paint) is a task of its own there.
 */

const KEYDOWN_MARK = 'bench:send-keydown';
const FRAME_MARK = 'bench:send-first-frame';
/** Made in every frame while the question is followed, so the trace tells a frame's rendering task. */
const EVERY_FRAME_MARK = 'bench:frame';
const SETTLED_MESSAGE = 'bench:answer-settled';
const LONG_WAIT_MS = 120_000;
/** Paints recorded after the settled status, checked this often until none come. */
const QUIET_CHECK_MS = 300;

export interface SendRun {
  /** From the keydown's task to the first frame's rendering task, both included. */
  send: TaskCost & { keydownMs: number; frameMs: number };
  /** The tasks after the frame that follows the final chunk, to the last paint that changed the page. */
  settle: TaskCost;
}

async function traced(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => {
    for (const event of data.value) events.push(event as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing,__metadata', transferMode: 'ReportEvents' });
  try {
    await work();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/**
 * Marks the Enter's keydown (before the page's own handler, in the same task) and the first frame
 * after it, and records what that frame shows of the send: the question, the empty answer, Stop
 * and the session row saying it is writing. Told on the console once the frame has run.
 */
async function watchSendFrame(page: Page, question: string): Promise<void> {
  await page.evaluate(
    ({ keydownMark, frameMark, asked }) => {
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key !== 'Enter') return;
          performance.mark(keydownMark);
          // Animation callbacks run in the next frame's rendering task, before its style,
          // layout and paint: what the page holds here is what that frame paints.
          requestAnimationFrame(() => {
            performance.mark(frameMark);
            const rows = [...document.querySelectorAll('nav[aria-label="Chat sessions"] button[aria-current="true"]')];
            const shown = {
              question: [...document.querySelectorAll('[data-testid="user-message"]')].some((element) => (element.textContent ?? '').includes(asked)),
              'empty answer': document.querySelectorAll('[data-testid="assistant-message"]').length === 1,
              Stop: [...document.querySelectorAll('button')].some((button) => (button.textContent ?? '').trim() === 'Stop'),
              'session row': rows.some((row) => (row.getAttribute('aria-label') ?? '').endsWith(`: ${asked} (writing an answer)`)),
            };
            (window as unknown as { __sendFrame: Record<string, boolean> }).__sendFrame = shown;
            console.debug(frameMark);
          });
        },
        { capture: true, once: true },
      );
    },
    { keydownMark: KEYDOWN_MARK, frameMark: FRAME_MARK, asked: question },
  );
}

/** What the first frame after the send did not show (watchSendFrame); throws when no frame followed. */
async function missingFromSendFrame(page: Page): Promise<string[]> {
  const frame = await page.evaluate(() => (window as unknown as { __sendFrame?: Record<string, boolean> }).__sendFrame);
  if (!frame) throw new Error('no frame followed the keydown');
  return Object.entries(frame).filter(([, shown]) => !shown).map(([what]) => what);
}

/**
 * The chat of `chatbotId` in a new session (a visitor's first question in a new chat), with
 * `question` typed and the page's marks and watches set for sending it.
 */
async function readyToSend(probed: ProbedPage, chatbotId: string, question: string): Promise<Locator> {
  const { page } = probed;
  await chatPage(chatbotId).open(probed);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(question);
  await settle(page);
  await watchSendFrame(page, question);
  await page.evaluate(
    ({ settledMessage }) => {
      const bench = (window as unknown as ProbedWindow).__bench;
      // The settled answer's status, told on the console as the page's probes tell theirs.
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('[data-testid="assistant-message"][data-status="done"]')) return;
        observer.disconnect();
        console.debug(settledMessage);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
      bench.watchAnswer();
    },
    { settledMessage: SETTLED_MESSAGE },
  );
  // A frame loop that marks every frame; as a string, since the loop is a named function
  // (see the note on page.evaluate in measure-browser.ts).
  await page.evaluate(
    `(() => { const marking = { on: true }; window.__marking = marking; const mark = () => { performance.mark(${JSON.stringify(EVERY_FRAME_MARK)}); if (marking.on) requestAnimationFrame(mark); }; requestAnimationFrame(mark); })()`,
  );
  return message;
}

/**
 * Sends `question` in a new session of `chatbotId`'s chat with the CPU slowed `cpuSlowdown`
 * times, and follows it until its answer has settled.
 */
export async function measureSend(browser: Browser, baseURL: string, chatbotId: string, question: string, cpuSlowdown: number): Promise<SendRun> {
  const probed = await openProbedPage(browser, baseURL);
  const { page, cdp } = probed;
  try {
    const message = await readyToSend(probed, chatbotId, question);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const events = await traced(cdp, async () => {
      const painted = page.waitForEvent('console', { predicate: (entry) => entry.text().startsWith(ANSWER_PAINTED_MESSAGE), timeout: LONG_WAIT_MS });
      const settled = page.waitForEvent('console', { predicate: (entry) => entry.text() === SETTLED_MESSAGE, timeout: LONG_WAIT_MS });
      await message.press('Enter');
      // The probes tell once the stream has ended and ten frames changed nothing, which on a
      // slowed CPU can come while the settled answer is still rendering in slices: the settled
      // status too, then until no more paints come.
      await Promise.all([painted, settled]);
      const paintCount = () => page.evaluate(() => (window as unknown as ProbedWindow).__bench.stream.paints.length);
      for (let count = await paintCount(); ; ) {
        await page.waitForTimeout(QUIET_CHECK_MS);
        const now = await paintCount();
        if (now === count) break;
        count = now;
      }
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const recorded = await page.evaluate(
      ({ keydownMark }) => {
        const bench = (window as unknown as ProbedWindow).__bench;
        bench.stream.watching = false;
        bench.stopLoop();
        (window as unknown as { __marking: { on: boolean } }).__marking.on = false;
        return {
          keydownAt: performance.getEntriesByName(keydownMark)[0]?.startTime,
          chunks: bench.stream.chunks,
          lastPaint: bench.stream.paints.at(-1)?.t,
          status: document.querySelector('[data-testid="assistant-message"]')?.getAttribute('data-status'),
        };
      },
      { keydownMark: KEYDOWN_MARK },
    );
    const missing = await missingFromSendFrame(page);
    if (missing.length > 0) throw new Error(`the first frame after the keydown did not show: ${missing.join(', ')}`);
    if (recorded.status !== 'done') throw new Error(`the answer settled as "${recorded.status}", not done`);
    if (recorded.keydownAt === undefined || recorded.lastPaint === undefined) throw new Error('the page recorded no keydown or no paint');
    const finalChunk = recorded.chunks.at(-1);
    if (!finalChunk) throw new Error('the answer was not streamed');

    const keydown = markOf(events, KEYDOWN_MARK);
    const tasks = tasksOfThread(events, keydown);
    const toTrace = pageClockToTrace(keydown, recorded.keydownAt);
    return {
      send: sendCost(tasks, keydown, markOf(events, FRAME_MARK)),
      settle: settleCost(tasks, marksOf(events, EVERY_FRAME_MARK), toTrace(finalChunk.t), toTrace(recorded.lastPaint)),
    };
  } finally {
    await probed.close();
  }
}

/**
 * The floor under the send: a page with no framework, no stylesheet and nothing else, whose
 * Enter does what ours must show in the first frame (the question, an empty answer, Stop in
 * place of Send, a session row saying it is writing) and clears the draft, in plain DOM calls.
 * Timed exactly as ours (the same marks, trace and `sendCost`), so what it costs at a rate is
 * what the browser's own input handling and a frame cost any page there.
 */
const BARE_SEND_PAGE = `<!doctype html><html lang="en"><head><title>Send floor</title></head><body>
<nav aria-label="Chat sessions"><ul id="rows"></ul></nav>
<main><div id="log"></div><textarea aria-label="Message"></textarea><button id="send" type="button">Send</button></main>
<script>
const draft = document.querySelector('textarea');
draft.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const asked = draft.value;
  draft.value = '';
  const question = document.createElement('div');
  question.dataset.testid = 'user-message';
  question.textContent = asked;
  const answer = document.createElement('div');
  answer.dataset.testid = 'assistant-message';
  document.getElementById('log').append(question, answer);
  document.getElementById('send').textContent = 'Stop';
  const row = document.createElement('button');
  row.setAttribute('aria-current', 'true');
  row.setAttribute('aria-label', 'New chat: ' + asked + ' (writing an answer)');
  row.textContent = asked;
  const item = document.createElement('li');
  item.append(row);
  document.getElementById('rows').prepend(item);
});
</script></body></html>`;

/** The send of `question` on the bare page (BARE_SEND_PAGE) with the CPU slowed `cpuSlowdown` times. */
export async function measureBareSend(browser: Browser, question: string, cpuSlowdown: number): Promise<SendRun['send']> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.setContent(BARE_SEND_PAGE);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill(question);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await watchSendFrame(page, question);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const events = await traced(cdp, async () => {
      const firstFrame = page.waitForEvent('console', { predicate: (entry) => entry.text() === FRAME_MARK, timeout: LONG_WAIT_MS });
      await message.press('Enter');
      await firstFrame;
    });
    const missing = await missingFromSendFrame(page);
    if (missing.length > 0) throw new Error(`the bare page's first frame after the keydown did not show: ${missing.join(', ')}`);
    const keydown = markOf(events, KEYDOWN_MARK);
    return sendCost(tasksOfThread(events, keydown), keydown, markOf(events, FRAME_MARK));
  } finally {
    await context.close();
  }
}

/**
 * Where the main thread spends the send (bench/profile.ts): the same send, under the sampling
 * profiler from the key press until its first frame has run (and the console has said so: the
 * answer's first chunk may be read in that time too).
 */
export async function profileSend(browser: Browser, baseURL: string, chatbotId: string, question: string, cpuSlowdown: number): Promise<string> {
  const probed = await openProbedPage(browser, baseURL);
  const { page, cdp } = probed;
  try {
    const message = await readyToSend(probed, chatbotId, question);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const { hotSpots } = await profiled(cdp, async () => {
      // Told on the console, so that no script of Playwright's polls in the page meanwhile.
      const firstFrame = page.waitForEvent('console', { predicate: (entry) => entry.text() === FRAME_MARK, timeout: LONG_WAIT_MS });
      await message.press('Enter');
      await firstFrame;
    });
    return hotSpots;
  } finally {
    await probed.close();
  }
}

import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { SLOW_PACE } from './support/e2e-service';

/** This spec's own seeded chatbot, so nothing here disturbs another spec. */
const BOT = 'e2e-chat';
const AUTH = { authorization: 'demo-secret-key' };
/** A 1×1 PNG, generated here rather than committed as a binary. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Streamed at the slow pace (SLOW_PACE): the tests that use it must see it mid-way. */
const LONG_QUESTION = `Describe in detail every home for sale in Austin, with prices, rooms and neighbourhoods. ${SLOW_PACE}`;

interface AskBody {
  sessionID: number;
  content: string;
  chatAskType?: string | null;
  stream?: boolean;
  fileIds?: number[];
}

interface StreamFinal {
  QuestionID: number;
  AnswerID: number;
  Answer: string;
  TotalToken: number;
}

const isAsk = (request: Request) => request.method() === 'POST' && request.url().endsWith('/chat/Chat/ClientAsk');
const isAskResponse = (response: Response) => isAsk(response.request());

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

function lastAnswer(page: Page) {
  return page.getByTestId('assistant-message').last();
}

async function openChat(page: Page) {
  await page.goto(`/bots/${BOT}/chat`);
  await expect(messageBox(page)).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/** The closing object of an SSE answer body (or of a bare JSON sequence). */
function finalOf(body: string): StreamFinal {
  const objects = body
    .split('\n')
    .map((line) => line.replace(/^data:\s*/, '').trim())
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Partial<StreamFinal>);
  const final = objects.find((object) => typeof object.Answer === 'string');
  if (!final) throw new Error(`no final object in the stream: ${body.slice(0, 200)}`);
  return final as StreamFinal;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
/**
 * The words of an answer, whether its Markdown is rendered or still raw: a line cut mid-way
 * shows its `**[` and `](https://…` until the line is complete, then renders without them.
 */
const readableText = (text: string) => normalise(text.replace(/\]\(https?:\/\/[^)\s]*\)?/g, '').replace(/[*_[\]]/g, ''));

/** Records every distinct length the newest answer's text goes through, with its status. */
async function recordAnswerGrowth(page: Page) {
  await page.evaluate(() => {
    const samples: Array<{ length: number; status: string }> = [];
    (window as unknown as { answerSamples: typeof samples }).answerSamples = samples;
    new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-testid="assistant-message"]');
      const answer = answers[answers.length - 1];
      const text = answer?.querySelector('[data-testid="answer-text"]');
      if (!answer || !text) return;
      const length = (text.textContent ?? '').length;
      const status = answer.getAttribute('data-status') ?? '';
      const last = samples[samples.length - 1];
      if (!last || last.length !== length || last.status !== status) samples.push({ length, status });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });

    // The streamed body as the page received it: a tee of the response, read beside the app's
    // own reader. Chromium may drop a long streamed body before the protocol asks for it.
    const bodies: Promise<string>[] = [];
    (window as unknown as { askBodies: typeof bodies }).askBodies = bodies;
    const fetchOfPage = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetchOfPage(...args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      if (url.endsWith('/chat/Chat/ClientAsk')) bodies.push(response.clone().text());
      return response;
    };
  });
}

/** The body of the newest streamed answer, whole (see recordAnswerGrowth). */
function lastAskBody(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { askBodies: Promise<string>[] }).askBodies.at(-1));
}

/** The text length of the newest answer, as on screen. */
async function answerLength(page: Page): Promise<number> {
  return ((await lastAnswer(page).getByTestId('answer-text').textContent()) ?? '').length;
}

/**
 * Waits until the newest answer shows some text while it is still being written. Checked every
 * frame (expect.poll's backing-off intervals would lose a second or two of the answer).
 */
async function waitForStreamingText(page: Page) {
  await page.waitForFunction(
    () => {
      const answers = document.querySelectorAll('[data-testid="assistant-message"]');
      const answer = answers[answers.length - 1];
      return answer?.getAttribute('data-status') === 'streaming' && (answer.querySelector('[data-testid="answer-text"]')?.textContent?.length ?? 0) > 10;
    },
    null,
    { polling: 'raf' },
  );
}

/** The answer completed as the service sent it: its source is the final object's Answer, and it was never interrupted. */
async function expectWholeAnswer(page: Page) {
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const final = finalOf((await lastAskBody(page)) ?? '');
  await answer.getByRole('button', { name: 'Markdown source' }).click();
  expect(await answer.getByTestId('answer-source').textContent()).toBe(final.Answer);
  await expect(page.getByText('Interrupted')).toHaveCount(0);
  await expect(answer.getByRole('alert')).toHaveCount(0);
}

// The service writes a fragment (a word) of a SLOW_PACE question every 25 ms (STREAM_SLOW_DELAY_MS). LONG_QUESTION's answer is
// some 200 words; with the 320-word AnswerSuffix below it takes at least 13 s, so a 2 s trip
// elsewhere leaves and finds it still being written even when the trip itself is slow.
const LONG_SUFFIX = Array.from({ length: 40 }, (_, index) => `Note ${index + 1}: prices and availability change often, ask us.`).join(' ');

test.describe('an answer outlives the chat page', () => {
  let originalSuffix: string | undefined;
  test.beforeAll(async ({ request }) => {
    const detail = await request.post('/chat/Chatbot/Detail', { headers: AUTH, data: { serialNumber: BOT } });
    originalSuffix = ((await detail.json()).Data as { AnswerSuffix: string }).AnswerSuffix;
    const edit = await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber: BOT, AnswerSuffix: LONG_SUFFIX } });
    expect(edit.ok()).toBe(true);
  });
  test.afterAll(async ({ request }) => {
    if (originalSuffix === undefined) return;
    await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber: BOT, AnswerSuffix: originalSuffix } });
  });

  test('going to Listings for 2 s and back: the answer kept coming, keeps growing and completes whole', async ({ page }) => {
    // Listings first, so its code is loaded and the trip there is as quick as a user's second visit.
    await page.goto(`/bots/${BOT}/listings`);
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.getByRole('link', { name: 'Chat' }).click();
    await expect(messageBox(page)).toBeVisible();
    await recordAnswerGrowth(page);
    await send(page, LONG_QUESTION);
    await waitForStreamingText(page);
    const lengthWhenLeaving = await answerLength(page);

    await page.getByRole('link', { name: 'Listings' }).click();
    await expect(page).toHaveURL(/\/listings/);
    await expect(page.getByTestId('assistant-message')).toHaveCount(0);
    await page.waitForTimeout(2000);
    await page.getByRole('link', { name: 'Chat' }).click();

    // As far as it has come while away, and still growing on this page.
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    const lengthOnReturn = await answerLength(page);
    expect(lengthOnReturn).toBeGreaterThan(lengthWhenLeaving);
    await expect.poll(() => answerLength(page), { intervals: [50] }).toBeGreaterThan(lengthOnReturn);
    await expectWholeAnswer(page);
  });

  test('opening another session and back: the first one is marked as writing and completes whole', async ({ page }) => {
    await openChat(page);
    await recordAnswerGrowth(page);
    const sessions = page.getByRole('navigation', { name: 'Chat sessions' });
    await send(page, LONG_QUESTION);
    await waitForStreamingText(page);
    const writing = sessions.getByRole('button', { name: /\(writing an answer\)$/ });
    await expect(writing).toHaveCount(1);
    await expect(writing).toContainText('Writing…');
    const firstId = (await writing.getAttribute('aria-label'))!.match(/#(\d+)/)![1]!;

    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(page.getByText(/^Session #\d+$/)).not.toHaveText(`Session #${firstId}`);
    await expect(page.getByTestId('user-message')).toHaveCount(0);
    // Still being written while this session is open, and marked so in the list.
    await expect(sessions.getByRole('button', { name: new RegExp(`^Session #${firstId}: .*\\(writing an answer\\)$`) })).toBeVisible();
    await page.waitForTimeout(2000);

    await sessions.getByRole('button', { name: new RegExp(`^Session #${firstId}:`) }).click();
    await expect(page.getByText(`Session #${firstId}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-message')).toContainText(LONG_QUESTION);
    await expectWholeAnswer(page);
    await expect(sessions.getByText('Writing…')).toHaveCount(0);
    await expect(sessions.getByRole('button', { name: /writing an answer/ })).toHaveCount(0);
  });

  test('back from Listings, Stop still stops the answer and keeps what came', async ({ page }) => {
    await openChat(page);
    await send(page, LONG_QUESTION);
    await waitForStreamingText(page);
    await page.getByRole('link', { name: 'Listings' }).click();
    await expect(page.getByTestId('assistant-message')).toHaveCount(0);
    await page.getByRole('link', { name: 'Chat' }).click();

    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'streaming');
    await page.getByRole('button', { name: 'Stop' }).click();
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    const partial = await answerLength(page);
    expect(partial).toBeGreaterThan(10);
    await expect(page.getByRole('navigation', { name: 'Chat sessions' }).getByText('Writing…')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await answerLength(page)).toBe(partial);
  });

  test('switching chatbot and back leaves the answer running', async ({ page }) => {
    await openChat(page);
    await recordAnswerGrowth(page);
    await send(page, LONG_QUESTION);
    await waitForStreamingText(page);
    const lengthWhenLeaving = await answerLength(page);

    const switcher = page.getByRole('combobox', { name: 'Chatbot', exact: true });
    await switcher.selectOption('demo-bot');
    await expect(page).toHaveURL(/\/bots\/demo-bot\/chat/);
    await expect(page.getByTestId('assistant-message')).toHaveCount(0);
    await page.waitForTimeout(1000);
    await switcher.selectOption(BOT);
    await expect(page).toHaveURL(new RegExp(`/bots/${BOT}/chat`));

    await expect.poll(() => answerLength(page)).toBeGreaterThan(lengthWhenLeaving);
    await expectWholeAnswer(page);
  });
});

test.describe('only closing or reloading the tab ends an answer', () => {
  test('a reload mid-answer keeps the text so far, says it was interrupted and offers Retry', async ({ page }) => {
    await openChat(page);
    await send(page, LONG_QUESTION);
    await waitForStreamingText(page);
    const shownBeforeReload = readableText((await lastAnswer(page).getByTestId('answer-text').textContent()) ?? '');

    await page.reload();
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'failed');
    await expect(answer.getByText('Interrupted', { exact: true })).toBeVisible();
    await expect(answer.getByRole('alert')).toContainText('closed or reloaded');
    // Everything that was on screen: the tab saves as it goes away, not only once a second. (The
    // last few characters are let off: a half-written Markdown line can render differently once settled.)
    const kept = readableText((await answer.getByTestId('answer-text').textContent()) ?? '');
    expect(kept.startsWith(shownBeforeReload.slice(0, -8)), `kept: ${kept}\nshown before the reload: ${shownBeforeReload}`).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual(shownBeforeReload.length - 8);

    await answer.getByRole('button', { name: 'Retry' }).click();
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.getByText('Interrupted', { exact: true })).toHaveCount(0);
  });
});

test.describe('chat on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Sessions pressed before the drawer has downloaded opens it once it arrives', async ({ page }) => {
    // The drawer is its own chunk fetched after the first paint (lazy-sessions-drawer.tsx):
    // held back here until Sessions has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/sessions-drawer-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openChat(page);
    const sessions = page.getByRole('button', { name: 'Sessions' });
    await sessions.focus();
    await page.keyboard.press('Enter');
    await expect(sessions).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('dialog', { name: 'Chat sessions' })).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Chat sessions' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Chat sessions' })).toBeHidden();
  });

  test('no page overflow; the sessions are in a drawer opened from the chat header', async ({ page }) => {
    await openChat(page);
    await send(page, 'Homes for rent in Denver');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The transcript takes the width: no session list beside it.
    await expect(page.getByRole('navigation', { name: 'Chat sessions' })).toBeHidden();
    const transcript = await page.getByRole('log', { name: 'Transcript' }).boundingBox();
    expect(transcript!.width).toBeGreaterThan(390 - 2 * 24);

    await page.getByRole('button', { name: 'Sessions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chat sessions' });
    await expect(drawer).toBeVisible();
    const listed = drawer.getByRole('navigation', { name: 'Chat sessions' }).getByRole('button', { name: /Homes for rent in Denver/ });
    await expect(listed).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Measured once its slide-in transition has ended.
    await expect.poll(async () => (await drawer.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // Opening a session from the drawer closes it.
    await listed.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('user-message')).toHaveText(/Homes for rent in Denver/);
  });

  test('the transcript follows the answers; a reader who scrolls up is offered the way back, and the next question shows the end', async ({ page }) => {
    await openChat(page);
    const log = page.getByRole('log', { name: 'Transcript' });
    /** How far the transcript's end is below what it shows, in px. */
    const belowView = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    // Each answer streams for some 6 s at the service's pace.
    for (const question of ['Homes for rent in Denver', 'Homes for sale in Austin']) {
      await send(page, question);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    }
    await expect.poll(belowView).toBeLessThanOrEqual(1);
    // Enough to scroll: reading back up leaves the end, and the view offers the way back.
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    expect(await belowView()).toBeGreaterThan(200);

    // A question sent from up there shows the end, with its answer as it grows.
    await send(page, 'Homes for rent in Seattle');
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeHidden();
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect.poll(belowView).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('user-message').last()).toHaveText(/Homes for rent in Seattle/);
  });
});

test.describe('chat on a wide screen (1920x1080)', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the conversation keeps a readable width; the session list stays beside it', async ({ page }) => {
    await openChat(page);
    await expect(page.getByRole('navigation', { name: 'Chat sessions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sessions' })).toBeHidden();
    const conversation = await page.getByRole('region', { name: 'Conversation' }).boundingBox();
    expect(conversation!.width).toBeLessThanOrEqual(960);
    expect(conversation!.width).toBeGreaterThan(600);
  });
});

// Tests of one file run in order on one worker, so the rate-limit test below runs last.
test.describe('chat pane', () => {
  test('shows the welcome message and suggestions a new visitor sees; a suggestion sends itself', async ({ page }) => {
    const detail = await page.request.post('/chat/Chatbot/Detail', { headers: AUTH, data: { serialNumber: BOT } });
    const settings = (await detail.json()).Data as { WelcomeMessage: string; SuggestedMessage: string; UserInputPlaceholder: string };
    const suggestions = settings.SuggestedMessage.split('\n').map((line) => line.trim()).filter(Boolean);

    await openChat(page);
    if (settings.WelcomeMessage) {
      await expect(page.getByTestId('welcome-message')).toContainText(normalise(settings.WelcomeMessage).slice(0, 40));
    }
    if (settings.UserInputPlaceholder) {
      await expect(messageBox(page)).toHaveAttribute('placeholder', settings.UserInputPlaceholder);
    }
    test.skip(suggestions.length === 0, 'the seeded chatbot has no suggested messages');
    const group = page.getByRole('group', { name: 'Suggested messages' });
    await expect(group.getByRole('button')).toHaveCount(suggestions.length);

    const asked = page.waitForRequest(isAsk);
    await group.getByRole('button', { name: suggestions[0]! }).click();
    expect(((await asked).postDataJSON() as AskBody).content).toBe(suggestions[0]);
    await expect(page.getByTestId('user-message')).toContainText(suggestions[0]!);
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    await expect(group).toBeHidden();
  });

  test('a streamed answer grows in visible steps and ends equal to the final Answer', async ({ page }) => {
    await openChat(page);
    await recordAnswerGrowth(page);
    const asked = page.waitForRequest(isAsk);
    await send(page, LONG_QUESTION);

    const body = (await asked).postDataJSON() as AskBody;
    expect(body).toMatchObject({ content: LONG_QUESTION, chatAskType: 'Text', stream: true });
    expect(body.sessionID).toEqual(expect.any(Number));

    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    const final = finalOf((await lastAskBody(page)) ?? '');

    const samples = await page.evaluate(
      () => (window as unknown as { answerSamples: Array<{ length: number; status: string }> }).answerSamples,
    );
    const finalLength = (await answer.getByTestId('answer-text').textContent())?.length ?? 0;
    const growingSteps = new Set(
      samples.filter((sample) => sample.status === 'streaming' && sample.length > 0 && sample.length < finalLength).map((sample) => sample.length),
    );
    expect(growingSteps.size).toBeGreaterThanOrEqual(3);
    expect([...growingSteps]).toEqual([...growingSteps].sort((a, b) => a - b));

    // The rendered Markdown reads as the Answer; its source is the Answer, character for character.
    await answer.getByRole('button', { name: 'Markdown source' }).click();
    expect(await answer.getByTestId('answer-source').textContent()).toBe(final.Answer);
    await answer.getByRole('button', { name: 'Markdown source' }).click();

    // On demand: ids, tokens and timings of this answer.
    await answer.getByRole('button', { name: 'Details' }).click();
    const details = answer.getByRole('table', { name: 'Answer details' });
    await expect(details.getByRole('row', { name: /Question ID/ })).toContainText(String(final.QuestionID));
    await expect(details.getByRole('row', { name: /Answer ID/ })).toContainText(String(final.AnswerID));
    await expect(details.getByRole('row', { name: /Tokens/ })).toContainText(String(final.TotalToken));
    await expect(details.getByRole('row', { name: /Time to first fragment/ })).toContainText(/\d+(\.\d+)? m?s/);
    await expect(details.getByRole('row', { name: /Total time/ })).toContainText(/\d+(\.\d+)? m?s/);
  });

  test('Stop keeps the partial answer, marked as stopped', async ({ page }) => {
    await openChat(page);
    // The answer's reader is a chunk fetched at the page's first idle moment (api/chat.ts): it
    // is there before the link is slowed down, as it is by the time a person has typed.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/stream-[^/]*\.js$/.test(entry.name))))
      .toBe(true);
    // A slow link (the real service, throttled like a poor mobile connection) keeps the
    // answer streaming for many seconds, so the Stop click lands mid-answer even on a busy machine.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 1000, uploadThroughput: -1 });
    await send(page, LONG_QUESTION);
    const answer = lastAnswer(page);
    const text = answer.getByTestId('answer-text');
    // Checked every frame, so the click lands early in the answer even on a busy machine.
    await page.waitForFunction(
      () => {
        const answers = document.querySelectorAll('[data-testid="assistant-message"]');
        const length = answers[answers.length - 1]?.querySelector('[data-testid="answer-text"]')?.textContent?.length ?? 0;
        return length > 10;
      },
      null,
      { polling: 'raf' },
    );
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
    expect(((await text.textContent()) ?? '').length).toBeGreaterThan(10);
    // Compared as its Markdown source: on this slow link the Markdown parser (fetched after the
    // first paint) may still be on its way, so the text shows unformatted now and formatted
    // after the reload; the source is what was kept, whichever way it is drawn.
    await answer.getByRole('button', { name: 'Markdown source' }).click();
    const partial = (await answer.getByTestId('answer-source').textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(10);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    // The Stop click must not turn into a Send of the empty composer once the answer settles.
    await expect(page.getByText(/^Message: /)).toHaveCount(0);
    await expect(page.getByTestId('user-message')).toHaveCount(1);

    // Nothing more arrives after the stop, and the partial answer outlives a reload.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.reload();
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'stopped');
    await lastAnswer(page).getByRole('button', { name: 'Markdown source' }).click();
    await expect(lastAnswer(page).getByTestId('answer-source')).toHaveText(partial);
  });

  test('the non-streamed mode answers in one piece', async ({ page }) => {
    await openChat(page);
    await page.getByRole('switch', { name: 'Stream answers' }).uncheck();
    const asked = page.waitForRequest(isAsk);
    const answered = page.waitForResponse(isAskResponse);
    await send(page, 'Is there a two-bedroom home for rent in Denver?');
    expect(((await asked).postDataJSON() as AskBody).stream).toBe(false);
    const data = ((await (await answered).json()) as { Data: { messageid: number; content: string; totalToken: number } }).Data;

    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'done');
    await answer.getByRole('button', { name: 'Markdown source' }).click();
    expect(await answer.getByTestId('answer-source').textContent()).toBe(data.content);
    await answer.getByRole('button', { name: 'Details' }).click();
    const details = answer.getByRole('table', { name: 'Answer details' });
    await expect(details.getByRole('row', { name: /Message ID/ })).toContainText(String(data.messageid));
    await expect(details.getByRole('row', { name: /Tokens/ })).toContainText(String(data.totalToken));
  });

  test('Details pressed before its chunk has arrived opens once it arrives', async ({ page }) => {
    // An answer's details are a chunk fetched after the first paint (lazy-answer-details.tsx):
    // held back here until Details has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/answer-details-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openChat(page);
    await send(page, 'Homes for sale in Austin');
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'done');
    const button = answer.getByRole('button', { name: 'Details' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(answer.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(answer.getByRole('table', { name: 'Answer details' })).toHaveCount(0);
    release();
    await expect(answer.getByRole('table', { name: 'Answer details' }).getByRole('row', { name: /Session ID/ })).toBeVisible();
    // The button kept the focus, and closes them again.
    await expect(answer.getByRole('button', { name: 'Hide details' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(answer.getByRole('table', { name: 'Answer details' })).toBeHidden();
  });

  test('an image is uploaded with progress and sent as Image with its file id', async ({ page }) => {
    await openChat(page);
    const confirmed = page.waitForResponse((response) => response.url().endsWith('/chat/User/ConfirmUpload'));
    await page.getByLabel('Files to attach').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const fileId = ((await (await confirmed).json()) as { Data: { FileStoreId: number } }).Data.FileStoreId;
    const attachment = page.getByRole('listitem', { name: 'porch.png' });
    await expect(attachment).toContainText('Uploaded');

    const asked = page.waitForRequest(isAsk);
    // Content may be empty when media is attached.
    await page.getByRole('button', { name: 'Send' }).click();
    const body = (await asked).postDataJSON() as AskBody;
    expect(body.chatAskType).toBe('Image');
    expect(body.fileIds).toEqual([fileId]);
    expect(body.content).toBe('');

    await expect(page.getByTestId('user-message').last()).toContainText('porch.png');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    await expect(page.getByRole('list', { name: 'Attachments' })).toBeHidden();
  });

  test('a too-large or wrong-type file is refused with its name and is never uploaded', async ({ page }) => {
    await openChat(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/chat/User/')) uploads.push(request.url());
    });

    await page.getByLabel('Files to attach').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(21 * 1024 * 1024, 1),
    });
    const refusal = page.getByRole('alert').filter({ hasText: 'not attached' });
    await expect(refusal).toContainText('huge.png');
    await expect(refusal).toContainText('over the limit of 20 MB for each image');

    await page.getByLabel('Files to attach').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(refusal).toContainText('notes.txt');
    await expect(refusal).toContainText('not a supported file type');
    await expect(page.getByRole('list', { name: 'Attachments' })).toBeHidden();
    expect(uploads).toEqual([]);

    // And an empty message without media is refused before anything is sent.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message: write a message, or attach')).toBeVisible();
    await expect(page.getByTestId('user-message')).toHaveCount(0);
  });

  test('the transcript and the open session survive a reload', async ({ page }) => {
    await openChat(page);
    await send(page, 'Which neighbourhoods in Seattle have listings?');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    const answerText = await lastAnswer(page).getByTestId('answer-text').innerText();
    const sessionBadge = await page.getByText(/^Session #\d+$/).textContent();

    await page.reload();
    await expect(page.getByTestId('user-message')).toContainText('Which neighbourhoods in Seattle have listings?');
    await expect(lastAnswer(page).getByTestId('answer-text')).toHaveText(answerText);
    await expect(page.getByText(/^Session #\d+$/)).toHaveText(sessionBadge!);
    await expect(
      page.getByRole('navigation', { name: 'Chat sessions' }).getByRole('button', { name: /Which neighbourhoods in Seattle/ }),
    ).toBeVisible();
  });

  test('an unknown session says so and offers a new one', async ({ page }) => {
    await openChat(page);
    await page.getByLabel('Continue a session').fill('987654321');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByText('Session #987654321')).toBeVisible();
    await send(page, 'Hello?');
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'failed');
    await expect(answer.getByRole('alert')).toContainText('This session no longer exists');
    await expect(answer.getByRole('alert')).toContainText('sessionID: no such session');

    await answer.getByRole('button', { name: 'Start a new chat' }).click();
    await expect(page.getByText(/^Session #\d+$/)).not.toHaveText('Session #987654321');
    await send(page, 'Hello again');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  });

  test('sessions are listed with their first question, can be switched, cleared and deleted', async ({ page }) => {
    await openChat(page);
    const sessions = page.getByRole('navigation', { name: 'Chat sessions' });
    await send(page, 'Homes for rent in Denver');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(page.getByTestId('user-message')).toHaveCount(0);
    await send(page, 'Homes for sale in Seattle');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');

    const denver = sessions.getByRole('button', { name: /Homes for rent in Denver/ });
    const seattle = sessions.getByRole('button', { name: /Homes for sale in Seattle/ });
    await expect(seattle).toHaveAttribute('aria-current', 'true');
    await denver.click();
    await expect(page.getByTestId('user-message')).toHaveText(/Homes for rent in Denver/);

    const denverId = (await denver.getAttribute('aria-label'))!.match(/#(\d+)/)![1]!;
    await sessions.getByRole('button', { name: `Actions for session #${denverId}` }).click();
    await page.getByRole('menuitem', { name: 'Clear transcript' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear transcript' }).click();
    await expect(page.getByTestId('user-message')).toHaveCount(0);
    await expect(page.getByText(`Session #${denverId}`, { exact: true })).toBeVisible();

    await sessions.getByRole('button', { name: `Actions for session #${denverId}` }).click();
    await page.getByRole('menuitem', { name: 'Delete session' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete session' }).click();
    await expect(sessions.getByRole('button', { name: new RegExp(`^Session #${denverId}:`) })).toHaveCount(0);
    await expect(seattle).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('user-message')).toHaveText(/Homes for sale in Seattle/);
  });

  test('a session menu, fetched after the first paint, opens by keyboard on its own button and gives focus back', async ({ page }) => {
    // The menu's chunk (session-menu.tsx) is held until its button has been pressed: the press
    // must still open it, and the button must keep focus throughout (it is never swapped).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/session-menu-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openChat(page);
    await send(page, 'Homes for rent in Denver');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
    const actions = page.getByRole('navigation', { name: 'Chat sessions' }).getByRole('button', { name: /^Actions for session #/ }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);
    release();
    await expect(page.getByRole('menuitem', { name: 'Clear transcript' })).toBeVisible();
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    // As Mantine's own: focus waits in the menu, and the arrows walk its items.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Clear transcript' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Delete session' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(actions).toBeFocused();
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Attach button shows its hint on hover once the tooltip has arrived', async ({ page }) => {
    await openChat(page);
    await page.getByRole('button', { name: 'Attach files' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Attach images, one video or one WAV audio (or drop files here)');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  // Last, and restoring what it changes: the rate limit is a setting of the shared chatbot.
  test('with RateLimitCount 1 the second message shows the configured rate-limit message', async ({ page }) => {
    const detail = await page.request.post('/chat/Chatbot/Detail', { headers: AUTH, data: { serialNumber: BOT } });
    const original = (await detail.json()).Data as { RateLimitCount: number; RateLimitTime: number; RateLimitMessage: string };
    const edit = (data: Record<string, unknown>) =>
      page.request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber: BOT, ...data } });

    expect((await edit({ RateLimitCount: 1, RateLimitTime: 60, RateLimitMessage: 'Slow down, friend.' })).ok()).toBe(true);
    try {
      await openChat(page);
      await page.getByRole('button', { name: 'New chat' }).click();
      await expect(page.getByText(/^Session #\d+$/)).toBeVisible();
      await send(page, 'First question');
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');

      await send(page, 'Second question');
      const answer = lastAnswer(page);
      await expect(answer).toHaveAttribute('data-status', 'failed');
      await expect(answer.getByRole('alert')).toContainText('Rate limit reached');
      await expect(answer.getByRole('alert')).toContainText('Slow down, friend.');
    } finally {
      await edit({
        RateLimitCount: original.RateLimitCount,
        RateLimitTime: original.RateLimitTime,
        RateLimitMessage: original.RateLimitMessage,
      });
    }
  });
});

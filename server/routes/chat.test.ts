// @vitest-environment node
import * as z from 'zod/mini';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { streamFinalSchema, streamFragmentSchema, type StreamFinal } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { createListing } from '../../src/demo-data';
import { DATABASE_FILE } from '../app';
import { sampleFile, PNG } from '../test-media';
import { BOT, call, failing, ok, SECRET, sseObjects, startTestApp, type TestApp } from '../test-support';
import { configFromEnv, ConfigError, STREAM_FAULTS } from '../config';
import { FRAGMENTS_BEFORE_FAULT, MALFORMED_FRAME, monthStart, requestedFault } from './chat';
import { SLOW_PACE_MARKER, streamDelayFor } from './stream-pace';

let running: TestApp[] = [];
async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(options);
  running.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(running.map((started) => started.close()));
  running = [];
});

/** Starts `service` on a free port of this machine; its origin. */
async function listening(service: TestApp): Promise<string> {
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const address = service.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function newSession(service: TestApp, chatbotId = BOT): Promise<number> {
  return (await ok(service.app, 'GetSession', { serialNumber: chatbotId })).SessionID;
}

function ask(service: TestApp, body: Record<string, unknown>) {
  return ok(service.app, 'ClientAsk', body);
}

async function askStreamed(service: TestApp, body: Record<string, unknown>) {
  const response = await service.app.inject({
    method: 'POST',
    url: operations.ClientAsk.path,
    headers: SECRET,
    payload: { ...body, stream: true },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  const objects = sseObjects(response.body);
  const fragments = objects.slice(0, -1).map((object) => z.strictObject(streamFragmentSchema.shape).parse(object).content);
  const final: StreamFinal = z.strictObject(streamFinalSchema.shape).parse(objects.at(-1));
  return { fragments, final, body: response.body };
}

function storedMessages(service: TestApp, sessionId: number) {
  const db = new Database(join(service.dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare('SELECT id, role, content FROM messages WHERE session_id = ? ORDER BY id').all(sessionId) as Array<{
      id: number;
      role: string;
      content: string;
    }>;
  } finally {
    db.close();
  }
}

async function upload(service: TestApp, fileName: string, contentType: string, bytes: Buffer) {
  const { FileStoreId, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName });
  const put = await service.app.inject({ method: 'PUT', url: PreUploadUrl, headers: { 'content-type': contentType }, payload: bytes });
  expect(put.statusCode).toBe(200);
  await ok(service.app, 'ConfirmUpload', { FileStoreId });
  return FileStoreId;
}

describe('ClientAsk, one answer', () => {
  it('answers with the message id, Markdown content, a token count and noAnswer', async () => {
    const service = await start();
    const sessionID = await newSession(service);
    const answer = await ask(service, { sessionID, content: '3 bedroom homes for rent in Austin' });
    expect(answer.noAnswer).toBe(false);
    expect(answer.content).toMatch(/^- \*\*\[.+, Austin, TX \d{5}\]\(https:\/\/.+\)\*\*: \$[\d,]+\/month · 3 bd/m);
    expect(answer.totalToken).toBeGreaterThan(0);

    const messages = storedMessages(service, sessionID);
    expect(messages).toEqual([
      { id: expect.any(Number), role: 'question', content: '3 bedroom homes for rent in Austin' },
      { id: answer.messageid, role: 'answer', content: answer.content },
    ]);
  });

  it('answers an unrelated question politely with noAnswer', async () => {
    const service = await start();
    const answer = await ask(service, { sessionID: await newSession(service), content: 'What is the capital of France?' });
    expect(answer.noAnswer).toBe(true);
    expect(answer.content).toMatch(/^I'm sorry, I can only help with questions about our homes/);
  });

  it('uses the chatbot\'s settings: welcome message, hand-off message, AnswerSuffix', async () => {
    const service = await start();
    await ok(service.app, 'Edit', {
      serialNumber: BOT,
      WelcomeMessage: 'Welcome to Harbor Homes!',
      TalkToHumanResponseMessage: 'An agent will call you back today.',
      AnswerSuffix: '— Harbor Homes, licensed brokerage',
    });
    const sessionID = await newSession(service);
    const greeting = await ask(service, { sessionID, content: 'Hello!' });
    expect(greeting.content).toBe('Welcome to Harbor Homes!\n\n— Harbor Homes, licensed brokerage');
    const handoff = await ask(service, { sessionID, content: 'Can I talk to a human?' });
    expect(handoff.content).toBe('An agent will call you back today.\n\n— Harbor Homes, licensed brokerage');
    const unrelated = await ask(service, { sessionID, content: 'Tell me a joke' });
    expect(unrelated.content.endsWith('\n\n— Harbor Homes, licensed brokerage')).toBe(true);
  });

  it('counts tokens deterministically from question and answer', async () => {
    const service = await start();
    const first = await ask(service, { sessionID: await newSession(service), content: 'Hello' });
    const second = await ask(service, { sessionID: await newSession(service), content: 'Hello' });
    expect(second.totalToken).toBe(first.totalToken);
    const words = 1 + first.content.split(/\s+/).filter(Boolean).length;
    expect(first.totalToken).toBe(Math.round(words * 1.3));
  });

  it('answers from the session\'s own chatbot listings only', async () => {
    const service = await start({ extraChatbotIds: ['other-bot'] });
    await ok(service.app, 'RealEstateCreate', createListing({ SerialNumber: 'other-bot', City: 'Reykjavik', Status: 'Active' }));
    const mine = await ask(service, { sessionID: await newSession(service), content: 'Homes in Reykjavik?' });
    expect(mine.content).not.toContain('Reykjavik, ');
    const theirs = await ask(service, { sessionID: await newSession(service, 'other-bot'), content: 'Homes in Reykjavik?' });
    expect(theirs.content).toContain('Reykjavik');
    expect(theirs.content).toMatch(/^I found 1 available home in Reykjavik:/);
  });

  it('answers 404 naming sessionID for an unknown session', async () => {
    const service = await start();
    expect(await failing(service.app, 'ClientAsk', { sessionID: 987654321, content: 'Hi' }, 404)).toBe('sessionID: no such session');
  });

  it('validates the body against the contract', async () => {
    const service = await start();
    const sessionID = await newSession(service);
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '   ' }, 400)).toBe('content: may be empty only when a file is attached');
    expect(await failing(service.app, 'ClientAsk', { sessionID: 'one', content: 'Hi' }, 400)).toBe('sessionID: must be a whole number');
    expect(await failing(service.app, 'ClientAsk', { content: 'Hi' }, 400)).toBe('sessionID: is required');
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: 'Hi', chatAskType: 'Gif' }, 400)).toBe(
      'chatAskType: must be Text, Audio, Image or Video',
    );
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: 'Hi', fileIds: [1] }, 400)).toBe(
      'fileIds: are only valid when chatAskType is Image, Video or Audio',
    );
  });
});

describe('ClientAsk, streamed', () => {
  it('sends word fragments that add up to the final Answer, then the ids and tokens', async () => {
    const service = await start();
    await ok(service.app, 'Edit', { serialNumber: BOT, AnswerSuffix: 'Sunrise Realty' });
    const sessionID = await newSession(service);
    const { fragments, final, body } = await askStreamed(service, { sessionID, content: 'Describe every home for sale in Austin' });

    expect(body.startsWith('data: {"content":')).toBe(true);
    expect(fragments.length).toBeGreaterThan(20);
    for (const fragment of fragments) expect(fragment).toMatch(/^\S+\s*$/);
    expect(fragments.join('')).toBe(final.Answer);
    expect(final.Answer.endsWith('\n\nSunrise Realty')).toBe(true);
    expect(final.Answer).toContain('Austin');

    expect(storedMessages(service, sessionID)).toEqual([
      { id: final.QuestionID, role: 'question', content: 'Describe every home for sale in Austin' },
      { id: final.AnswerID, role: 'answer', content: final.Answer },
    ]);
  });

  it('gives the same answer and token count as the non-streamed mode', async () => {
    const service = await start();
    const question = 'Is there a two-bedroom home for rent in Denver?';
    const plain = await ask(service, { sessionID: await newSession(service), content: question });
    const { final } = await askStreamed(service, { sessionID: await newSession(service), content: question });
    expect(final.Answer).toBe(plain.content);
    expect(final.TotalToken).toBe(plain.totalToken);
  });

  it('answers errors before the stream starts as envelopes with status codes', async () => {
    const service = await start();
    const response = await service.app.inject({
      method: 'POST',
      url: operations.ClientAsk.path,
      headers: SECRET,
      payload: { sessionID: 424242, content: 'Hi', stream: true },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ Success: false, Code: 404, Message: 'sessionID: no such session' });
  });

  it('streams fragment by fragment over the network and stops when the client goes away', async () => {
    const service = await start({ streamDelayMs: 50 });
    // Ten words at 50 ms each: the whole answer takes about half a second.
    await ok(service.app, 'Edit', { serialNumber: BOT, WelcomeMessage: 'one two three four five six seven eight nine ten' });
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    const address = service.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const sessionID = await newSession(service);

    const firstChunk = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: operations.ClientAsk.path, agent: false, headers: { ...SECRET, 'content-type': 'application/json' } },
        (response) => {
          expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
          response.once('data', (chunk: Buffer) => {
            // Hang up after the first fragment, as a browser does on Stop.
            request.destroy();
            resolve(chunk.toString('utf8'));
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end(JSON.stringify({ sessionID, content: 'Hello', stream: true }));
    });
    expect(firstChunk).toBe('data: {"content":"one "}\n\n');

    // Well past the answer's end: the writing stopped, and the answer that was never
    // delivered is not stored.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(storedMessages(service, sessionID).map((message) => message.role)).toEqual(['question']);
  });
});

describe('STREAM_BURST_FRAGMENTS, the bench\'s bursts', () => {
  it('writes the same fragments, a burst at a time, the pause between bursts', async () => {
    const service = await start({ streamDelayMs: 200, streamBurstFragments: 4 });
    await ok(service.app, 'Edit', { serialNumber: BOT, WelcomeMessage: 'one two three four five six seven eight nine ten' });
    const origin = await listening(service);
    const sessionID = await newSession(service);

    const chunks: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        `${origin}${operations.ClientAsk.path}`,
        { method: 'POST', agent: false, headers: { ...SECRET, 'content-type': 'application/json' } },
        (response) => {
          response.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
          response.on('end', () => resolve());
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ sessionID, content: 'Hello', stream: true }));
    });
    // The first burst is one write, and the next comes 200 ms later: it arrives alone.
    expect(chunks[0]).toBe(['one ', 'two ', 'three ', 'four '].map((word) => `data: {"content":"${word}"}\n\n`).join(''));
    const frames = sseObjects(chunks.join(''));
    expect(
      frames
        .slice(0, -1)
        .map((object) => z.strictObject(streamFragmentSchema.shape).parse(object).content)
        .join(''),
    ).toBe(z.strictObject(streamFinalSchema.shape).parse(frames.at(-1)).Answer);
  });
});

describe('STREAM_SLOW_DELAY_MS, the test-only slow pace on request', () => {
  const QUESTION = `Describe every home for sale in Austin ${SLOW_PACE_MARKER}`;

  it('is off by default and read as a whole number of ms', () => {
    expect(configFromEnv({}).streamSlowDelayMs).toBeNull();
    expect(configFromEnv({ STREAM_SLOW_DELAY_MS: '25' }).streamSlowDelayMs).toBe(25);
    expect(() => configFromEnv({ STREAM_SLOW_DELAY_MS: 'slow' })).toThrow(
      'STREAM_SLOW_DELAY_MS: must be a whole number between 0 and 10000, got "slow"',
    );
  });

  it('gives the slow pace only to a question with the marker, and only where enabled', () => {
    expect(streamDelayFor(QUESTION, { streamDelayMs: 2, streamSlowDelayMs: 25 })).toBe(25);
    expect(streamDelayFor('Describe every home for sale in Austin', { streamDelayMs: 2, streamSlowDelayMs: 25 })).toBe(2);
    expect(streamDelayFor(QUESTION, { streamDelayMs: 2, streamSlowDelayMs: null })).toBe(2);
    expect(streamDelayFor('Hi [pace: slow] pace:slow', { streamDelayMs: 2, streamSlowDelayMs: 25 })).toBe(2);
  });

  /** How long the whole streamed answer took, and how many fragments it had. */
  async function timed(service: TestApp, content: string) {
    const started = performance.now();
    const { fragments, final } = await askStreamed(service, { sessionID: await newSession(service), content });
    expect(fragments.join('')).toBe(final.Answer);
    return { ms: performance.now() - started, fragments: fragments.length };
  }

  // Each case sets the pace it expects to 5 ms and every other to 0, and checks the answer took
  // at least a pause per fragment: a bound that load can only help, never break by itself.
  const PAUSE_MS = 5;
  async function expectPausedEveryFragment(service: TestApp, content: string) {
    const { ms, fragments } = await timed(service, content);
    expect(fragments).toBeGreaterThan(20);
    expect(ms).toBeGreaterThanOrEqual(fragments * PAUSE_MS);
  }

  it('streams a marked answer at the slow pace', async () => {
    await expectPausedEveryFragment(await start({ streamDelayMs: 0, streamSlowDelayMs: PAUSE_MS }), QUESTION);
  });

  it('streams an answer without the marker at STREAM_DELAY_MS, not the slow pace', async () => {
    await expectPausedEveryFragment(await start({ streamDelayMs: PAUSE_MS, streamSlowDelayMs: 0 }), 'Describe every home for sale in Austin');
  });

  it('without STREAM_SLOW_DELAY_MS the marker is ordinary text, streamed at STREAM_DELAY_MS', async () => {
    await expectPausedEveryFragment(await start({ streamDelayMs: PAUSE_MS }), QUESTION);
  });
});

describe('FAULTS, the test-only fault switch of streamed answers', () => {
  const QUESTION = 'Describe every home for sale in Austin';

  it('is off by default, takes a list or all, and names a wrong value', () => {
    expect(configFromEnv({}).faults).toEqual([]);
    expect(configFromEnv({ FAULTS: ' drop, stall ' }).faults).toEqual(['drop', 'stall']);
    expect(configFromEnv({ FAULTS: 'all' }).faults).toEqual([...STREAM_FAULTS]);
    expect(() => configFromEnv({ FAULTS: 'drop,explode' })).toThrow(ConfigError);
    expect(() => configFromEnv({ FAULTS: 'drop,explode' })).toThrow(
      'FAULTS: unknown fault "explode"; use all, or some of drop, stall, no-final, malformed',
    );
  });

  it('reads the first enabled [fault:<name>] marker of a question', () => {
    expect(requestedFault('Hi [fault:drop]', ['drop'])).toBe('drop');
    expect(requestedFault('Hi [fault:stall] [fault:drop]', ['drop'])).toBe('drop');
    expect(requestedFault('Hi [fault:drop]', ['stall'])).toBeNull();
    expect(requestedFault('Hi [fault:drop]', [])).toBeNull();
    expect(requestedFault('Hi [fault: drop] fault:drop', ['drop'])).toBeNull();
  });

  it('without FAULTS a marker is ordinary text and the answer is whole', async () => {
    const service = await start();
    const sessionID = await newSession(service);
    const { fragments, final } = await askStreamed(service, { sessionID, content: `${QUESTION} [fault:no-final]` });
    expect(fragments.join('')).toBe(final.Answer);
  });

  async function streamedBody(service: TestApp, body: Record<string, unknown>) {
    const response = await service.app.inject({
      method: 'POST',
      url: operations.ClientAsk.path,
      headers: SECRET,
      payload: { ...body, stream: true },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('no-final ends the stream after a few fragments; asking again in that session gets the whole answer', async () => {
    const service = await start({ faults: ['no-final'] });
    const sessionID = await newSession(service);
    const content = `${QUESTION} [fault:no-final]`;
    const objects = sseObjects(await streamedBody(service, { sessionID, content }));
    expect(objects).toHaveLength(FRAGMENTS_BEFORE_FAULT);
    for (const object of objects) z.strictObject(streamFragmentSchema.shape).parse(object);
    // Never delivered, so not stored.
    expect(storedMessages(service, sessionID).map((message) => message.role)).toEqual(['question']);

    const retried = await askStreamed(service, { sessionID, content });
    expect(retried.fragments.slice(0, FRAGMENTS_BEFORE_FAULT)).toEqual(objects.map((object) => (object as { content: string }).content));
    expect(retried.fragments.join('')).toBe(retried.final.Answer);

    // Another session asking the same question gets the fault once more.
    const other = sseObjects(await streamedBody(service, { sessionID: await newSession(service), content }));
    expect(other).toHaveLength(FRAGMENTS_BEFORE_FAULT);
  });

  it('malformed sends a frame that is not JSON after a few fragments, and ends', async () => {
    const service = await start({ faults: ['malformed'] });
    const sessionID = await newSession(service);
    const body = await streamedBody(service, { sessionID, content: `${QUESTION} [fault:malformed]` });
    expect(body.endsWith(MALFORMED_FRAME)).toBe(true);
    const frames = body.slice(0, -MALFORMED_FRAME.length);
    expect(sseObjects(frames)).toHaveLength(FRAGMENTS_BEFORE_FAULT);
    expect(() => JSON.parse(MALFORMED_FRAME.slice('data: '.length))).toThrow(SyntaxError);
  });

  it('a fault that is not enabled is not injected', async () => {
    const service = await start({ faults: ['drop'] });
    const sessionID = await newSession(service);
    const { fragments, final } = await askStreamed(service, { sessionID, content: `${QUESTION} [fault:malformed]` });
    expect(fragments.join('')).toBe(final.Answer);
  });

  /** Reads SSE frames over the network until `count` have arrived; the reader is left open. */
  async function readFrames(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string[]> {
    const decoder = new TextDecoder();
    let text = '';
    while (text.split('\n\n').length - 1 < count) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text.split('\n\n').filter(Boolean);
  }

  function streamRequest(origin: string, sessionID: number, content: string, signal?: AbortSignal) {
    return fetch(`${origin}${operations.ClientAsk.path}`, {
      method: 'POST',
      headers: { ...SECRET, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionID, content, stream: true }),
      signal,
    });
  }

  it('drop breaks the connection after a few fragments: the body never completes', async () => {
    const service = await start({ faults: ['drop'] });
    const origin = await listening(service);
    const sessionID = await newSession(service);
    const { text, complete } = await new Promise<{ text: string; complete: boolean }>((resolve, reject) => {
      const request = httpRequest(
        `${origin}${operations.ClientAsk.path}`,
        { method: 'POST', agent: false, headers: { ...SECRET, 'content-type': 'application/json' } },
        (response) => {
          let received = '';
          response.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
          // Emitted however the body stops; `complete` tells a clean end from a cut one.
          response.on('close', () => resolve({ text: received, complete: response.complete }));
          response.on('error', () => {});
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ sessionID, content: `${QUESTION} [fault:drop]`, stream: true }));
    });
    expect(complete).toBe(false);
    expect(sseObjects(text)).toHaveLength(FRAGMENTS_BEFORE_FAULT);
  });

  it('stall keeps the connection open and silent until the client gives up; the answer is not stored', async () => {
    const service = await start({ faults: ['stall'] });
    const origin = await listening(service);
    const sessionID = await newSession(service);
    const controller = new AbortController();
    const response = await streamRequest(origin, sessionID, `${QUESTION} [fault:stall]`, controller.signal);
    const reader = response.body!.getReader();
    expect(await readFrames(reader, FRAGMENTS_BEFORE_FAULT)).toHaveLength(FRAGMENTS_BEFORE_FAULT);
    const next = reader.read().then(
      () => 'more arrived',
      () => 'aborted',
    );
    const silent = await Promise.race([next, new Promise((resolve) => setTimeout(() => resolve('silent'), 300))]);
    expect(silent).toBe('silent');
    controller.abort();
    expect(await next).toBe('aborted');
    expect(storedMessages(service, sessionID).map((message) => message.role)).toEqual(['question']);
    // Retry in the same session: the whole answer, at once.
    const retried = await askStreamed(service, { sessionID, content: `${QUESTION} [fault:stall]` });
    expect(retried.fragments.join('')).toBe(retried.final.Answer);
  });
});

describe('limits', () => {
  it('refuses more than RateLimitCount messages within RateLimitTime with the configured message', async () => {
    let clock = Date.UTC(2025, 4, 10, 12);
    const service = await start({ now: () => clock });
    await ok(service.app, 'Edit', { serialNumber: BOT, RateLimitCount: 2, RateLimitTime: 60, RateLimitMessage: 'Slow down, friend.' });
    const sessionID = await newSession(service);

    await ask(service, { sessionID, content: 'Hello' });
    await ask(service, { sessionID, content: 'Hello again' });
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: 'Third' }, 429)).toBe('Slow down, friend.');
    // Streamed asks are refused the same way, before any stream starts.
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: 'Third', stream: true }, 429)).toBe('Slow down, friend.');
    // The limit is per session.
    await ask(service, { sessionID: await newSession(service), content: 'Hello' });
    // It says when to try again: both messages were sent at the same instant, so a window from now.
    const refused = await call(service.app, 'ClientAsk', { sessionID, content: 'Third' });
    expect(refused.response.headers['retry-after']).toBe('60');
    clock += 20_500;
    expect((await call(service.app, 'ClientAsk', { sessionID, content: 'Third' })).response.headers['retry-after']).toBe('40');

    clock += 40_500;
    await ask(service, { sessionID, content: 'After the window' });
    expect(storedMessages(service, sessionID).filter((message) => message.role === 'question')).toHaveLength(3);
  });

  it('refuses messages past MessageLimit for the calendar month, and -1 means unlimited', async () => {
    let clock = Date.UTC(2025, 0, 31, 23, 0);
    const service = await start({ now: () => clock });
    await ok(service.app, 'Edit', { serialNumber: BOT, MessageLimit: 2 });
    const sessionID = await newSession(service);
    await ask(service, { sessionID, content: 'One' });
    await ask(service, { sessionID: await newSession(service), content: 'Two' });
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: 'Three' }, 429)).toBe(
      'MessageLimit: this chatbot has used its 2 messages for this month',
    );
    // The month ends in an hour, and with it the limit.
    expect((await call(service.app, 'ClientAsk', { sessionID, content: 'Three' })).response.headers['retry-after']).toBe('3600');

    clock = Date.UTC(2025, 1, 1, 0, 5);
    await ask(service, { sessionID, content: 'A new month' });

    await ok(service.app, 'Edit', { serialNumber: BOT, MessageLimit: -1, RateLimitCount: 100 });
    for (let index = 0; index < 5; index += 1) await ask(service, { sessionID, content: `More ${index}` });
  });

  it('starts the month on the first day at midnight UTC', () => {
    expect(monthStart(Date.UTC(2025, 6, 31, 23, 59))).toBe(Date.UTC(2025, 6, 1));
    expect(monthStart(Date.UTC(2024, 1, 1, 0, 0))).toBe(Date.UTC(2024, 1, 1));
  });
});

describe('attachments', () => {
  it('answers an image without text, and notes what it received', async () => {
    const service = await start();
    const fileId = await upload(service, 'porch.png', 'image/png', PNG);
    const answer = await ask(service, { sessionID: await newSession(service), content: '', chatAskType: 'Image', fileIds: [fileId] });
    expect(answer.content).toContain('porch.png');
    expect(answer.noAnswer).toBe(true);
    const withText = await ask(service, {
      sessionID: await newSession(service),
      content: 'Homes like this for sale in Miami?',
      chatAskType: 'Image',
      fileIds: [fileId],
    });
    expect(withText.noAnswer).toBe(false);
    expect(withText.content).toContain('Miami');
  });

  it('names fileIds when a file is unknown, unconfirmed or of the wrong kind', async () => {
    const service = await start();
    const sessionID = await newSession(service);
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '', chatAskType: 'Image', fileIds: [4242] }, 400)).toBe(
      'fileIds: file 4242 does not exist or has not been uploaded and confirmed',
    );

    const { FileStoreId: unconfirmed, PreUploadUrl } = await ok(service.app, 'GetPreUploadUrl', { fileName: 'a.png' });
    await service.app.inject({ method: 'PUT', url: PreUploadUrl, headers: { 'content-type': 'image/png' }, payload: PNG });
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '', chatAskType: 'Image', fileIds: [unconfirmed] }, 400)).toMatch(
      /^fileIds: file \d+ does not exist or has not been uploaded and confirmed$/,
    );

    const video = await upload(service, 'tour.mp4', 'video/mp4', sampleFile('mp4'));
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '', chatAskType: 'Image', fileIds: [video] }, 400)).toBe(
      `fileIds: file ${video} (tour.mp4) is video/mp4; chatAskType Image accepts PNG, JPEG, WEBP or non-animated GIF`,
    );
    const picture = await upload(service, 'porch.jpg', 'image/jpeg', sampleFile('jpeg'));
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '', chatAskType: 'Audio', fileIds: [picture] }, 400)).toBe(
      `fileIds: file ${picture} (porch.jpg) is image/jpeg; chatAskType Audio accepts WAV`,
    );
    await ask(service, { sessionID, content: '', chatAskType: 'Video', fileIds: [video] });
    // Sent without a type of its own: the bytes tell it is a WAV.
    const wav = await upload(service, 'question.wav', 'application/octet-stream', sampleFile('wav'));
    await ask(service, { sessionID, content: '', chatAskType: 'Audio', fileIds: [wav] });
  });

  it('takes a still GIF and refuses an image over 20 MB', async () => {
    const service = await start();
    const sessionID = await newSession(service);
    const still = await upload(service, 'still.gif', 'image/gif', sampleFile('gif'));
    await ask(service, { sessionID, content: '', chatAskType: 'Image', fileIds: [still] });

    const huge = await upload(service, 'huge.png', 'image/png', sampleFile('png', 20 * 1024 * 1024 + 1));
    expect(await failing(service.app, 'ClientAsk', { sessionID, content: '', chatAskType: 'Image', fileIds: [huge] }, 400)).toBe(
      `fileIds: file ${huge} (huge.png) is larger than the 20 MB limit for image files`,
    );
  });
});

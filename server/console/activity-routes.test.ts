// papaparse is a UMD bundle: Node's ESM loader sees only its default export.
// eslint-disable-next-line import-x/default
import papaparse from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/api/contract/activity';
import { startTestApp, type TestApp } from '../test-support';
import { activityCsv } from './activity-routes';
import { cookieOf, demoOwner, PASSWORD, post, withCookie } from './console-test-client';
import { openConsoleStore } from './store';

/*
 * The CSV export streams: one batch of entries per turn of the event loop, read only as the
 * download takes them, and the file is the same as if it were written at once.
 */

const entry = (id: number, fields: Partial<ActivityEntry> = {}): ActivityEntry => ({
  Id: id,
  At: Date.UTC(2026, 10, 27, 9) + id * 60_000,
  MemberId: 'm-dana',
  MemberName: 'Dana Ruiz',
  ChatbotId: 'demo-bot',
  Action: 'listing.delete',
  Target: { Keys: [String(id)], KeyType: 'PlatformId', Count: 1 },
  Code: 200,
  Message: '',
  ...fields,
});

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('the activity CSV', () => {
  it('writes the header, then each batch’s rows, as one file written at once would be', async () => {
    const batches = [[entry(3), entry(2, { MemberName: '=HYPERLINK("http://evil.example")' })], [entry(1, { MemberId: null, MemberName: 'API client', Code: 403, Message: 'Role Agent may not' })]];
    const csv = await collect(activityCsv(batches));
    const rows = papaparse.parse<string[]>(csv.trimEnd(), { newline: '\r\n' }).data;
    expect(rows.map((row) => [row[0], row[1], row[2], row[4], row[6]])).toEqual([
      ['When', 'Member', 'Member id', 'Action', 'Code'],
      ['2026-11-27T09:03:00.000Z', 'Dana Ruiz', 'm-dana', 'Deleted listings', '200'],
      ['2026-11-27T09:02:00.000Z', `'=HYPERLINK("http://evil.example")`, 'm-dana', 'Deleted listings', '200'],
      ['2026-11-27T09:01:00.000Z', 'API client', '', 'Deleted listings', '403'],
    ]);
    expect(rows[3]![5]).toBe('{"Keys":["1"],"KeyType":"PlatformId","Count":1}');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(await collect(activityCsv([]))).toBe('When,Member,Member id,Chatbot,Action,Details,Code,Message\r\n');
  });

  it('reads a batch only when the reader asks, and lets the event loop turn before the next', async () => {
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns += 1;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    /** For each batch read, how many turns of the event loop had passed. */
    const readAt: number[] = [];
    function* source(): Generator<ActivityEntry[]> {
      for (let id = 1; id <= 3; id += 1) {
        readAt.push(turns);
        yield [entry(id)];
      }
    }
    const csv = activityCsv(source());
    await csv.next();
    expect(readAt).toEqual([]);
    await csv.next();
    expect(readAt).toHaveLength(1);
    while (!(await csv.next()).done);
    counting = false;
    expect(readAt).toHaveLength(3);
    expect(readAt[1]! > readAt[0]! && readAt[2]! > readAt[1]!).toBe(true);
  });

  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('exports every entry once, newest first, across many batches', async () => {
    test = await startTestApp();
    const owner = cookieOf(await post(test.app, '/console/protect', { email: 'owner@example.com', name: 'Olive Owner', password: PASSWORD }, await demoOwner(test.app)));
    // Written beside the server, as the bench seeds its 100,000.
    const written = openConsoleStore(test.dataDir);
    const start = Date.now() - 3_600_000;
    written.transaction(() => {
      for (let index = 0; index < 1_234; index += 1) {
        written.activity.add({ at: start + index, memberId: 'm-dana', memberName: 'Dana Ruiz', chatbotId: 'demo-bot', action: 'listing.update', target: { Keys: [`MLS-${index}`], KeyType: 'MLSNumber', Count: 1 }, code: 200, message: '' });
      }
    });
    written.close();

    const response = await test.app.inject({ method: 'GET', url: '/console/activity.csv?member=m-dana', headers: withCookie(owner) });
    expect(response.statusCode).toBe(200);
    const rows = papaparse.parse<string[]>(response.body.trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(rows.map((row) => (JSON.parse(row[5]!) as { Keys: string[] }).Keys[0])).toEqual(Array.from({ length: 1_234 }, (_, index) => `MLS-${1_233 - index}`));
  });
});

import { ApiError, apiFetch } from '../../../api/client';
import type { BatchRequest } from '../../../api/contract';
import { sendListingBatch } from '../../../api/listings';
import { createListing } from '../../../demo-data';
import { connectToLocalService } from '../../../test-support/local-service';
import type { ListingFields } from '../form/listing-form-schema';
import type { RowRequest } from './import-row';
import { PauseGate, runImport, type RunImportOptions } from './import-runner';
import { SentRows, sentRowsKey } from './sent-rows';
import type { ValidRow } from './validate-file';

/**
 * The sending half of an import against the real local service (vitest.service-setup.ts). The
 * faults it cannot produce on request (a 429, a lost connection, a reload mid-request) are
 * injected around the real send.
 */
const BOT = 'import-runner-bot';
beforeEach(() => connectToLocalService(BOT));

const realSend = (request: RowRequest) =>
  request.kind === 'create' ? apiFetch('RealEstateCreate', request.request) : apiFetch('RealEstateUpdate', request.request);

function rowsOf(tag: string, count: number, firstRow = 2): ValidRow[] {
  return Array.from({ length: count }, (_, index) => {
    const { SerialNumber: _bot, Location: _location, ...fields } = createListing({ SaleType: 'for_sale', City: tag, MLSNumber: `${tag}-${index}` });
    return { row: firstRow + index, fields: fields as ListingFields };
  });
}

async function listedIn(city: string) {
  return apiFetch('RealEstateList', { SerialNumber: BOT, CityName: city, PageSize: 100 });
}

/** The city holds `count` listings, no MLS number twice. */
async function expectListedOnce(city: string, count: number) {
  const listed = await listedIn(city);
  expect(listed.VirtualCount).toBe(count);
  expect(new Set(listed.List.map((listing) => listing.MLSNumber)).size).toBe(count);
}

const noWait = () => Promise.resolve();

function options(overrides: Partial<RunImportOptions> & Pick<RunImportOptions, 'rows' | 'sentRows'>): RunImportOptions {
  return { chatbotId: BOT, matchBy: 'MLSNumber', existingKeys: new Set(), columns: new Set(), send: realSend, signal: new AbortController().signal, sleep: noWait, ...overrides };
}

describe('runImport, one request per row (a service without RealEstateBatch)', () => {
  /** An import of `rows`, one row at a time, whose first requests fail with `faults` in turn; with the waits it made. */
  async function importThroughFaults(rows: RunImportOptions['rows'], faults: unknown[], sentRowsName: string) {
    const waits: number[] = [];
    const outcome = await runImport(
      options({
        rows,
        concurrency: 1,
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, sentRowsName)),
        send: (request) => {
          const fault = faults.shift();
          return fault ? Promise.reject(fault) : realSend(request);
        },
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      }),
    );
    return { outcome, waits };
  }

  it('backs off and tries again after a 429 or a lost connection', async () => {
    const faults = [new ApiError('RealEstateCreate', 429, 429, 'Too many requests'), new TypeError('Failed to fetch')];
    const { outcome, waits } = await importThroughFaults(rowsOf('Retryville', 3), faults, 'b');
    expect(outcome).toMatchObject({ created: 3, failed: 0 });
    expect(waits).toEqual([500, 1000]);
    expect((await listedIn('Retryville')).VirtualCount).toBe(3);
  });

  it('waits as long as a 429 asks (Retry-After), up to a minute, and never less than its own backoff', async () => {
    const refusal = (retryAfter: string | null) => new ApiError('RealEstateCreate', 429, 429, 'Too many requests', retryAfter);
    // An HTTP-date 0.2 s ahead is read as such: less than the 1 s backoff of the second attempt.
    const faults = [refusal('3'), refusal(new Date(Date.now() + 200).toUTCString()), refusal('3600'), refusal(null)];
    const { outcome, waits } = await importThroughFaults(rowsOf('Patienceville', 2), faults, 'retry-after');
    expect(outcome).toMatchObject({ created: 2, failed: 0 });
    // Attempt 1 asked 3 s; attempt 2 less than its 1 s backoff; attempt 3 an hour; attempt 4 said nothing.
    expect(waits).toEqual([3_000, 1_000, 60_000, 4_000]);
  });

  it('after Cancel, the same file resumes with the rows not yet sent and never sends one twice', async () => {
    const rows = rowsOf('Resumeburg', 10);
    const key = sentRowsKey(BOT, 'c');
    const controller = new AbortController();
    let sentCount = 0;
    const first = await runImport(
      options({
        rows,
        matchBy: 'create',
        concurrency: 2,
        signal: controller.signal,
        sentRows: SentRows.read(localStorage, key),
        send: async (request) => {
          sentCount += 1;
          if (sentCount === 4) controller.abort();
          return realSend(request);
        },
      }),
    );
    expect(first.created).toBe(4);
    expect(first.notSent).toBe(6);

    const second = await runImport(options({ rows, matchBy: 'create', sentRows: SentRows.read(localStorage, key) }));
    expect(second).toMatchObject({ alreadySent: 4, created: 6, total: 6 });
    await expectListedOnce('Resumeburg', 10);
  });

  it('a row left in flight by a reload is updated (key match) or reported (always create), never created twice', async () => {
    const rows = rowsOf('Reloadham', 2);
    // An earlier run sent row 2 and the page went away before the answer came.
    const landed = SentRows.read(localStorage, sentRowsKey(BOT, 'd'));
    landed.markInFlight(2, { storeNow: true });
    await realSend({ kind: 'create', request: { SerialNumber: BOT, ...rows[0]!.fields } });

    const byKey = await runImport(options({ rows, existingKeys: new Set(['Reloadham-0']), sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'd')) }));
    expect(byKey).toMatchObject({ created: 1, updated: 1 });
    expect((await listedIn('Reloadham')).VirtualCount).toBe(2);

    const createOnly = SentRows.read(localStorage, sentRowsKey(BOT, 'e'));
    createOnly.markInFlight(3, { storeNow: true });
    const always = await runImport(options({ rows, matchBy: 'create', sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'e')) }));
    expect(always).toMatchObject({ created: 1, uncertain: [3] });
  });

});

const realBatch = (body: BatchRequest) => sendListingBatch(body);
const noRowRequests = () => Promise.reject(new Error('a row was sent on its own while the service has RealEstateBatch'));

function batchOptions(overrides: Partial<RunImportOptions> & Pick<RunImportOptions, 'rows' | 'sentRows'>): RunImportOptions {
  return options({ sendBatch: realBatch, send: noRowRequests, batchSize: 4, ...overrides });
}

const missingOperation = () => new ApiError('RealEstateBatch', 404, 404, 'No operation at POST /chat/Chatbot/RealEstateBatch');

describe('runImport in batches (RealEstateBatch)', () => {
  it('sends a batch again after a 429 or a lost answer, and the rows that had landed are not created twice', async () => {
    const rows = rowsOf('Lostwick', 6);
    const waits: number[] = [];
    let calls = 0;
    const outcome = await runImport(
      batchOptions({
        rows,
        matchBy: 'create',
        batchConcurrency: 1,
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'batch-b')),
        sendBatch: async (body) => {
          calls += 1;
          if (calls === 1) throw new ApiError('RealEstateBatch', 429, 429, 'Too many requests');
          // The second batch lands, and its answer is lost on the way back.
          if (calls === 3) {
            await realBatch(body);
            throw new TypeError('Failed to fetch');
          }
          return realBatch(body);
        },
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      }),
    );
    expect(waits).toEqual([500, 500]);
    expect(outcome).toMatchObject({ created: 6, failed: 0 });
    await expectListedOnce('Lostwick', 6);
  });

  it('under "always create", resumes after a Cancel and a reload mid-import with the same import id and doubles nothing', async () => {
    const rows = rowsOf('Receiptville', 10);
    const key = sentRowsKey(BOT, 'batch-c');
    const controller = new AbortController();
    const importIds = new Set<string>();
    let calls = 0;
    const first = await runImport(
      batchOptions({
        rows,
        matchBy: 'create',
        batchSize: 3,
        batchConcurrency: 1,
        signal: controller.signal,
        sentRows: SentRows.read(localStorage, key),
        sendBatch: async (body) => {
          importIds.add(body.ImportId);
          calls += 1;
          if (calls < 2) return realBatch(body);
          // The second batch lands; Cancel is pressed and the page reloads before its answer.
          await realBatch(body);
          controller.abort();
          throw new TypeError('Failed to fetch');
        },
      }),
    );
    expect(first).toMatchObject({ created: 3, notSent: 7, uncertain: [] });
    // What the reload finds: the second batch's rows still on their way.
    expect([5, 6, 7].map((row) => SentRows.read(localStorage, key).wasSentWithReceipt(row))).toEqual([true, true, true]);

    const second = await runImport(
      batchOptions({
        rows,
        matchBy: 'create',
        batchSize: 3,
        sentRows: SentRows.read(localStorage, key),
        sendBatch: (body) => {
          importIds.add(body.ImportId);
          return realBatch(body);
        },
      }),
    );
    expect(second).toMatchObject({ alreadySent: 3, created: 7, total: 7, uncertain: [], failed: 0 });
    expect(importIds.size).toBe(1);
    await expectListedOnce('Receiptville', 10);
  });

  it('splits a batch the service finds too large, until it fits', async () => {
    const rows = rowsOf('Splitton', 8);
    const sizes: number[] = [];
    const outcome = await runImport(
      batchOptions({
        rows,
        batchSize: 8,
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'batch-f')),
        sendBatch: (body) => {
          sizes.push(body.Items.length);
          if (body.Items.length > 2) return Promise.reject(new ApiError('RealEstateBatch', 413, 413, 'The request body is larger than the limit of 8 MB.'));
          return realBatch(body);
        },
      }),
    );
    expect(sizes).toEqual([8, 4, 2, 2, 4, 2, 2]);
    expect(outcome).toMatchObject({ created: 8, failed: 0 });
    expect((await listedIn('Splitton')).VirtualCount).toBe(8);
  });

  it('goes on one request per row when the service answers that it has no RealEstateBatch, losing and doubling no row', async () => {
    const rows = rowsOf('Fallbackburg', 12);
    rows[9] = { ...rows[9]!, fields: { ...rows[9]!.fields, YearBuilt: 999 } };
    let batches = 0;
    const sentAlone: string[] = [];
    const outcome = await runImport(
      batchOptions({
        rows,
        matchBy: 'create',
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'batch-g')),
        // The first batch goes through; then the service is one without the operation (a
        // hosted one behind the proxy, say), which the local service cannot be made to be.
        sendBatch: (body) => {
          batches += 1;
          return batches === 1 ? realBatch(body) : Promise.reject(missingOperation());
        },
        send: (request) => {
          sentAlone.push(request.request.MLSNumber);
          return realSend(request);
        },
      }),
    );
    expect(outcome).toMatchObject({ done: 12, total: 12, created: 11, failed: 1, notSent: 0, uncertain: [] });
    expect(outcome.failures).toEqual([{ row: 11, reason: 'YearBuilt: must be a four-digit year' }]);
    expect(sentAlone.sort()).toEqual(rows.slice(4).map((row) => row.fields.MLSNumber).sort());
    // The second batch was answered 404 while the third was on its way, or the third never left: no more after that.
    expect(batches).toBeLessThanOrEqual(3);
    await expectListedOnce('Fallbackburg', 11);
  });

  it('reports instead of re-sending, per row, an "always create" row an earlier run left in a batch, when the service no longer has RealEstateBatch', async () => {
    const rows = rowsOf('Strandham', 3);
    const key = sentRowsKey(BOT, 'batch-h');
    const earlier = SentRows.read(localStorage, key);
    earlier.importId(() => 'import-earlier');
    earlier.markSentWithReceipt([3], { storeNow: true });
    const outcome = await runImport(
      batchOptions({ rows, matchBy: 'create', sentRows: SentRows.read(localStorage, key), sendBatch: () => Promise.reject(missingOperation()), send: realSend }),
    );
    expect(outcome).toMatchObject({ created: 2, total: 2, uncertain: [3] });
    expect((await listedIn('Strandham')).VirtualCount).toBe(2);
  });

  it('fails the rows, and does not fall back, when the batch names the chatbot as unknown', async () => {
    const rows = rowsOf('Nowhere', 2);
    const outcome = await runImport(batchOptions({ rows, chatbotId: 'no-such-bot', sentRows: SentRows.read(localStorage, sentRowsKey('no-such-bot', 'batch-i')) }));
    expect(outcome).toMatchObject({ failed: 2, created: 0 });
    expect(outcome.failures[0]!.reason).toBe('SerialNumber: no chatbot with this id');
  });
});

/** The two ways rows go out; the cases below hold for both. */
interface SendPath {
  name: string;
  tag: string;
  /** How rows are sent; `leaving` is told the rows of each request as it leaves. */
  through: (rows: readonly ValidRow[], leaving?: (rows: number[]) => void) => Partial<RunImportOptions>;
  /** Whether stored marks say the row was on its way (a reload's view). */
  storedInFlight: (stored: SentRows, row: number) => boolean;
}
const PER_ROW: SendPath = {
  name: 'one request per row',
  tag: 'Singleton',
  through: (rows, leaving) => ({
    send: (request) => {
      leaving?.([rows.find((candidate) => candidate.fields.MLSNumber === request.request.MLSNumber)!.row]);
      return realSend(request);
    },
  }),
  storedInFlight: (stored, row) => stored.wasInFlight(row),
};
const IN_BATCHES: SendPath = {
  name: 'in batches',
  tag: 'Batchford',
  through: (_rows, leaving) => ({
    send: noRowRequests,
    batchSize: 4,
    sendBatch: (body) => {
      leaving?.(body.Items.map((item) => item.RowKey));
      return realBatch(body);
    },
  }),
  storedInFlight: (stored, row) => stored.wasSentWithReceipt(row),
};

describe.each([PER_ROW, IN_BATCHES])('runImport, $name', ({ tag, through, storedInFlight }) => {
  it('creates new rows, updates the ones whose key exists, and marks a refused row failed with the service’s message', async () => {
    const rows = rowsOf(tag, 10);
    await apiFetch('RealEstateCreate', { ...createListing({ City: 'Elsewhere' }), SerialNumber: BOT, MLSNumber: `${tag}-1` });
    // The form would not let this through; the service refuses it with its own message.
    rows[3] = { ...rows[3]!, fields: { ...rows[3]!.fields, YearBuilt: 999 } };
    const outcome = await runImport(options({ rows, existingKeys: new Set([`${tag}-1`]), sentRows: SentRows.read(localStorage, sentRowsKey(BOT, `${tag}-a`)), ...through(rows) }));
    expect(outcome).toMatchObject({ done: 10, total: 10, created: 8, updated: 1, failed: 1, notSent: 0, alreadySent: 0 });
    expect(outcome.failures).toEqual([{ row: 5, reason: 'YearBuilt: must be a four-digit year' }]);
    const listed = await listedIn(tag);
    expect(listed.VirtualCount).toBe(9);
    expect(listed.List.filter((listing) => listing.MLSNumber === `${tag}-1`)).toHaveLength(1);
  });

  it('sends nothing new while paused, and carries on after Resume', async () => {
    const rows = rowsOf(`${tag}-paused`, 8);
    const gate = new PauseGate();
    let sent = 0;
    gate.pause();
    const running = runImport(options({ rows, gate, sentRows: SentRows.read(localStorage, sentRowsKey(BOT, `${tag}-p`)), ...through(rows, () => (sent += 1)) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(0);
    gate.resume();
    expect(await running).toMatchObject({ created: 8 });
    expect(sent).toBeGreaterThan(0);
  });

  it('under "always create", a row is in storage as in flight when its request leaves; at the end every row is stored as done', async () => {
    const rows = rowsOf(`${tag}-stored`, 6);
    const key = sentRowsKey(BOT, `${tag}-s`);
    const seenByReload: boolean[] = [];
    const leaving = (sent: number[]) => {
      // What a reload at this moment would find.
      const stored = SentRows.read(localStorage, key);
      seenByReload.push(...sent.map((row) => storedInFlight(stored, row)));
    };
    const outcome = await runImport(options({ rows, matchBy: 'create', sentRows: SentRows.read(localStorage, key), ...through(rows, leaving) }));
    expect(outcome).toMatchObject({ created: 6 });
    expect(seenByReload).toEqual([true, true, true, true, true, true]);
    const stored = SentRows.read(localStorage, key);
    expect(stored.doneCount).toBe(6);
    expect(stored.inFlightCount).toBe(0);
  });
});

import { ApiError, apiFetch } from '../../../api/client';
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

const noWait = () => Promise.resolve();

function options(overrides: Partial<RunImportOptions> & Pick<RunImportOptions, 'rows' | 'sentRows'>): RunImportOptions {
  return { chatbotId: BOT, matchBy: 'MLSNumber', existingKeys: new Set(), send: realSend, signal: new AbortController().signal, sleep: noWait, ...overrides };
}

describe('runImport', () => {
  it('creates new rows, updates the ones whose key exists, and marks a refused row failed with the service’s message', async () => {
    const rows = rowsOf('Runnerton', 6);
    await apiFetch('RealEstateCreate', { ...createListing({ City: 'Elsewhere' }), SerialNumber: BOT, MLSNumber: 'Runnerton-1' });
    // The form would not let this through; the service refuses it with its own message.
    rows[3] = { ...rows[3]!, fields: { ...rows[3]!.fields, YearBuilt: 999 } };
    const outcome = await runImport(options({ rows, existingKeys: new Set(['Runnerton-1']), sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'a')) }));
    expect(outcome).toMatchObject({ done: 6, total: 6, created: 4, updated: 1, failed: 1, notSent: 0, alreadySent: 0 });
    expect(outcome.failures).toEqual([{ row: 5, reason: 'YearBuilt: must be a four-digit year' }]);
    const listed = await listedIn('Runnerton');
    expect(listed.VirtualCount).toBe(5);
    expect(listed.List.filter((listing) => listing.MLSNumber === 'Runnerton-1')).toHaveLength(1);
  });

  it('backs off and tries again after a 429 or a lost connection', async () => {
    const rows = rowsOf('Retryville', 3);
    const faults = [new ApiError('RealEstateCreate', 429, 429, 'Too many requests'), new TypeError('Failed to fetch')];
    const waits: number[] = [];
    const outcome = await runImport(
      options({
        rows,
        concurrency: 1,
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'b')),
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
    expect(outcome).toMatchObject({ created: 3, failed: 0 });
    expect(waits).toEqual([500, 1000]);
    expect((await listedIn('Retryville')).VirtualCount).toBe(3);
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
    const listed = await listedIn('Resumeburg');
    expect(listed.VirtualCount).toBe(10);
    expect(new Set(listed.List.map((listing) => listing.MLSNumber)).size).toBe(10);
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

  it('under "always create", a row is in storage as in flight when its request leaves; at the end every row is stored as done', async () => {
    const rows = rowsOf('Storedale', 5);
    const key = sentRowsKey(BOT, 'g');
    const storedInFlight: boolean[] = [];
    const outcome = await runImport(
      options({
        rows,
        matchBy: 'create',
        sentRows: SentRows.read(localStorage, key),
        send: (request) => {
          // What a reload at this moment would find.
          const mls = request.request.MLSNumber;
          const row = rows.find((candidate) => candidate.fields.MLSNumber === mls)!.row;
          storedInFlight.push(SentRows.read(localStorage, key).wasInFlight(row));
          return realSend(request);
        },
      }),
    );
    expect(outcome).toMatchObject({ created: 5 });
    expect(storedInFlight).toEqual([true, true, true, true, true]);
    const stored = SentRows.read(localStorage, key);
    expect(stored.doneCount).toBe(5);
    expect(stored.inFlightCount).toBe(0);
  });

  it('sends nothing new while paused, and carries on after Resume', async () => {
    const rows = rowsOf('Pauseford', 4);
    const gate = new PauseGate();
    let sent = 0;
    gate.pause();
    const running = runImport(
      options({
        rows,
        gate,
        sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'f')),
        send: (request) => {
          sent += 1;
          return realSend(request);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(0);
    gate.resume();
    expect(await running).toMatchObject({ created: 4 });
  });
});

import { createRequire } from 'node:module';
import type { Browser, CDPSession } from '@playwright/test';
import type * as Papa from 'papaparse';
import type { CreateListingRequest } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { MAX_PAGE_SIZE } from '../src/api/contract/primitives';
import { openProbedPage, type ProbedPage, type ProbedWindow } from './browser';
import { startCpuMeter, type CpuRoot, type CpuUsed } from './cpu-time';
import { profiled } from './profile';
import { tracedTasks, type TaskTimes } from './task-trace';

/*
 * The CSV import and export, end to end in the browser against the local service. Functions
 * passed to page.evaluate are kept free of named inner functions (see measure-browser.ts).
 */

/** papaparse is CommonJS: Node's ESM loader sees no named exports in it. */
const { unparse } = createRequire(import.meta.url)('papaparse') as typeof Papa;

const LONG_WAIT = { timeout: 600_000 } as const;

/** The interface's field names, as the export writes them (Location is not listed, so not exported). */
const IMPORT_COLUMNS = [
  'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Bedrooms', 'Bathrooms', 'Url', 'MLSNumber', 'YearBuilt',
  'DaysOnMarket', 'LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots', 'Images', 'Tours', 'Description', 'ExtensionColumn',
  'Address', 'City', 'State', 'ZIP', 'Latitude', 'Longitude', 'SalePrice', 'UnitAreaPrice', 'HOAMonth', 'EstimatePrice',
  'RentPrice', 'SpaceType', 'DepositFee',
] as const satisfies ReadonlyArray<keyof CreateListingRequest>;

/** A file as the export writes it: lists as JSON, numbers plain, blanks for what is not set. */
export function importFile(listings: readonly CreateListingRequest[]): string {
  const cell = (value: unknown) => (value === undefined ? '' : Array.isArray(value) ? (value.length === 0 ? '' : JSON.stringify(value)) : String(value));
  return unparse({ fields: [...IMPORT_COLUMNS], data: listings.map((listing) => IMPORT_COLUMNS.map((field) => cell(listing[field]))) }, { newline: '\r\n' });
}

export interface CsvRun {
  rows: number;
  /** From choosing the file to the report (parse, check, preview, send) or to the download. */
  seconds: number;
  longTasks: { start: number; duration: number }[];
  /** The page's JS heap after a garbage collection, at the end. */
  heapMb: number;
  /** What the import reported, or how many rows the export wrote. */
  summary: string;
  /** With BENCH_PROFILE=1: where the page's main thread spent its time. */
  hotSpots?: string;
  /** With BENCH_TRACE=1: the page's tasks by their own CPU time, beside the clock's. */
  taskTimes?: TaskTimes;
  /** CPU time of `cpuOf`'s processes over the same interval as `seconds`; absent where /proc is not (bench/cpu-time.ts). */
  cpu?: CpuUsed;
}

async function maybeProfiled<T>(cdp: CDPSession, profile: boolean, work: () => Promise<T>): Promise<{ result: T; hotSpots?: string }> {
  return profile ? profiled(cdp, work) : { result: await work() };
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** The chatbot's listings page, its rows painted, with the dialog of `action` open. */
async function openDialog(browser: Browser, baseURL: string, chatbotId: string, action: 'Import CSV' | 'Export CSV'): Promise<ProbedPage> {
  const probed = await openProbedPage(browser, baseURL);
  await probed.page.goto(`/bots/${chatbotId}/listings`);
  await probed.page.waitForFunction(() => (window as unknown as ProbedWindow).__bench.rowsPaintedAt, undefined, LONG_WAIT);
  await probed.page.getByRole('button', { name: action }).click();
  return probed;
}

/** Chooses the file in the Import dialog, imports every row, and waits for the report. */
export async function measureImport(
  browser: Browser,
  baseURL: string,
  chatbotId: string,
  csv: string,
  rows: number,
  /** The processes that do the work, whose CPU time is counted, each with its descendants. */
  cpuOf: readonly CpuRoot[],
  { profile = false, traceTasks = false }: { profile?: boolean; traceTasks?: boolean } = {},
): Promise<CsvRun> {
  const probed = await openDialog(browser, baseURL, chatbotId, 'Import CSV');
  const { page, cdp } = probed;
  try {
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    const dropZone = dialog.getByTestId('import-drop-zone');
    await dropZone.waitFor();
    // The file is made in the page before the clock starts: handing Playwright's buffer to an
    // <input> would count Playwright's own decoding of it as the app's work.
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'bench-import.csv', { type: 'text/csv' }));
      return transfer;
    }, csv);
    const cpuMeter = startCpuMeter(cpuOf);
    const started = await page.evaluate(() => performance.now());
    let taskTimes: TaskTimes | undefined;
    const { hotSpots } = await maybeProfiled(cdp, profile, async () => {
      if (!traceTasks) return importFromDrop();
      ({ tasks: taskTimes } = await tracedTasks(cdp, importFromDrop));
    });
    async function importFromDrop() {
      await dropZone.dispatchEvent('drop', { dataTransfer });
      const start = dialog.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} rows`, exact: true });
      await start.waitFor(LONG_WAIT);
      await page.waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await start.elementHandle(), LONG_WAIT);
      await start.click();
      await dialog.getByRole('list', { name: 'Import report' }).waitFor(LONG_WAIT);
    }
    const ended = await page.evaluate(() => performance.now());
    const cpu = cpuMeter?.stop();
    const summary = (await dialog.getByRole('list', { name: 'Import report' }).innerText()).replace(/\s+/g, ' ');
    await page.evaluate(() => (window as unknown as ProbedWindow).__bench.flushTimings());
    const longTasks = await page.evaluate((from) => (window as unknown as ProbedWindow).__bench.longTasks.filter((task) => task.start >= from), started);
    return { rows, seconds: (ended - started) / 1000, longTasks, heapMb: await heapAfterGc(cdp), summary, hotSpots, taskTimes, cpu };
  } finally {
    await probed.close();
  }
}

/** Exports every listing of the chatbot (all fields) and waits for the file. */
export async function measureExport(browser: Browser, baseURL: string, chatbotId: string, expected: number, cpuOf: readonly CpuRoot[], profile = false): Promise<CsvRun> {
  const probed = await openDialog(browser, baseURL, chatbotId, 'Export CSV');
  const { page, cdp } = probed;
  try {
    const dialog = page.getByRole('dialog', { name: 'Export CSV' });
    await dialog.getByRole('radio', { name: 'Every field' }).check();
    const cpuMeter = startCpuMeter(cpuOf);
    const started = await page.evaluate(() => performance.now());
    const { result: download, hotSpots } = await maybeProfiled(cdp, profile, async () => {
      const downloading = page.waitForEvent('download', LONG_WAIT);
      await dialog.getByRole('button', { name: /^Export [\d,]+ listings$/ }).click();
      return downloading;
    });
    const ended = await page.evaluate(() => performance.now());
    // At the download's start, as `seconds`: the browser writing the file out after it is not counted.
    const cpu = cpuMeter?.stop();
    const text = (await (await download.createReadStream()).toArray()).join('');
    const lines = text.split('\r\n').filter(Boolean).length - 1;
    if (lines < expected) throw new Error(`the file has ${lines} rows, not ${expected}`);
    await page.evaluate(() => (window as unknown as ProbedWindow).__bench.flushTimings());
    const longTasks = await page.evaluate((from) => (window as unknown as ProbedWindow).__bench.longTasks.filter((task) => task.start >= from), started);
    return { rows: lines, seconds: (ended - started) / 1000, longTasks, heapMb: await heapAfterGc(cdp), summary: `${lines} rows, ${Math.round(text.length / 1024 / 1024)} MB`, hotSpots, cpu };
  } finally {
    await probed.close();
  }
}

/**
 * The export's requests with nothing of the export around them: from the listings page (the
 * app loaded and idle), the same list requests the export sends (pages of 100, four ahead),
 * each answer read with `json()` and its rows counted, nothing parsed, checked or written. The
 * CPU of the same processes as the export's figure: what the interface's 1,000 pages cost the
 * service and Chromium before the dashboard does anything with them, the floor under the
 * export's rows per CPU second.
 */
export async function measureExportRequests(browser: Browser, baseURL: string, chatbotId: string, expected: number, cpuOf: readonly CpuRoot[]): Promise<CsvRun> {
  const probed = await openProbedPage(browser, baseURL);
  const { page } = probed;
  try {
    await page.goto(`/bots/${chatbotId}/listings`);
    await page.waitForFunction(() => (window as unknown as ProbedWindow).__bench.rowsPaintedAt, undefined, LONG_WAIT);
    const cpuMeter = startCpuMeter(cpuOf);
    const { rows, seconds } = await page.evaluate(async ({ serialNumber, path, pageSize }) => {
      const started = performance.now();
      const ahead: Promise<{ Data: { List: unknown[]; VirtualCount: number } }>[] = [];
      let pages = 1;
      let next = 1;
      let count = 0;
      do {
        while (next <= pages && ahead.length < 4) {
          ahead.push(
            fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ SerialNumber: serialNumber, PageNumber: next, PageSize: pageSize }),
            }).then((response) => response.json()),
          );
          next += 1;
          // The first page alone: its count tells how many there are.
          if (next === 2) break;
        }
        const answer = await ahead.shift()!;
        pages = Math.ceil(answer.Data.VirtualCount / pageSize);
        count += answer.Data.List.length;
      } while (ahead.length > 0 || next <= pages);
      return { rows: count, seconds: (performance.now() - started) / 1000 };
    }, { serialNumber: chatbotId, path: operations.RealEstateList.path, pageSize: MAX_PAGE_SIZE });
    const cpu = cpuMeter?.stop();
    if (rows < expected) throw new Error(`the requests read ${rows} listings, not ${expected}`);
    return { rows, seconds, longTasks: [], heapMb: 0, summary: `${rows} listings read`, cpu };
  } finally {
    await probed.close();
  }
}

import type { CDPSession } from '@playwright/test';

/*
 * The page's tasks by their own CPU time, beside their wall time. A long task (PerformanceObserver)
 * is over 50 ms by the clock, which on a busy machine counts the time the page's main thread
 * waited for a core: a task of 3 ms of CPU has measured 131 ms. A Performance trace (CDP
 * Tracing, `toplevel` category only, which is cheap) gives each task both its wall time (`dur`)
 * and its thread's CPU time (`tdur`), which tells the page's own work from the machine's load.
 * Only with BENCH_TRACE=1.
 */

export interface TaskTimes {
  /** Tasks of the page's main thread over 50 ms by the clock (what long tasks count). */
  overBudgetByWall: number;
  /** Tasks over 50 ms of the main thread's own CPU time. */
  overBudgetByCpu: number;
  longestCpuMs: number;
  longestWallMs: number;
}

const LONG_TASK_MS = 50;
/** A task of a Blink thread, as the `toplevel` category names it. */
const TASK = 'ThreadControllerImpl::RunTask';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The renderer's main thread that ran the most (of `among`, when given): the page's, not an idle frame's. */
function busiestRendererMain(events: readonly TraceEvent[], among?: ReadonlySet<string>): (event: TraceEvent) => boolean {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`)
      .filter((thread) => !among || among.has(thread)),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name === TASK && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0));
  }
  const [busiest] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [''];
  return (event) => `${event.pid}:${event.tid}` === busiest;
}

/** Runs `work` under a Performance trace of `categories` and returns what it recorded. */
async function traced<T>(cdp: CDPSession, categories: string, work: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => {
    for (const event of data.value) events.push(event as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await work();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return { result, events };
}

const ms = (microseconds: number | undefined) => (microseconds ?? 0) / 1000;

export async function tracedTasks<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ result: T; tasks: TaskTimes }> {
  const { result, events } = await traced(cdp, 'toplevel,__metadata', work);
  const onPageThread = busiestRendererMain(events);
  const tasks = events.filter((event) => event.name === TASK && event.ph === 'X' && onPageThread(event));
  return {
    result,
    tasks: {
      overBudgetByWall: tasks.filter((task) => ms(task.dur) > LONG_TASK_MS).length,
      overBudgetByCpu: tasks.filter((task) => ms(task.tdur) > LONG_TASK_MS).length,
      longestCpuMs: tasks.reduce((longest, task) => Math.max(longest, ms(task.tdur)), 0),
      longestWallMs: tasks.reduce((longest, task) => Math.max(longest, ms(task.dur)), 0),
    },
  };
}

/** Lighthouse's phone runs the page's tasks 4 times slower than the host it loads the page on. */
const LIGHTHOUSE_CPU_SLOWDOWN = 4;

export interface BlockingAfterPaint {
  /**
   * Lighthouse's Total Blocking Time, modelled from CPU time: every task of the page's main
   * thread from its first contentful paint on, as `4 × its CPU time − 50 ms` where positive.
   */
  blockingMs: number;
  /** The longest of those tasks, in CPU time at full speed. */
  longestCpuMs: number;
  /** The main thread's CPU time before the first contentful paint. */
  cpuBeforePaintMs: number;
}

/**
 * What the page's main thread does after its first paint, from CPU time rather than the clock:
 * Lighthouse's TBT multiplies each task's wall time, so on a shared machine it moves with
 * the load (the same build read 236 and 2,470 ms), while a task's own CPU time moves little.
 * Information beside Lighthouse's figures, for telling a change's effect from the machine's.
 */
export async function blockingAfterFirstPaint(cdp: CDPSession, load: () => Promise<void>): Promise<BlockingAfterPaint> {
  const { events } = await traced(cdp, 'toplevel,loading,rail,__metadata', load);
  return blockingOf(events);
}

/**
 * The figure from a trace of the load. The page's thread is the renderer main thread that
 * painted its first content (the busiest such, should several), not the busiest of all: a trace
 * records every renderer of the browser, and in a full bench run another page's renderer was
 * the busiest, so no first paint was found and the figure was lost for every page.
 */
export function blockingOf(events: readonly TraceEvent[]): BlockingAfterPaint {
  const painted = new Set(events.filter((event) => event.name === 'firstContentfulPaint').map((event) => `${event.pid}:${event.tid}`));
  const onPageThread = busiestRendererMain(events, painted);
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && onPageThread(event));
  if (!paint) throw new Error('the trace has no first contentful paint on the page');
  const tasks = events.filter((event) => event.name === TASK && event.ph === 'X' && onPageThread(event));
  const after = tasks.filter((task) => task.ts >= paint.ts);
  return {
    blockingMs: after.reduce((sum, task) => sum + Math.max(0, LIGHTHOUSE_CPU_SLOWDOWN * ms(task.tdur) - LONG_TASK_MS), 0),
    longestCpuMs: after.reduce((longest, task) => Math.max(longest, ms(task.tdur)), 0),
    cpuBeforePaintMs: tasks.filter((task) => task.ts < paint.ts).reduce((sum, task) => sum + ms(task.tdur), 0),
  };
}

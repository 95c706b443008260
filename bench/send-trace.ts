/*
 * What one question costs the chat page's main thread, read from a Performance trace (CDP
 * Tracing, categories `toplevel` and `blink.user_timing`: cheap, unlike `devtools.timeline`).
 * The page's own marks (performance.mark, bench/measure-send.ts) name the moments: the keydown
 * that sends, and the first frame after it. A mark is traced on the thread that made it, at
 * the time it was made, so it names both the page's main thread and the task it ran in; with
 * its startTime in the page it ties the page's clock (performance.now) to the trace's, for
 * times the page recorded without a mark (the final chunk's arrival, the last paint).
 *
 * Pure: bench/send-trace.test.ts feeds it made-up traces.
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds, on the trace's clock. */
  ts: number;
  /** Wall time, microseconds (complete events). */
  dur?: number;
  /** The thread's CPU time, microseconds (complete events). */
  tdur?: number;
}

/** One task of the page's main thread, in milliseconds on the trace's clock. */
export interface Task {
  start: number;
  end: number;
  wallMs: number;
  cpuMs: number;
}

/** Main-thread work over some tasks: wall time (what the calibrated slowdown stretches) and the thread's own CPU time. */
export interface TaskCost {
  wallMs: number;
  cpuMs: number;
  tasks: number;
}

/** A task of a Blink thread, as the `toplevel` category names it. */
const TASK = 'ThreadControllerImpl::RunTask';

/** A performance.mark as the trace has it: where and when it was made. */
export interface TracedMark {
  pid: number;
  tid: number;
  /** Milliseconds on the trace's clock. */
  at: number;
}

/** Every mark named `name`, in order. */
export function marksOf(events: readonly TraceEvent[], name: string): TracedMark[] {
  // Chromium traces a mark as an instant event ('R', or 'I'/'n' in some versions); never a span.
  return events
    .filter((event) => event.name === name && (event.cat ?? '').includes('blink.user_timing') && event.ph !== 'b' && event.ph !== 'e')
    .map((event) => ({ pid: event.pid, tid: event.tid, at: event.ts / 1000 }))
    .sort((a, b) => a.at - b.at);
}

export function markOf(events: readonly TraceEvent[], name: string): TracedMark {
  const [found] = marksOf(events, name);
  if (!found) throw new Error(`the trace has no mark "${name}"`);
  return found;
}

/** The top-level tasks of the thread `mark` was made on, in order. */
export function tasksOfThread(events: readonly TraceEvent[], mark: TracedMark): Task[] {
  return events
    .filter((event) => event.name === TASK && event.ph === 'X' && event.pid === mark.pid && event.tid === mark.tid)
    .map((event) => ({ start: event.ts / 1000, end: (event.ts + (event.dur ?? 0)) / 1000, wallMs: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? 0) / 1000 }))
    .sort((a, b) => a.start - b.start)
    // A task run inside another (a nested run loop) is already in the outer one's time.
    .filter((task, index, all) => !all.slice(0, index).some((outer) => outer.start <= task.start && task.end <= outer.end && outer !== task));
}

function taskAt(tasks: readonly Task[], at: number, what: string): Task {
  const task = tasks.find((candidate) => candidate.start <= at && at <= candidate.end);
  if (!task) throw new Error(`no task of the page's main thread holds ${what}`);
  return task;
}

function costOf(tasks: readonly Task[]): TaskCost {
  return {
    wallMs: tasks.reduce((sum, task) => sum + task.wallMs, 0),
    cpuMs: tasks.reduce((sum, task) => sum + task.cpuMs, 0),
    tasks: tasks.length,
  };
}

/**
 * The send: every task of the main thread from the one that handled the keydown (`keydown`,
 * a mark made in it) to the frame that first painted after it (`frame`, a mark made in that
 * frame's animation callbacks, which run in its rendering task: style, layout and paint come
 * after them in the same task), both included. Idle time between them (waiting for the frame)
 * is not work and is not counted; whatever else ran before that frame held it back and is.
 */
export function sendCost(tasks: readonly Task[], keydown: TracedMark, frame: TracedMark): TaskCost & { keydownMs: number; frameMs: number } {
  const first = taskAt(tasks, keydown.at, 'the keydown');
  const last = taskAt(tasks, frame.at, 'the first frame after the keydown');
  if (last.start < first.start) throw new Error('the first frame after the keydown ran before it');
  return { ...costOf(tasks.filter((task) => task.start >= first.start && task.start <= last.start)), keydownMs: first.wallMs, frameMs: last === first ? 0 : last.wallMs };
}

/**
 * The trace's time (ms) of a page time (performance.now(), ms), from a traced mark and its
 * startTime in the page: both clocks are monotonic and tick together.
 */
export function pageClockToTrace(mark: TracedMark, startTime: number): (pageTime: number) => number {
  const offset = mark.at - startTime;
  return (pageTime) => pageTime + offset;
}

/** The tasks that ran, in whole or in part, between `from` and `to` (trace ms). */
export function windowCost(tasks: readonly Task[], from: number, to: number): TaskCost {
  if (to < from) throw new Error('a window that ends before it starts');
  return costOf(tasks.filter((task) => task.end > from && task.start < to));
}

/**
 * The settle: the tasks after the first frame that follows the final chunk's arrival (`finalChunkAt`,
 * trace ms), up to the last paint that changed the page (`lastPaintAt`). That frame paints the
 * answer's last text whether it came with the final chunk or before it (the chat hands text
 * over in a frame's callbacks, and waits for that frame's paint before settling the answer),
 * so the window holds the settled answer's work alone at any CPU speed. `frames`: a mark made
 * in every frame's animation callbacks, so in its rendering task.
 */
export function settleCost(tasks: readonly Task[], frames: readonly TracedMark[], finalChunkAt: number, lastPaintAt: number): TaskCost {
  const frame = frames.find((mark) => mark.at > finalChunkAt);
  if (!frame) throw new Error('no frame followed the final chunk');
  const rendering = taskAt(tasks, frame.at, 'the frame after the final chunk');
  if (lastPaintAt <= rendering.end) throw new Error('the page changed nothing after the final chunk\'s frame: no settled answer was painted');
  return windowCost(tasks, rendering.end, lastPaintAt);
}

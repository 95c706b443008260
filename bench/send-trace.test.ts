import { describe, expect, it } from 'vitest';
import { markOf, marksOf, pageClockToTrace, sendCost, settleCost, tasksOfThread, windowCost, type TraceEvent } from './send-trace';

const PAGE = { pid: 7, tid: 1 };
const OTHER = { pid: 7, tid: 2 };

/** A task from `start` to `end` ms (trace clock), with `cpu` ms of the thread's own time. */
const task = (start: number, end: number, cpu: number, thread = PAGE): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  cat: 'toplevel',
  ph: 'X',
  ...thread,
  ts: start * 1000,
  dur: (end - start) * 1000,
  tdur: cpu * 1000,
});
const mark = (name: string, at: number, thread = PAGE): TraceEvent => ({ name, cat: 'blink,blink.user_timing', ph: 'R', ...thread, ts: at * 1000 });

describe('sendCost', () => {
  it('counts the keydown task, the first frame\'s rendering task and what ran between them, not the idle time', () => {
    const events = [
      task(0, 5, 5),
      task(10, 22, 9), // the keydown
      mark('keydown', 11),
      task(23, 24, 1), // a task before the frame: it holds the frame back
      task(30, 36, 5), // the frame
      mark('frame', 30.5),
      task(40, 45, 4),
      task(12, 20, 8, OTHER), // another thread
    ];
    const tasks = tasksOfThread(events, markOf(events, 'keydown'));
    const cost = sendCost(tasks, markOf(events, 'keydown'), markOf(events, 'frame'));
    expect(cost).toEqual({ wallMs: 19, cpuMs: 15, tasks: 3, keydownMs: 12, frameMs: 6 });
  });

  it('refuses a mark no task of the page holds', () => {
    const events = [task(10, 20, 9), mark('keydown', 11), mark('frame', 25)];
    expect(() => sendCost(tasksOfThread(events, markOf(events, 'keydown')), markOf(events, 'keydown'), markOf(events, 'frame'))).toThrow(/first frame/);
  });

  it('does not count a task nested in another twice', () => {
    const events = [task(10, 20, 9), task(12, 14, 2), mark('keydown', 11), task(30, 32, 2), mark('frame', 31)];
    expect(sendCost(tasksOfThread(events, markOf(events, 'keydown')), markOf(events, 'keydown'), markOf(events, 'frame')).wallMs).toBe(12);
  });
});

describe('settleCost', () => {
  const events = [
    task(100, 102, 2), // reads the final chunk
    mark('frame', 99),
    task(110, 114, 4), // the frame after it: paints the last text
    mark('frame', 111),
    task(115, 130, 12), // the settled answer renders
    task(131, 140, 8), // its frame
    mark('frame', 132),
    task(150, 151, 1), // after the last paint
  ];
  const tasks = tasksOfThread(events, markOf(events, 'frame'));
  const frames = marksOf(events, 'frame');

  it('counts from the end of the first frame after the final chunk to the last paint', () => {
    expect(settleCost(tasks, frames, 101, 141)).toEqual({ wallMs: 24, cpuMs: 20, tasks: 2 });
  });

  it('says so when nothing was painted after that frame', () => {
    expect(() => settleCost(tasks, frames, 101, 113)).toThrow(/no settled answer/);
  });
});

describe('the page clock', () => {
  it('maps page times to the trace by a mark made at a known page time', () => {
    const toTrace = pageClockToTrace({ ...PAGE, at: 5_000.5 }, 120.5);
    expect(toTrace(130)).toBe(5_010);
  });

  it('finds tasks in a window, in whole or in part', () => {
    const events = [task(0, 10, 5), task(20, 30, 6), task(40, 50, 7), mark('m', 1)];
    expect(windowCost(tasksOfThread(events, markOf(events, 'm')), 25, 41)).toEqual({ wallMs: 20, cpuMs: 13, tasks: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { blockingOf, type TraceEvent } from './task-trace';

const TASK = 'ThreadControllerImpl::RunTask';
const mainThread = (pid: number, tid: number): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } });
/** A task at `atMs` taking `cpuMs` of CPU (and as long by the clock). */
const task = (pid: number, tid: number, atMs: number, cpuMs: number): TraceEvent => ({ name: TASK, ph: 'X', pid, tid, ts: atMs * 1000, dur: cpuMs * 1000, tdur: cpuMs * 1000 });
const firstPaint = (pid: number, tid: number, atMs: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', pid, tid, ts: atMs * 1000 });

describe('blockingOf', () => {
  it('counts each task from the first paint on as 4 x its CPU time - 50 ms, and the CPU before it apart', () => {
    const events = [mainThread(1, 1), task(1, 1, 0, 40), firstPaint(1, 1, 100), task(1, 1, 100, 30), task(1, 1, 200, 10), task(1, 1, 300, 20)];
    // After the paint: 4 x 30 - 50 = 70, 4 x 10 - 50 < 0, 4 x 20 - 50 = 30.
    expect(blockingOf(events)).toEqual({ blockingMs: 100, longestCpuMs: 30, cpuBeforePaintMs: 40 });
  });

  it('reads the thread that painted the page, though another renderer was busier', () => {
    const events = [
      mainThread(1, 1),
      mainThread(2, 2),
      ...[0, 100, 200, 300].map((at) => task(2, 2, at, 90)),
      firstPaint(1, 1, 50),
      task(1, 1, 60, 25),
    ];
    expect(blockingOf(events)).toEqual({ blockingMs: 50, longestCpuMs: 25, cpuBeforePaintMs: 0 });
  });

  it('says so when no renderer painted', () => {
    expect(() => blockingOf([mainThread(1, 1), task(1, 1, 0, 30)])).toThrow('no first contentful paint');
  });
});

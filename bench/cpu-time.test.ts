import { describe, expect, it } from 'vitest';
import { branchesOf, cpuUsedBetween, parseStat, startCpuMeter, type ProcStat } from './cpu-time';

/** A stat line as the kernel writes it, with the given pid, comm, ppid and times (proc(5)). */
function statLine(pid: number, comm: string, ppid: number, [utime, stime, cutime, cstime]: [number, number, number, number]): string {
  return `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 5000 0 12 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 19 0 6541 1241718784 48035 18446744073709551615 1 1 0 0 0 0 0 16781312 134235650 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n`;
}

const stat = (pid: number, ppid: number, ticks: number, comm = 'proc', reaped = 0): ProcStat => ({ pid, comm, ppid, utime: ticks, stime: 0, cutime: reaped, cstime: 0 });

describe('parseStat', () => {
  it('reads pid, comm, ppid and the four times', () => {
    expect(parseStat(statLine(4242, 'chromium', 4200, [1500, 230, 7, 3]))).toEqual({ pid: 4242, comm: 'chromium', ppid: 4200, utime: 1500, stime: 230, cutime: 7, cstime: 3 });
  });

  it('keeps a comm with spaces and parentheses whole, ending at the last )', () => {
    const parsed = parseStat(statLine(77, 'Web Content) S 1 (x', 76, [10, 20, 30, 40]));
    expect(parsed.comm).toBe('Web Content) S 1 (x');
    expect(parsed).toMatchObject({ pid: 77, ppid: 76, utime: 10, stime: 20, cutime: 30, cstime: 40 });
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseStat('not a stat line')).toThrow(/not a \/proc/);
    expect(() => parseStat('12 (short) S 1 2 3')).toThrow(/field/);
  });
});

describe('branchesOf', () => {
  // root 10 -> service 20 (-> its child 21), browser 30 -> zygote 31 -> renderer 32; 40 is not ours.
  const stats = [stat(1, 0, 5), stat(10, 1, 1000), stat(20, 10, 100, 'node'), stat(21, 20, 7), stat(30, 10, 50, 'chromium', 3), stat(31, 30, 2), stat(32, 31, 300), stat(40, 1, 9999)];

  it('sums each child of the root with its descendants, reaped children included, and leaves the root and strangers out', () => {
    const branches = branchesOf(stats, 10);
    expect([...branches.values()]).toEqual([
      { pid: 20, comm: 'node', ticks: 107, processes: 2 },
      { pid: 30, comm: 'chromium', ticks: 355, processes: 3 },
    ]);
  });

  it('finds nothing under a process with no children', () => {
    expect(branchesOf(stats, 40).size).toBe(0);
  });
});

describe('cpuUsedBetween', () => {
  it('counts what each branch used in between, a renderer born in between whole, a reaped one through its parent', () => {
    const before = branchesOf([stat(20, 10, 100, 'node'), stat(30, 10, 50, 'chromium'), stat(32, 30, 300)], 10);
    // Renderer 32 exited and was reaped by the browser (its 340 ticks now in cutime); 33 is new.
    const after = branchesOf([stat(20, 10, 160, 'node'), stat(30, 10, 80, 'chromium', 340), stat(33, 30, 25)], 10);
    const used = cpuUsedBetween(before, after, 100);
    expect(used.branches).toEqual([
      { pid: 20, comm: 'node', seconds: 0.6, processes: 1 },
      { pid: 30, comm: 'chromium', seconds: (30 + 40 + 25) / 100, processes: 2 },
    ]);
    expect(used.seconds).toBeCloseTo(1.55, 10);
  });

  it('takes a recycled pid with another executable for a new process', () => {
    const used = cpuUsedBetween(branchesOf([stat(20, 10, 500, 'node')], 10), branchesOf([stat(20, 10, 30, 'sh')], 10), 100);
    expect(used.seconds).toBeCloseTo(0.3, 10);
  });
});

describe.runIf(process.platform === 'linux')('startCpuMeter', () => {
  it("counts a child started after it, while the child runs", async () => {
    const { spawn } = await import('node:child_process');
    const meter = startCpuMeter()!;
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 400; while (Date.now() < end);'], { stdio: 'ignore' });
    // Sampled while the child runs: once it exits, this process reaps it and its time is no tree's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const used = meter.stop();
    await new Promise((resolve) => child.on('exit', resolve));
    expect(used.branches.find((branch) => branch.pid === child.pid)?.seconds).toBeGreaterThan(0);
  });
});

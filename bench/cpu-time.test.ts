import { describe, expect, it } from 'vitest';
import { cpuUsedBetween, parseStat, processKind, startCpuMeter, treesOf, type ProcStat } from './cpu-time';

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

describe('treesOf', () => {
  // service 20 (-> its child 21), browser 30 -> zygote 31 -> renderer 32; 10 (the bench) and 40 are not counted.
  const stats = [stat(1, 0, 5), stat(10, 1, 1000), stat(20, 10, 100, 'node'), stat(21, 20, 7), stat(30, 10, 50, 'chromium', 3), stat(31, 30, 2), stat(32, 31, 300), stat(40, 1, 9999)];
  const roots = [{ pid: 20, name: 'service' }, { pid: 30, name: 'browser' }];

  it('takes each root with its descendants, reaped children included, and leaves the rest out', () => {
    const trees = treesOf(stats, roots);
    expect([...trees.keys()].sort()).toEqual([20, 21, 30, 31, 32]);
    expect(trees.get(21)).toEqual({ pid: 21, ppid: 20, comm: 'proc', kind: 'proc', root: 'service', ticks: 7, reaped: 0 });
    expect(trees.get(30)).toMatchObject({ root: 'browser', ticks: 53, reaped: 3 });
    expect(trees.get(32)).toMatchObject({ root: 'browser', ticks: 300 });
  });

  it('counts a root inside another root\'s tree once, and a root that is gone not at all', () => {
    const trees = treesOf(stats, [...roots, { pid: 31, name: 'zygote' }, { pid: 99, name: 'gone' }]);
    expect(trees.size).toBe(5);
    expect(trees.get(32)?.root).toBe('browser');
  });
});

describe('processKind', () => {
  it("reads Chromium's process type, naming a utility process by its service", () => {
    expect(processKind(['/usr/lib/chromium/chromium', '--type=renderer', '--enable-logging'])).toBe('renderer');
    expect(processKind(['/usr/lib/chromium/chromium', '--type=utility', '--utility-sub-type=network.mojom.NetworkService'])).toBe('utility: network');
    expect(processKind(['/usr/lib/chromium/chromium', '--headless'])).toBeUndefined();
  });
});

describe('cpuUsedBetween', () => {
  const roots = [{ pid: 20, name: 'service' }, { pid: 30, name: 'browser' }];
  const kind = (stat: ProcStat) => (stat.pid >= 32 ? 'renderer' : stat.comm);

  it('counts what each process used in between, one born in between whole, a reaped one through its parent', () => {
    const before = treesOf([stat(20, 10, 100, 'node'), stat(30, 10, 50, 'chromium'), stat(32, 30, 300)], roots, kind);
    // Renderer 32 exited and was reaped by the browser (its 340 ticks now in cutime); 33 is new.
    const after = treesOf([stat(20, 10, 160, 'node'), stat(30, 10, 80, 'chromium', 340), stat(33, 30, 25)], roots, kind);
    const used = cpuUsedBetween(before, after, 100);
    expect(used.roots).toEqual([
      { name: 'service', seconds: 0.6, kinds: [{ kind: 'node', seconds: 0.6, processes: 1 }] },
      {
        name: 'browser',
        seconds: 0.95,
        kinds: [
          { kind: 'chromium', seconds: 0.7, processes: 1 },
          { kind: 'renderer', seconds: 0.25, processes: 1 },
        ],
      },
    ]);
    expect(used.seconds).toBeCloseTo(1.55, 10);
  });

  it('takes what an exited process had before off its nearest living ancestor, the one that reaped it', () => {
    // Renderer 32 under zygote 31 under the browser: the zygote exits too, the browser reaps both.
    const before = treesOf([stat(30, 10, 50, 'chromium'), stat(31, 30, 10, 'zygote'), stat(32, 31, 300)], roots, kind);
    const after = treesOf([stat(30, 10, 60, 'chromium', 320 + 15)], roots, kind);
    expect(cpuUsedBetween(before, after, 100).roots).toEqual([{ name: 'browser', seconds: 0.35, kinds: [{ kind: 'chromium', seconds: 0.35, processes: 1 }] }]);
  });

  it('counts nothing, not less, for a process that ended and that no process of the trees reaped', () => {
    const before = treesOf([stat(30, 10, 50, 'chromium'), stat(32, 30, 300)], roots, kind);
    const after = treesOf([stat(30, 10, 60, 'chromium')], roots, kind);
    expect(cpuUsedBetween(before, after, 100).seconds).toBeCloseTo(0.1, 10);
  });

  it('takes a recycled pid with another executable for a new process', () => {
    const used = cpuUsedBetween(treesOf([stat(20, 10, 500, 'node')], roots), treesOf([stat(20, 10, 30, 'sh')], roots), 100);
    expect(used.seconds).toBeCloseTo(0.3, 10);
  });
});

describe.runIf(process.platform === 'linux')('startCpuMeter', () => {
  it('counts a child started after it, while the child runs', async () => {
    const { spawn } = await import('node:child_process');
    const meter = startCpuMeter([{ pid: process.pid, name: 'this process' }])!;
    // After `--`, an argument node leaves to the script: the meter reads it as the process's kind.
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 400; while (Date.now() < end);', '--', '--type=busy-child'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Sampled while the child runs: once it exits, this process reaps it and it leaves the tree.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const used = meter.stop();
    await exited;
    expect(used.roots[0]!.kinds.find((part) => part.kind === 'busy-child')?.seconds).toBeGreaterThan(0);
  });
});

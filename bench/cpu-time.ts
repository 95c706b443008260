import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time (user + system) used by the processes that do a measured piece of work: every process
 * the bench started, with all of their descendants (the local service; Chromium's browser,
 * zygote, renderers, GPU, network and storage processes), but not the bench process itself,
 * whose Playwright driver only watches. A rate per CPU second holds on a slower or busier machine
 * where one per wall second does not: waiting for a core costs the clock, not the CPU.
 *
 * Read on Linux from /proc/<pid>/stat. Known undercount: a process that exits inside the interval
 * keeps its time only when a process of the tree reaps it (the kernel adds a reaped child's
 * time to its parent's cutime/cstime, which is counted); one reaped by the bench process or by
 * init is lost. Chromium's processes are reaped by its browser process or zygote, both counted,
 * and none of the bench's direct children (the service, the browser) exits while it is measured.
 */

/** The fields of one /proc/<pid>/stat line that the sum needs, times in clock ticks. */
export interface ProcStat {
  pid: number;
  /** The executable's name as the kernel keeps it (at most 15 characters; may hold spaces and ')'). */
  comm: string;
  ppid: number;
  utime: number;
  stime: number;
  /** Time of children this process has waited for (reaped), so an exited child's time is kept. */
  cutime: number;
  cstime: number;
}

/**
 * Parses a /proc/<pid>/stat line (proc(5)). The comm field is in parentheses and may itself
 * contain spaces and ')', so it ends at the line's last ')', after which the fields are plain.
 */
export function parseStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, open).trim());
  // After comm: state (3), ppid (4), ... utime (14), stime (15), cutime (16), cstime (17).
  const rest = line.slice(close + 1).trim().split(/\s+/);
  const field = (number: number) => {
    const value = Number(rest[number - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/${pid}/stat: field ${number} is "${rest[number - 3]}"`);
    return value;
  };
  if (!Number.isInteger(pid)) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  return { pid, comm: line.slice(open + 1, close), ppid: field(4), utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

/** One child of the root and everything below it, at one moment. */
export interface Branch {
  /** The root's child that heads the branch (the branch keeps its pid while that process lives). */
  pid: number;
  comm: string;
  /** Own and reaped children's CPU ticks of every process in the branch. */
  ticks: number;
  processes: number;
}

/**
 * Groups the descendants of `root` (not `root` itself) by the child of `root` they descend from,
 * summing their ticks. Processes outside the tree are left out.
 */
export function branchesOf(stats: readonly ProcStat[], root: number): Map<number, Branch> {
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const branches = new Map<number, Branch>();
  for (const head of children.get(root) ?? []) {
    const branch: Branch = { pid: head.pid, comm: head.comm, ticks: 0, processes: 0 };
    // pids are unique in a snapshot and ppid links form a tree, so no process is met twice.
    const pending = [head];
    for (let next = pending.pop(); next; next = pending.pop()) {
      branch.ticks += next.utime + next.stime + next.cutime + next.cstime;
      branch.processes += 1;
      pending.push(...(children.get(next.pid) ?? []));
    }
    branches.set(head.pid, branch);
  }
  return branches;
}

/** What each branch used between two samples. */
export interface CpuUsed {
  seconds: number;
  branches: { pid: number; comm: string; seconds: number; processes: number }[];
}

/**
 * The CPU each branch used from `before` to `after`. A branch that started in between counts
 * whole; one that ended in between counts nothing (see the undercount above), as its time left
 * with it.
 */
export function cpuUsedBetween(before: ReadonlyMap<number, Branch>, after: ReadonlyMap<number, Branch>, ticksPerSecond: number): CpuUsed {
  const branches = [...after.values()].map((branch) => {
    const earlier = before.get(branch.pid);
    // A recycled pid would be a different process: compare only the same executable.
    const base = earlier && earlier.comm === branch.comm ? earlier.ticks : 0;
    return { pid: branch.pid, comm: branch.comm, seconds: Math.max(0, branch.ticks - base) / ticksPerSecond, processes: branch.processes };
  });
  return { seconds: branches.reduce((sum, branch) => sum + branch.seconds, 0), branches };
}

let clockTicks: number | undefined;

/** USER_HZ, the unit of /proc's times: 100 on every usual Linux, asked of getconf in case. */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** Every process's stat line now; processes that exit while /proc is read are skipped. */
function readProcStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    stats.push(parseStat(line));
  }
  return stats;
}

/** A meter over the processes this process started; undefined where there is no /proc (not Linux). */
export interface CpuMeter {
  /** The CPU used since the meter was made. */
  stop(): CpuUsed;
}

/**
 * Starts counting the CPU of this process's descendants. Synchronous on purpose: one snapshot
 * of /proc as close to the interval's edge as possible, with no turn of the event loop between.
 */
export function startCpuMeter(root = process.pid): CpuMeter | undefined {
  if (process.platform !== 'linux') return undefined;
  const hz = ticksPerSecond();
  const before = branchesOf(readProcStats(), root);
  return { stop: () => cpuUsedBetween(before, branchesOf(readProcStats(), root), hz) };
}

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time (user + system) used by the processes that do a measured piece of work, each with all
 * of its descendants: the local service, and Chromium's browser process with its zygote,
 * renderers, GPU, network and storage processes. Not the bench process itself, whose Playwright
 * driver only watches, nor tsx's esbuild beside it. A rate per CPU second does not fall when the
 * machine is busy, as one per wall second does: waiting for a core costs the clock, not the CPU
 * (a slower core, though, still spends more CPU seconds on the same work).
 *
 * Read on Linux from /proc/<pid>/stat. Known undercount: a process that exits inside the interval
 * keeps its time only when a process of the tree reaps it (the kernel adds a reaped child's
 * time to its parent's cutime/cstime, which is counted); one reaped by the bench process or by
 * init is lost. Chromium's processes are reaped by its browser process or zygote, both counted,
 * and the roots themselves (the service, the browser) live through every measurement.
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

/** A process whose CPU is counted: `name` for the note, e.g. "local service" or "browser". */
export interface CpuRoot {
  pid: number;
  name: string;
}

/** A process of a root's tree at one moment. */
export interface TreeProcess {
  pid: number;
  ppid: number;
  comm: string;
  /** What the process is, for the note: Chromium's --type (renderer, gpu-process, utility: network), or comm. */
  kind: string;
  /** The name of the root whose tree it is in. */
  root: string;
  /** Own and reaped children's CPU ticks. */
  ticks: number;
  /** Of `ticks`, the reaped children's (cutime + cstime). */
  reaped: number;
}

/**
 * Every process of the trees under `roots` (the roots included), found by following ppid links
 * down from each root. Processes outside the trees are left out.
 */
export function treesOf(stats: readonly ProcStat[], roots: readonly CpuRoot[], kindOf: (stat: ProcStat) => string = (stat) => stat.comm): Map<number, TreeProcess> {
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const found = new Map<number, TreeProcess>();
  for (const { pid, name } of roots) {
    const head = byPid.get(pid);
    // pids are unique in a snapshot and ppid links form a tree; `found` also guards against a root inside another's tree.
    const pending = head ? [head] : [];
    for (let next = pending.pop(); next; next = pending.pop()) {
      if (found.has(next.pid)) continue;
      found.set(next.pid, { pid: next.pid, ppid: next.ppid, comm: next.comm, kind: kindOf(next), root: name, ticks: next.utime + next.stime + next.cutime + next.cstime, reaped: next.cutime + next.cstime });
      pending.push(...(children.get(next.pid) ?? []));
    }
  }
  return found;
}

/** Chromium's process type from its command line ("utility: network" for the network service), if it has one. */
export function processKind(args: readonly string[]): string | undefined {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const type = option('type');
  const subType = option('utility-sub-type');
  return type === 'utility' && subType ? `utility: ${subType.split('.')[0]}` : type;
}

/** What the trees used between two samples: in all, and per root and kind of process. */
export interface CpuUsed {
  seconds: number;
  roots: { name: string; seconds: number; kinds: { kind: string; seconds: number; processes: number }[] }[];
}

/**
 * The CPU the trees used from `before` to `after`: what each process has now less what it had
 * then. A process that started in between counts whole. One that ended in between took all its
 * time into its reaper's cutime, so what it had before is taken off its nearest ancestor still
 * alive, if that one's reaped time grew by as much; if not, something outside the trees reaped
 * it, and it counts nothing (the undercount above), not less than nothing.
 */
export function cpuUsedBetween(before: ReadonlyMap<number, TreeProcess>, after: ReadonlyMap<number, TreeProcess>, ticksPerSecond: number): CpuUsed {
  const sameProcess = (earlier: TreeProcess | undefined, later: TreeProcess | undefined) =>
    // A recycled pid would be another process: only the same executable is the same process.
    earlier !== undefined && later !== undefined && earlier.comm === later.comm;
  const ticks = new Map<number, number>();
  for (const process of after.values()) {
    const earlier = before.get(process.pid);
    ticks.set(process.pid, process.ticks - (sameProcess(earlier, process) ? earlier!.ticks : 0));
  }
  // What each living process reaped in between and is not yet matched to a process that ended.
  const unmatched = new Map<number, number>();
  for (const gone of before.values()) {
    if (sameProcess(gone, after.get(gone.pid))) continue;
    let ancestor = before.get(gone.ppid);
    while (ancestor && !sameProcess(ancestor, after.get(ancestor.pid))) ancestor = before.get(ancestor.ppid);
    if (!ancestor) continue;
    const left = unmatched.get(ancestor.pid) ?? after.get(ancestor.pid)!.reaped - ancestor.reaped;
    if (left < gone.ticks) continue;
    unmatched.set(ancestor.pid, left - gone.ticks);
    ticks.set(ancestor.pid, ticks.get(ancestor.pid)! - gone.ticks);
  }
  const roots = new Map<string, Map<string, { kind: string; ticks: number; processes: number }>>();
  for (const process of after.values()) {
    const kinds = roots.get(process.root) ?? new Map<string, { kind: string; ticks: number; processes: number }>();
    roots.set(process.root, kinds);
    const kind = kinds.get(process.kind) ?? { kind: process.kind, ticks: 0, processes: 0 };
    kinds.set(process.kind, { kind: process.kind, ticks: kind.ticks + ticks.get(process.pid)!, processes: kind.processes + 1 });
  }
  const seconds = (count: number) => count / ticksPerSecond;
  const used = [...roots].map(([name, kinds]) => {
    const parts = [...kinds.values()].map(({ kind, ticks: count, processes }) => ({ kind, seconds: seconds(count), processes })).sort((a, b) => b.seconds - a.seconds);
    return { name, seconds: parts.reduce((sum, part) => sum + part.seconds, 0), kinds: parts };
  });
  return { seconds: used.reduce((sum, root) => sum + root.seconds, 0), roots: used };
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

function kindFromCommandLine(stat: ProcStat): string {
  try {
    // Chromium rewrites its children's title as one string of space-separated arguments.
    return processKind(readFileSync(`/proc/${stat.pid}/cmdline`, 'utf8').split(/[\0 ]/)) ?? stat.comm;
  } catch {
    return stat.comm;
  }
}

function snapshot(roots: readonly CpuRoot[]): Map<number, TreeProcess> {
  return treesOf(readProcStats(), roots, kindFromCommandLine);
}

export interface CpuMeter {
  /** The CPU used since the meter was started. */
  stop(): CpuUsed;
}

/**
 * Starts counting the CPU of the trees under `roots`; undefined where there is no /proc (not
 * Linux). Synchronous on purpose: each snapshot of /proc is taken at the interval's edge, with
 * no turn of the event loop in between.
 */
export function startCpuMeter(roots: readonly CpuRoot[]): CpuMeter | undefined {
  if (process.platform !== 'linux') return undefined;
  const hz = ticksPerSecond();
  const before = snapshot(roots);
  return { stop: () => cpuUsedBetween(before, snapshot(roots), hz) };
}

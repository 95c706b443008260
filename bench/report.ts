import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';

export interface Figure {
  name: string;
  /** null when the figure could not be measured (see `note`). */
  value: number | null;
  unit: string;
  /** The budget in words, e.g. "<= 200 KB"; absent for figures reported for information. */
  budget?: string;
  /** Budget check; null for information lines, for figures that could not be measured, and for unreliable ones. */
  pass: boolean | null;
  /**
   * Why the figure, though measured, cannot be held to its budget (the CPU it was timed on is not
   * the phone it stands for: bench/cpu-calibration.ts). Printed UNRELIABLE, neither pass nor fail.
   */
  unreliable?: string;
  /** The samples the value summarises (one per run), when there are several. */
  runs?: number[];
  note?: string;
}

export interface Budget {
  budget: string;
  check: (value: number) => boolean;
}

export const atMost = (limit: number, unit: string): Budget => ({ budget: `<= ${limit} ${unit}`.trim(), check: (value) => value <= limit });
export const atLeast = (limit: number, unit: string): Budget => ({ budget: `>= ${limit} ${unit}`.trim(), check: (value) => value >= limit });

export function figure(name: string, value: number, unit: string, budget?: Budget, extra: Pick<Figure, 'runs' | 'note'> = {}): Figure {
  return budget
    ? { name, value, unit, budget: budget.budget, pass: budget.check(value), ...extra }
    : { name, value, unit, pass: null, ...extra };
}

export function unmeasured(name: string, unit: string, budget: Budget | undefined, note: string): Figure {
  return { name, value: null, unit, budget: budget?.budget, pass: budget ? false : null, note };
}

/** The same figure, measured but not judged: see `Figure.unreliable`. */
export function unreliable(item: Figure, reason: string): Figure {
  return { ...item, pass: null, unreliable: reason };
}

export type Verdict = 'PASS' | 'FAIL' | 'INFO' | 'UNRELIABLE';

export function verdictOf(item: Figure): Verdict {
  if (item.unreliable !== undefined) return 'UNRELIABLE';
  // A budgeted figure that could not be measured fails: no figure is no proof of the budget.
  if (item.pass === null) return item.budget ? 'FAIL' : 'INFO';
  return item.pass ? 'PASS' : 'FAIL';
}

export function formatLine(item: Figure): string {
  const value = item.value === null ? 'n/a' : `${item.value} ${item.unit}`.trim();
  const verdict = verdictOf(item);
  const budget = item.budget ? `budget ${item.budget}` : '';
  const runs = item.runs && item.runs.length > 1 ? `  runs [${item.runs.join(', ')}]` : '';
  const notes = [item.unreliable && `unreliable: ${item.unreliable}`, item.note].filter(Boolean);
  const note = notes.length > 0 ? `  (${notes.join('; ')})` : '';
  return `${item.name.padEnd(48)} ${value.padStart(14)}  ${budget.padEnd(20)} ${verdict}${runs}${note}`;
}

export async function writeResults(file: string, figures: readonly Figure[], meta: Record<string, unknown>): Promise<void> {
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, platform: process.platform };
  await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), machine, ...meta, figures }, null, 2)}\n`);
}

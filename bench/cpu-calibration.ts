/*
 * The bench's CPU slowdown, calibrated the way Chrome DevTools' "calibrated" CPU throttling is
 * (devtools-frontend, panels/mobile_throttling/CalibrationController.ts): Lighthouse's
 * BenchmarkIndex is measured at full speed, and the CDP throttling rate is chosen so that the
 * index lands on a phone's. A fixed rate of 4 made a different phone of each machine (and of the
 * same machine from one hour to the next); a calibrated rate makes the same phone of all of them.
 *
 * Pure: the measuring is passed in (bench/cpu-speed.ts measures in Chromium), so the rules can be
 * tested without a browser.
 */

/** DevTools' low-tier phone (a Moto G Power 2022): the bench's target, see the README's Performance section. */
export const LOW_TIER_PHONE_INDEX = 264;
/** DevTools' mid-tier phone (a Pixel 5), for reference. */
export const MID_TIER_PHONE_INDEX = 1000;
/** How far from the target an index may land and still count as that phone. */
export const CALIBRATION_TOLERANCE = 0.15;

/** One measurement: the CDP rate and the BenchmarkIndex read at it. */
export interface IndexReading {
  rate: number;
  index: number;
}

export interface Calibration {
  target: number;
  tolerance: number;
  /** The index at full speed (rate 1). */
  unthrottled: number;
  /** The readings at the rates tried, in order: one, or two when the first was off. */
  readings: IndexReading[];
  /** The rate the CPU-slowed figures use: the last one tried. */
  rate: number;
  /** The index read at `rate`. */
  index: number;
  /** Whether `index` is within the tolerance of the target; when not, the timed figures are unreliable. */
  reached: boolean;
}

/**
 * The rate that should bring an index read at `rate` to `target`. The index is taken to scale
 * with 1 / rate (close, not exact: hence the check and the one recalibration). Never below 1
 * (Chromium cannot speed a CPU up), and to the hundredth, as Chromium's throttling keeps it.
 */
export function rateFor(reading: IndexReading, target: number): number {
  if (!(reading.index > 0) || !(reading.rate >= 1) || !(target > 0)) {
    throw new Error(`cannot calibrate from index ${reading.index} at rate ${reading.rate} to ${target}`);
  }
  return Math.max(1, Math.round(((reading.rate * reading.index) / target) * 100) / 100);
}

/** How far `index` is from `target`, as a signed fraction of it (-0.2: 20 % slower than the target). */
export function offTarget(index: number, target: number): number {
  return (index - target) / target;
}

export function withinTolerance(index: number, target: number, tolerance = CALIBRATION_TOLERANCE): boolean {
  return Math.abs(offTarget(index, target)) <= tolerance;
}

/**
 * Measures the index at full speed, sets the rate it implies and measures again; a reading more
 * than `tolerance` off the target is corrected once from that reading. `indexAt(rate)` measures
 * the index with the CPU slowed `rate` times.
 */
export async function calibrate(
  indexAt: (rate: number) => Promise<number>,
  target = LOW_TIER_PHONE_INDEX,
  tolerance = CALIBRATION_TOLERANCE,
): Promise<Calibration> {
  const unthrottled = await indexAt(1);
  const readings: IndexReading[] = [];
  let rate = rateFor({ rate: 1, index: unthrottled }, target);
  readings.push({ rate, index: await indexAt(rate) });
  if (!withinTolerance(readings[0]!.index, target, tolerance)) {
    rate = rateFor(readings[0]!, target);
    readings.push({ rate, index: await indexAt(rate) });
  }
  const { index } = readings.at(-1)!;
  return { target, tolerance, unthrottled, readings, rate, index, reached: withinTolerance(index, target, tolerance) };
}

const percent = (fraction: number) => `${fraction >= 0 ? '+' : ''}${Math.round(fraction * 100)} %`;

/** One line: the index at 1x, each rate and the index it gave, and whether the target was reached. */
export function describeCalibration(calibration: Calibration): string {
  const steps = calibration.readings.map((reading) => `rate ${reading.rate} → index ${Math.round(reading.index)} (${percent(offTarget(reading.index, calibration.target))})`);
  const verdict = calibration.reached
    ? `within ${Math.round(calibration.tolerance * 100)} % of ${calibration.target}`
    : `still more than ${Math.round(calibration.tolerance * 100)} % off ${calibration.target} after recalibrating: the CPU-slowed figures are unreliable`;
  return `index ${Math.round(calibration.unthrottled)} at 1x; ${steps.join('; recalibrated: ')}; ${verdict}`;
}

/** Why the CPU-slowed figures of an off-target calibration cannot be judged; undefined when they can. */
export function unreliableReason(calibration: Calibration): string | undefined {
  if (calibration.reached) return undefined;
  const weak = calibration.rate === 1 && calibration.index < calibration.target ? ', this machine is slower than the phone at full speed' : '';
  return `CPU index ${Math.round(calibration.index)} at rate ${calibration.rate}, ${percent(offTarget(calibration.index, calibration.target))} off the target ${calibration.target}${weak}`;
}

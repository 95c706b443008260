/** Small statistics over samples; every function expects at least one sample. */

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new Error('No samples to summarise');
  return [...values].sort((a, b) => a - b);
}

/** The p-th percentile (0..100) by the nearest-rank method, so it is always a measured value. */
export function percentile(values: readonly number[], p: number): number {
  const ordered = sorted(values);
  const rank = Math.ceil((p / 100) * ordered.length);
  return ordered[Math.min(ordered.length, Math.max(1, rank)) - 1]!;
}

export function median(values: readonly number[]): number {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
}

export function max(values: readonly number[]): number {
  return sorted(values).at(-1)!;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

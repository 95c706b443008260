/**
 * "540 rows/s · about 16 s left": the pace of a long transfer (an import, an export) from
 * how much is done in how much working time (pauses left out), once there is enough to say.
 */
export function describeRate({ done, total, elapsedMs, unit }: { done: number; total: number; elapsedMs: number; unit: string }): string {
  if (done === 0 || elapsedMs < 500) return 'Measuring speed…';
  const perSecond = (done / elapsedMs) * 1000;
  const rate = `${perSecond >= 10 ? Math.round(perSecond).toLocaleString('en-US') : perSecond.toFixed(1)} ${unit}/s`;
  if (done >= total) return rate;
  return `${rate} · about ${durationText((total - done) / perSecond)} left`;
}

/** 7 s, 2 min 5 s, 1 h 3 min. */
export function durationText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

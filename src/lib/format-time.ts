/** A moment the server gives as milliseconds since the epoch, in the reader's own words. */
export function formatTime(milliseconds: number | null): string {
  if (milliseconds === null) return 'Never';
  return new Date(milliseconds).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long before `now` a moment was ("3 minutes ago", "yesterday"), in the largest unit that
 * fits: beside an absolute time it answers "how recent?" at a glance. Under a minute is "now",
 * and a moment after `now` (clocks a little apart) is "now" too rather than "in 2 seconds".
 */
export function formatTimeAgo(milliseconds: number, now: number, locale?: string): string {
  const seconds = Math.max(0, Math.round((now - milliseconds) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

let readerFormat: Intl.DateTimeFormat | undefined;

/**
 * The reader's date and time format, made once. The first one a page makes costs about 25 ms
 * (the engine loads the locale's data and builds its patterns: a task of 130 ms on
 * Lighthouse's phone, in the settings page's first render), each one after it a tenth of a
 * millisecond, and `toLocaleString` made one per call (the Activity table formats 100).
 */
function readerDateTime(): Intl.DateTimeFormat {
  readerFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return readerFormat;
}

/**
 * Makes the format in a task of its own, for a page that will show a time: src/boot.ts calls
 * it once the page's requests have left, so the cost falls in the wait for its code and data
 * instead of in its first render. Not at an idle moment: a page loading its chunks has none
 * before that render.
 */
export function prepareTimeFormat(): void {
  setTimeout(readerDateTime, 0);
}

/** A moment the server gives as milliseconds since the epoch, in the reader's own words. */
export function formatTime(milliseconds: number | null): string {
  if (milliseconds === null) return 'Never';
  return readerDateTime().format(milliseconds);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>();

/** "3 minutes ago" in `locale` (the reader's when none), made once per locale as the format above: 100 rows made 100 (2.8 ms against 0.2). */
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/**
 * How long before `now` a moment was ("3 minutes ago", "yesterday"), in the largest unit that
 * fits: beside an absolute time it answers "how recent?" at a glance. Under a minute is "now",
 * and a moment after `now` (clocks a little apart) is "now" too rather than "in 2 seconds".
 */
export function formatTimeAgo(milliseconds: number, now: number, locale?: string): string {
  const seconds = Math.max(0, Math.round((now - milliseconds) / 1000));
  const format = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime, formatTimeAgo } from './format-time';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const ago = (seconds: number) => formatTimeAgo(NOW - seconds * 1000, NOW, 'en');

describe('formatTimeAgo', () => {
  it('says how long ago in the largest unit that fits', () => {
    expect(ago(0)).toBe('now');
    expect(ago(59)).toBe('now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(3 * 60 + 20)).toBe('3 minutes ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(24 * 3600)).toBe('yesterday');
    expect(ago(3 * 24 * 3600)).toBe('3 days ago');
    expect(ago(14 * 24 * 3600)).toBe('2 weeks ago');
    expect(ago(65 * 24 * 3600)).toBe('2 months ago');
    expect(ago(400 * 24 * 3600)).toBe('last year');
  });

  it('reads a moment a little ahead of the clock as now', () => {
    expect(ago(-5)).toBe('now');
  });

  it('makes its format once per locale, not once per moment', () => {
    ago(60);
    const made = vi.spyOn(Intl, 'RelativeTimeFormat');
    for (let row = 0; row < 100; row++) ago(row * 60);
    expect(made).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    // Another locale gets a format of its own.
    expect(formatTimeAgo(NOW - 120_000, NOW, 'de')).toBe('vor 2 Minuten');
    expect(ago(120)).toBe('2 minutes ago');
  });
});

describe('formatTime', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes a moment in the reader's date and time format, and Never for none", () => {
    const moment = Date.UTC(2026, 10, 29, 2, 30);
    expect(formatTime(moment)).toBe(new Date(moment).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatTime(null)).toBe('Never');
  });

  it('makes its format once, not once per moment (a table formats a hundred)', () => {
    formatTime(NOW);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // toLocaleString makes a format inside the engine, where the spy above cannot see it.
    const perCall = vi.spyOn(Date.prototype, 'toLocaleString');
    for (let row = 0; row < 100; row++) formatTime(NOW - row * 60_000);
    expect(made).not.toHaveBeenCalled();
    expect(perCall).not.toHaveBeenCalled();
  });
});

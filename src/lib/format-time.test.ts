import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time';

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
});

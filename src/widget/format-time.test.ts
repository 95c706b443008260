import { describe, expect, it } from 'vitest';
import { timeFormatter } from './format-time';

const NOON_UTC = Date.UTC(2026, 0, 15, 12, 0);

describe('timeFormatter', () => {
  it('shows times in the chatbot\'s TimeZone', () => {
    expect(timeFormatter('America/Chicago').resolvedOptions().timeZone).toBe('America/Chicago');
    expect(timeFormatter('Asia/Tokyo').formatToParts(NOON_UTC).find((part) => part.type === 'hour')?.value).toBe('9');
  });

  it('falls back to the visitor\'s zone for an empty or unknown TimeZone', () => {
    const visitorZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeFormatter('').resolvedOptions().timeZone).toBe(visitorZone);
    expect(timeFormatter('Mars/Olympus').resolvedOptions().timeZone).toBe(visitorZone);
  });

  it('makes a formatter once for a zone asked for again and again (a redraw per keystroke)', () => {
    const first = timeFormatter('Europe/Paris');
    expect(timeFormatter('Europe/Paris')).toBe(first);
    expect(timeFormatter('Asia/Tokyo').resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });
});

import { describe, expect, it } from 'vitest';
import { timeFormatter } from './format-time';
import { colourPair } from './readable-colors';

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
});

describe('colourPair', () => {
  it('writes dark text on light colours and light text on dark ones', () => {
    expect(colourPair('rgb(255,255,255)', 'rgb(0,0,0)')).toEqual({ background: 'rgb(255,255,255)', text: '#000' });
    expect(colourPair('rgb(34,139,230)', 'rgb(0,0,0)')).toEqual({ background: 'rgb(34,139,230)', text: '#000' });
    expect(colourPair('rgb(25,113,194)', 'rgb(0,0,0)').text).toBe('#fff');
  });

  it('uses the fallback for a value that is not a colour yet', () => {
    expect(colourPair('rgb(300,0,0)', 'rgb(1,2,3)').background).toBe('rgb(1,2,3)');
    expect(colourPair('#12', 'rgb(1,2,3)').background).toBe('rgb(1,2,3)');
  });
});

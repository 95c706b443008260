import { describe, expect, it } from 'vitest';
import { MIN_SCORE_LEAD, scoreLead } from './score-lead';

describe('scoreLead', () => {
  it('is our median score minus the peer median', () => {
    expect(scoreLead([92, 95, 90], [70, 88, 71])).toBe(21);
  });

  it('is no lead when the scores are level, and negative when the peer is above', () => {
    expect(scoreLead([90], [90])).toBeLessThan(MIN_SCORE_LEAD);
    expect(scoreLead([80, 82], [90, 91])).toBe(-9.5);
  });

  it('refuses a comparison without runs of both pages', () => {
    expect(() => scoreLead([], [90])).toThrow(/runs of both/);
  });
});

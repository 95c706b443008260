import { describeRate, durationText } from './transfer-rate';

describe('describeRate', () => {
  it('says rows per second and the time left once there is something to measure', () => {
    expect(describeRate({ done: 0, total: 100, elapsedMs: 2000, unit: 'rows' })).toBe('Measuring speed…');
    expect(describeRate({ done: 1000, total: 10_000, elapsedMs: 2000, unit: 'rows' })).toBe('500 rows/s · about 18 s left');
    expect(describeRate({ done: 3, total: 100, elapsedMs: 2000, unit: 'rows' })).toBe('1.5 rows/s · about 1 min 5 s left');
    expect(describeRate({ done: 100, total: 100, elapsedMs: 2000, unit: 'rows' })).toBe('50 rows/s');
  });

  it('writes long durations in minutes and hours', () => {
    expect(durationText(0.2)).toBe('1 s');
    expect(durationText(125)).toBe('2 min 5 s');
    expect(durationText(3780)).toBe('1 h 3 min');
  });
});

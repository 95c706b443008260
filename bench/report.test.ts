import { describe, expect, it } from 'vitest';
import { atMost, figure, formatLine, unmeasured, unreliable, verdictOf } from './report';

describe('verdictOf', () => {
  const budget = atMost(150, 'ms');

  it('passes, fails, informs, and fails a budgeted figure that was not measured', () => {
    expect(verdictOf(figure('launcher', 120, 'ms', budget))).toBe('PASS');
    expect(verdictOf(figure('launcher', 180, 'ms', budget))).toBe('FAIL');
    expect(verdictOf(figure('index', 264, ''))).toBe('INFO');
    expect(verdictOf(unmeasured('launcher', 'ms', budget, 'not measured'))).toBe('FAIL');
  });

  it('neither passes nor fails an unreliable figure, whichever side of its budget it fell', () => {
    for (const value of [120, 180]) {
      const item = unreliable(figure('launcher', value, 'ms', budget), 'CPU index 400, +52 % off the target 264');
      expect(verdictOf(item)).toBe('UNRELIABLE');
      expect(item.pass).toBeNull();
      expect(item.value).toBe(value);
    }
  });

  it('prints the verdict and the reason beside the figure', () => {
    const line = formatLine(unreliable(figure('launcher', 180, 'ms', budget, { note: 'includes the settings request' }), 'CPU off target'));
    expect(line).toMatch(/180 ms {2}budget <= 150 ms +UNRELIABLE {2}\(unreliable: CPU off target; includes the settings request\)$/);
  });
});

import { describe, expect, it } from 'vitest';
import type { SendRun } from './measure-send';
import { verdictOf } from './report';
import { sendFigureNames, sendFigures } from './send-figures';

const cost = (wallMs: number) => ({ wallMs, cpuMs: wallMs / 2, tasks: 2 });
const floor = { fullSpeed: [cost(3), cost(2), cost(4)], calibrated: [cost(40), cost(30), cost(35)] };

const run = (sendMs: number, settleMs: number): SendRun => ({
  send: { wallMs: sendMs, cpuMs: sendMs / 2, tasks: 2, keydownMs: sendMs * 0.75, frameMs: sendMs * 0.25 },
  settle: { wallMs: settleMs, cpuMs: settleMs / 2, tasks: 9 },
});

describe('sendFigures', () => {
  const label = 'CPU calibrated to a low-tier phone';

  it('holds the send at the calibrated rate to a frame, the rest for information, each the median of its runs', () => {
    const [send, sendSlowed, floorSend, floorSlowed, settle, settleSlowed] = sendFigures(label, 6.5, [run(4, 20), run(6, 30), run(5, 25)], [run(12, 90), run(15, 80), run(14, 70)], floor);
    expect([send!.value, send!.runs, verdictOf(send!)]).toEqual([5, [4, 6, 5], 'INFO']);
    expect([sendSlowed!.value, sendSlowed!.runs, verdictOf(sendSlowed!)]).toEqual([14, [12, 15, 14], 'PASS']);
    expect(sendSlowed!.note).toBe('at 6.5x; CPU 7 ms; the keydown\'s task 10.5 ms, the first frame\'s rendering 3.5 ms, 2 tasks in all (medians)');
    expect([floorSend!.value, floorSend!.runs, verdictOf(floorSend!)]).toEqual([3, [3, 2, 4], 'INFO']);
    expect([floorSlowed!.value, floorSlowed!.runs, verdictOf(floorSlowed!)]).toEqual([35, [40, 30, 35], 'INFO']);
    expect(floorSlowed!.note).toBe("at 6.5x; CPU 17.5 ms (median); the send's budget: <= 16 ms");
    expect([settle!.value, verdictOf(settle!)]).toEqual([25, 'INFO']);
    expect([settleSlowed!.value, verdictOf(settleSlowed!)]).toEqual([80, 'INFO']);
  });

  it('fails a send over 16 ms at the calibrated rate', () => {
    const [, sendSlowed] = sendFigures(label, 6.5, [run(4, 20)], [run(16.5, 90)], floor);
    expect(verdictOf(sendSlowed!)).toBe('FAIL');
  });

  it('names its figures as attempt() is told them', () => {
    const figures = sendFigures(label, 6.5, [run(4, 20)], [run(12, 90)], floor);
    expect(figures.map((item) => [item.name, item.budget])).toEqual(sendFigureNames(label).map(([name, , budget]) => [name, budget?.budget]));
  });
});

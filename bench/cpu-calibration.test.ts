import { describe, expect, it } from 'vitest';
import { calibrate, describeCalibration, LOW_TIER_PHONE_INDEX, rateFor, unreliableReason, withinTolerance } from './cpu-calibration';

/** A CPU whose index at `rate` is `fullSpeed / rate` times `skew(rate)`, recording the rates asked for. */
function fakeCpu(fullSpeed: number, skew: (rate: number) => number = () => 1) {
  const rates: number[] = [];
  return {
    rates,
    indexAt: (rate: number) => {
      rates.push(rate);
      return Promise.resolve((fullSpeed / rate) * skew(rate));
    },
  };
}

describe('rateFor', () => {
  it('slows a CPU by its index over the target', () => {
    expect(rateFor({ rate: 1, index: 1584 }, 264)).toBe(6);
  });

  it('corrects from a reading at a rate already set', () => {
    // 330 at rate 5 is 25 % fast: 25 % more slowdown.
    expect(rateFor({ rate: 5, index: 330 }, 264)).toBe(6.25);
  });

  it('keeps the hundredth Chromium keeps', () => {
    expect(rateFor({ rate: 1, index: 1000 }, 264)).toBe(3.79);
  });

  it('never asks for less than full speed', () => {
    expect(rateFor({ rate: 1, index: 200 }, 264)).toBe(1);
  });

  it('refuses an index that is no reading', () => {
    expect(() => rateFor({ rate: 1, index: 0 }, 264)).toThrow(/cannot calibrate/);
    expect(() => rateFor({ rate: 1, index: Number.NaN }, 264)).toThrow(/cannot calibrate/);
  });
});

describe('withinTolerance', () => {
  it('takes 15 % either side of the target, and no more', () => {
    expect(withinTolerance(264 * 1.15, 264)).toBe(true);
    expect(withinTolerance(264 * 0.85, 264)).toBe(true);
    expect(withinTolerance(264 * 1.16, 264)).toBe(false);
    expect(withinTolerance(264 * 0.84, 264)).toBe(false);
  });
});

describe('calibrate', () => {
  it('sets the rate from the full-speed index and stops when the index lands near the target', async () => {
    const cpu = fakeCpu(1800);
    const calibration = await calibrate(cpu.indexAt);
    expect(cpu.rates).toEqual([1, 6.82]);
    expect(calibration).toMatchObject({ unthrottled: 1800, rate: 6.82, reached: true, target: LOW_TIER_PHONE_INDEX });
    expect(calibration.readings).toHaveLength(1);
    expect(unreliableReason(calibration)).toBeUndefined();
  });

  it('recalibrates once from a reading more than 15 % off, and is reliable when that lands', async () => {
    // Slowing down costs this CPU less than the rate says: every slowed reading is 30 % fast.
    const cpu = fakeCpu(1800, (rate) => (rate === 1 ? 1 : 1.3));
    const calibration = await calibrate(cpu.indexAt);
    expect(cpu.rates).toEqual([1, 6.82, 8.86]);
    expect(calibration.rate).toBe(8.86);
    expect(calibration.reached).toBe(true);
    expect(unreliableReason(calibration)).toBeUndefined();
    expect(describeCalibration(calibration)).toBe('index 1800 at 1x; rate 6.82 → index 343 (+30 %); recalibrated: rate 8.86 → index 264 (+0 %); within 15 % of 264');
  });

  it('is unreliable when the recalibrated reading is still off, and does not try a third time', async () => {
    // A CPU the throttling does not reach: every rate reads the full-speed index.
    const cpu = fakeCpu(1800, (rate) => rate);
    const calibration = await calibrate(cpu.indexAt);
    expect(cpu.rates).toEqual([1, 6.82, 46.5]);
    expect(calibration.reached).toBe(false);
    expect(unreliableReason(calibration)).toBe('CPU index 1800 at rate 46.5, +582 % off the target 264');
    expect(describeCalibration(calibration)).toMatch(/after recalibrating: the CPU-slowed figures are unreliable$/);
  });

  it('says so when the machine is slower than the phone at full speed', async () => {
    const cpu = fakeCpu(150);
    const calibration = await calibrate(cpu.indexAt);
    expect(cpu.rates).toEqual([1, 1, 1]);
    expect(calibration.reached).toBe(false);
    expect(unreliableReason(calibration)).toMatch(/slower than the phone at full speed/);
  });
});

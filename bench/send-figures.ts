import type { SendRun } from './measure-send';
import { atMost, figure, type Budget, type Figure } from './report';
import type { TaskCost } from './send-trace';
import { median, round } from './stats';

/*
 * The send section's figures (bench/measure-send.ts): the main-thread time of sending a
 * question and of settling its answer, at full speed and at the calibrated slowdown, each the
 * median of its runs. Wall time: the calibrated rate is set from a wall-clock index, so the
 * slowed figures are that phone's time; each task's CPU time is in the note.
 */

/** A frame at 60 Hz: a send within it never makes a low-tier phone drop one for a question. */
export const sendBudget = atMost(16, 'ms');

export function sendFigureNames(calibratedLabel: string): [name: string, unit: string, budget?: Budget][] {
  return [
    ['Send a question: main thread at 1x', 'ms'],
    [`Send a question: main thread (${calibratedLabel})`, 'ms', sendBudget],
    ['Send floor, a page with no framework: main thread at 1x', 'ms'],
    [`Send floor, a page with no framework: main thread (${calibratedLabel})`, 'ms'],
    ['Settled answer: main thread at 1x', 'ms'],
    [`Settled answer: main thread (${calibratedLabel})`, 'ms'],
  ];
}

const wall = (costs: readonly TaskCost[]) => costs.map((cost) => round(cost.wallMs, 1));
const medianCpu = (costs: readonly TaskCost[]) => round(median(costs.map((cost) => cost.cpuMs)), 1);
const medianTasks = (costs: readonly TaskCost[]) => median(costs.map((cost) => cost.tasks));

function sendNote(runs: readonly SendRun[]): string {
  const sends = runs.map((run) => run.send);
  return (
    `CPU ${medianCpu(sends)} ms; the keydown's task ${round(median(sends.map((send) => send.keydownMs)), 1)} ms, ` +
    `the first frame's rendering ${round(median(sends.map((send) => send.frameMs)), 1)} ms, ${medianTasks(sends)} tasks in all (medians)`
  );
}

function settleNote(runs: readonly SendRun[]): string {
  const settles = runs.map((run) => run.settle);
  return `CPU ${medianCpu(settles)} ms; ${medianTasks(settles)} tasks from the frame after the final chunk to the last paint (medians)`;
}

/** The bare page's sends (measureBareSend), at 1x and at the calibrated rate, in the order measured. */
export interface SendFloor {
  fullSpeed: readonly TaskCost[];
  calibrated: readonly TaskCost[];
}

/**
 * `fullSpeed` and `calibrated`: the runs at 1x and at `rate`, in the order measured; `floor`, the
 * bare page's, measured beside them: what the browser's input handling and one frame cost any
 * page, printed beside ours for information.
 */
export function sendFigures(calibratedLabel: string, rate: number, fullSpeed: readonly SendRun[], calibrated: readonly SendRun[], floor: SendFloor): Figure[] {
  const [sendName, sendSlowedName, floorName, floorSlowedName, settleName, settleSlowedName] = sendFigureNames(calibratedLabel).map(([name]) => name) as [string, string, string, string, string, string];
  const figureOf = (name: string, costs: TaskCost[], note: string, budget?: Budget) => {
    const runs = wall(costs);
    return figure(name, round(median(runs), 1), 'ms', budget, { runs, note });
  };
  return [
    figureOf(sendName, fullSpeed.map((run) => run.send), sendNote(fullSpeed)),
    figureOf(sendSlowedName, calibrated.map((run) => run.send), `at ${rate}x; ${sendNote(calibrated)}`, sendBudget),
    figureOf(floorName, [...floor.fullSpeed], `CPU ${medianCpu(floor.fullSpeed)} ms (median)`),
    figureOf(floorSlowedName, [...floor.calibrated], `at ${rate}x; CPU ${medianCpu(floor.calibrated)} ms (median); the send's budget: ${sendBudget.budget}`),
    figureOf(settleName, fullSpeed.map((run) => run.settle), settleNote(fullSpeed)),
    figureOf(settleSlowedName, calibrated.map((run) => run.settle), `at ${rate}x; ${settleNote(calibrated)}`),
  ];
}

import type { StreamRun } from './measure-browser';
import { atLeast, atMost, figure, type Budget, type Figure } from './report';
import { median, round } from './stats';

/*
 * Ours against a renderer peer on the same streamed answer (bench/peer/peer-page.tsx), run by
 * run in turn so that the machine's noise falls on both alike: each pair of runs gives a ratio,
 * and a figure is the median of its pairs' ratios, with each side's own medians in its note.
 */

/** Ours takes at most half the peer's main-thread time, and paints no fewer frames. */
export const halfThePeer = atMost(0.5, 'x');
export const noFewerFrames = atLeast(1, 'x');

/** Per pair of runs (ours and the peer's, one after the other), ours divided by the peer's. */
export function pairRatios(ours: readonly number[], peer: readonly number[]): number[] {
  if (ours.length !== peer.length) throw new Error(`${ours.length} runs of ours against ${peer.length} of the peer: not pairs`);
  return ours.map((value, index) => round(value / peer[index]!, 2));
}

export const medianRatio = (ratios: readonly number[]) => round(median(ratios), 2);

const medianOf = (runs: readonly StreamRun[], pick: (run: StreamRun) => number) => median(runs.map(pick));

/** A page's runs in one phrase: medians, and the long tasks of each run. */
export function describeRuns(runs: readonly StreamRun[]): string {
  return (
    `main thread ${round(medianOf(runs, (run) => run.mainThreadMs), 0)} ms, ${round(medianOf(runs, (run) => run.fps), 1)} fps, ` +
    `long tasks [${runs.map((run) => run.longTasks.length).join(', ')}], first chunk to last paint ${round(medianOf(runs, (run) => run.windowMs), 0)} ms, ` +
    `${medianOf(runs, (run) => run.chunkCount)} chunks, ${medianOf(runs, (run) => run.paintCount)} paints`
  );
}

/** What a comparison is named by: the peer, and the answer when it is not the 4,000-fragment one. */
export interface PeerComparison {
  peer: string;
  /** e.g. "Long Markdown answer"; undefined for the 4,000-fragment prose answer. */
  answer?: string;
}

/** The comparison's figures, for `attempt` (which names them unmeasured when it fails). */
export function peerComparisonNames({ peer, answer }: PeerComparison): [name: string, unit: string, budget?: Budget][] {
  const prefix = answer ? `${answer} (${peer})` : `Peer (${peer})`;
  return [
    [`${prefix}: main thread, ours / peer`, 'x', halfThePeer],
    [`${prefix}: frame rate, ours / peer`, 'x', noFewerFrames],
    [`${prefix}: main thread, our Markdown alone / peer`, 'x'],
  ];
}

/**
 * Ours against the peer on one answer: main-thread time (<= 0.5x) and frame rate (>= 1x), each
 * side's figures in the notes; and for information our Markdown alone on the peer's bare page
 * (`bare`, run beside them), the renderers compared without the rest of the chat page.
 */
export function peerComparisonFigures(comparison: PeerComparison, ours: readonly StreamRun[], peer: readonly StreamRun[], bare: readonly StreamRun[]): Figure[] {
  const [mainThreadName, frameRateName, bareName] = peerComparisonNames(comparison).map(([name]) => name) as [string, string, string];
  const mainThread = pairRatios(ours.map((run) => run.mainThreadMs), peer.map((run) => run.mainThreadMs));
  const bareMainThread = pairRatios(bare.map((run) => run.mainThreadMs), peer.map((run) => run.mainThreadMs));
  const frameRate = pairRatios(ours.map((run) => run.fps), peer.map((run) => run.fps));
  return [
    figure(mainThreadName, medianRatio(mainThread), 'x', halfThePeer, { runs: mainThread, note: `ours: ${describeRuns(ours)}; ${comparison.peer}: ${describeRuns(peer)}` }),
    figure(frameRateName, medianRatio(frameRate), 'x', noFewerFrames, {
      runs: frameRate,
      note: `ours ${round(medianOf(ours, (run) => run.fps), 1)} fps, ${comparison.peer} ${round(medianOf(peer, (run) => run.fps), 1)} fps (medians)`,
    }),
    figure(bareName, medianRatio(bareMainThread), 'x', undefined, { runs: bareMainThread, note: `our Markdown on the peer's bare page: ${describeRuns(bare)}` }),
  ];
}

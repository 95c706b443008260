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

/**
 * The comparison's figures, for `attempt` (which names them unmeasured when it fails). The
 * budgets compare renderers, not pages (#33, decision 1): our Markdown alone on the peer's own
 * bare page, fed by the same stream reader. Our whole chat page against the peer's bare page is
 * printed beside them for information.
 */
export function peerComparisonNames({ peer, answer }: PeerComparison): [name: string, unit: string, budget?: Budget][] {
  const prefix = answer ? `${answer} (${peer})` : `Peer (${peer})`;
  return [
    [`${prefix}: main thread, our Markdown / peer`, 'x', halfThePeer],
    [`${prefix}: frame rate, our Markdown / peer`, 'x', noFewerFrames],
    [`${prefix}: main thread, our whole chat page / peer`, 'x'],
    [`${prefix}: frame rate, our whole chat page / peer`, 'x'],
    [`${prefix}: main thread, the text with no Markdown / peer (the floor)`, 'x'],
  ];
}

/**
 * Our Markdown (`bare`: the renderer alone on the peer's bare page, run beside it) against the
 * peer on one answer: main-thread time (<= 0.5x) and frame rate (>= 1x), each side's figures in
 * the notes; and for information the same two ratios for our whole chat page (`chat`), and the
 * main-thread ratio of the text drawn with no Markdown at all (`plain`), the floor under any renderer.
 */
export function peerComparisonFigures(
  comparison: PeerComparison,
  chat: readonly StreamRun[],
  peer: readonly StreamRun[],
  bare: readonly StreamRun[],
  plain: readonly StreamRun[],
): Figure[] {
  const [mainThreadName, frameRateName, chatMainThreadName, chatFrameRateName, floorName] = peerComparisonNames(comparison).map(([name]) => name) as [string, string, string, string, string];
  const mainThreadRatios = (ours: readonly StreamRun[]) => pairRatios(ours.map((run) => run.mainThreadMs), peer.map((run) => run.mainThreadMs));
  const frameRateRatios = (ours: readonly StreamRun[]) => pairRatios(ours.map((run) => run.fps), peer.map((run) => run.fps));
  const fpsNote = (ours: readonly StreamRun[]) => `ours ${round(medianOf(ours, (run) => run.fps), 1)} fps, ${comparison.peer} ${round(medianOf(peer, (run) => run.fps), 1)} fps (medians)`;
  const [mainThread, frameRate] = [mainThreadRatios(bare), frameRateRatios(bare)];
  const [chatMainThread, chatFrameRate] = [mainThreadRatios(chat), frameRateRatios(chat)];
  const floor = mainThreadRatios(plain);
  return [
    figure(mainThreadName, medianRatio(mainThread), 'x', halfThePeer, { runs: mainThread, note: `our Markdown on the peer's bare page: ${describeRuns(bare)}; ${comparison.peer}: ${describeRuns(peer)}` }),
    figure(frameRateName, medianRatio(frameRate), 'x', noFewerFrames, { runs: frameRate, note: fpsNote(bare) }),
    figure(chatMainThreadName, medianRatio(chatMainThread), 'x', undefined, { runs: chatMainThread, note: `our chat page (store, transcript, session list): ${describeRuns(chat)}` }),
    figure(chatFrameRateName, medianRatio(chatFrameRate), 'x', undefined, { runs: chatFrameRate, note: fpsNote(chat) }),
    // No Markdown renderer on this page can take less than this: what its main-thread budget asks is within reach only below it.
    figure(floorName, medianRatio(floor), 'x', undefined, { runs: floor, note: `the text in one element, no Markdown: ${describeRuns(plain)}` }),
  ];
}

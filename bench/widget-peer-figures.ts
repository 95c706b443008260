import type { LauncherPaint } from './measure-widget';
import { halfThePeer, medianRatio, pairRatios } from './renderer-peer';
import { atMost, figure, type Budget, type Figure } from './report';
import { median, round } from './stats';

/*
 * Our widget against flowise-embed's bubble (bench/flowise-peer.ts): the launcher's paint, run by
 * run in turn on the same test page, as a median of per-pair ratios (as the renderer peers are
 * compared, bench/renderer-peer.ts), and the scripts' gzipped sizes.
 */

/** Our script at most a quarter of the peer's, gzipped. */
export const quarterOfThePeer = atMost(0.25, 'x');

const PEER = 'flowise-embed';

/** The comparison's figures, for `attempt` (which names them unmeasured when it fails); `cpu` names the calibrated rate. */
export function widgetPeerFigureNames(cpu: string): [name: string, unit: string, budget?: Budget][] {
  return [
    [`Widget vs ${PEER}: launcher painted, ours / peer (${cpu})`, 'x', halfThePeer],
    [`Widget vs ${PEER}: launcher painted, ours`, 'ms'],
    [`Widget vs ${PEER}: launcher painted, ${PEER}`, 'ms'],
    [`Widget vs ${PEER}: script gzipped, ours / peer`, 'x', quarterOfThePeer],
    [`Widget vs ${PEER}: script gzipped, ${PEER}`, 'KB'],
  ];
}

/** Each side's launcher paints, pair by pair (measureLauncherSinceDocument). */
export interface WidgetPeerRuns {
  ours: LauncherPaint[];
  peer: LauncherPaint[];
}

export interface ScriptSizesOfBoth {
  oursBytes: number;
  peerBytes: number;
  /** What each side's size counts, for the note. */
  describe: string;
}

const kilobytes = (bytes: number) => round(bytes / 1024, 1);

/**
 * The timed figures (for the caller to mark as timed on the calibrated CPU) and the size
 * figures; `context` joins the paint ratio's note (load average, what the peer asked its server).
 */
export function widgetPeerFigures(cpu: string, runs: WidgetPeerRuns, sizes: ScriptSizesOfBoth, context: string): { timed: Figure[]; sizes: Figure[] } {
  const [ratioName, oursName, peerName, sizeRatioName, peerSizeName] = widgetPeerFigureNames(cpu).map(([name]) => name) as [string, string, string, string, string];
  const painted = (side: readonly LauncherPaint[]) => side.map((run) => round(run.paintedMs, 0));
  const scriptIn = (side: readonly LauncherPaint[]) => `script received at ${round(median(side.map((run) => run.scriptMs)), 0)} ms (median)`;
  const ours = painted(runs.ours);
  const peer = painted(runs.peer);
  const ratios = pairRatios(runs.ours.map((run) => run.paintedMs), runs.peer.map((run) => run.paintedMs));
  const sizeRatio = pairRatios([sizes.oursBytes], [sizes.peerBytes])[0]!;
  return {
    timed: [
      figure(ratioName, medianRatio(ratios), 'x', halfThePeer, {
        runs: ratios,
        note: `ours ${round(median(ours), 0)} ms, ${PEER} ${round(median(peer), 0)} ms (medians, document received to launcher painted); ${context}`,
      }),
      figure(oursName, round(median(ours), 0), 'ms', undefined, { runs: ours, note: scriptIn(runs.ours) }),
      figure(peerName, round(median(peer), 0), 'ms', undefined, { runs: peer, note: scriptIn(runs.peer) }),
    ],
    sizes: [
      figure(sizeRatioName, sizeRatio, 'x', quarterOfThePeer, { note: `ours ${kilobytes(sizes.oursBytes)} KB, ${PEER} ${kilobytes(sizes.peerBytes)} KB; ${sizes.describe}` }),
      figure(peerSizeName, kilobytes(sizes.peerBytes), 'KB'),
    ],
  };
}

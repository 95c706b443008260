import { median } from './stats';

/**
 * How far our page's Lighthouse score is above the peer's in the same run: the median of our
 * runs minus the median of the peer's, in points. Scores are whole numbers, so "above" is a lead
 * of at least 1; an equal score is no lead.
 */
export function scoreLead(ours: readonly number[], peer: readonly number[]): number {
  if (ours.length === 0 || peer.length === 0) throw new Error('a score lead needs runs of both pages');
  return median(ours) - median(peer);
}

/** The budget a lead is held to: above, never level with, the peer. */
export const MIN_SCORE_LEAD = 1;

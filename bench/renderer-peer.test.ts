import { describe, expect, it } from 'vitest';
import type { StreamRun } from './measure-browser';
import { pairRatios, peerComparisonFigures, peerComparisonNames } from './renderer-peer';
import { verdictOf } from './report';

/** A run with the two values the comparison reads; the rest as a quiet run has them. */
function run(mainThreadMs: number, fps: number): StreamRun {
  return {
    fragments: 4000,
    longTasks: [],
    longFrames: [],
    fps,
    longestFrameMs: 17,
    windowMs: 100,
    chunkCount: 5,
    paintCount: 4,
    delays: [],
    nextFrameShare: 1,
    frameToPaint: [],
    mainThreadMs,
  };
}

describe('pairRatios', () => {
  it('divides each run of ours by the peer run beside it', () => {
    expect(pairRatios([50, 90, 30], [100, 100, 200])).toEqual([0.5, 0.9, 0.15]);
  });

  it('refuses runs that do not pair up', () => {
    expect(() => pairRatios([50, 60], [100])).toThrow(/not pairs/);
  });
});

describe('peerComparisonFigures', () => {
  const comparison = { peer: 'react-markdown', answer: 'Long Markdown answer' };

  it('judges our Markdown alone on the peer\'s page, the median of the pairs, against half the main thread and as many frames', () => {
    const [mainThread, frameRate, chatMainThread, chatFrameRate, floor] = peerComparisonFigures(
      comparison,
      [run(80, 30), run(90, 30), run(95, 30)],
      [run(100, 50), run(100, 60), run(100, 40)],
      [run(40, 60), run(45, 58), run(90, 59)],
      [run(30, 60), run(35, 60), run(25, 60)],
    );
    expect(mainThread!.name).toBe('Long Markdown answer (react-markdown): main thread, our Markdown / peer');
    expect(mainThread!.runs).toEqual([0.4, 0.45, 0.9]);
    expect(mainThread!.value).toBe(0.45);
    expect(verdictOf(mainThread!)).toBe('PASS');
    expect(mainThread!.note).toMatch(/^our Markdown on the peer's bare page: main thread 45 ms, .*; react-markdown: main thread 100 ms, /);
    expect(frameRate!.runs).toEqual([1.2, 0.97, 1.48]);
    expect(frameRate!.value).toBe(1.2);
    expect(verdictOf(frameRate!)).toBe('PASS');
    expect(frameRate!.note).toBe('ours 59 fps, react-markdown 50 fps (medians)');
    // The whole chat page, slower here on purpose: information, never a verdict.
    expect([chatMainThread!.name, chatMainThread!.value, chatMainThread!.runs, verdictOf(chatMainThread!)]).toEqual([
      'Long Markdown answer (react-markdown): main thread, our whole chat page / peer',
      0.9,
      [0.8, 0.9, 0.95],
      'INFO',
    ]);
    expect([chatFrameRate!.value, verdictOf(chatFrameRate!)]).toEqual([0.6, 'INFO']);
    expect([floor!.name, floor!.value, floor!.runs, verdictOf(floor!)]).toEqual([
      'Long Markdown answer (react-markdown): main thread, the text with no Markdown / peer (the floor)',
      0.3,
      [0.3, 0.35, 0.25],
      'INFO',
    ]);
  });

  it('fails our Markdown when it takes more than half the peer\'s time or paints fewer frames, however the chat page does', () => {
    const [mainThread, frameRate] = peerComparisonFigures({ peer: 'react-markdown' }, [run(10, 90), run(10, 90)], [run(100, 60), run(100, 60)], [run(60, 50), run(70, 50)], [run(20, 60), run(20, 60)]);
    expect(mainThread!.name).toBe('Peer (react-markdown): main thread, our Markdown / peer');
    expect(verdictOf(mainThread!)).toBe('FAIL');
    expect(verdictOf(frameRate!)).toBe('FAIL');
  });

  it('names its figures as attempt() is told them', () => {
    const figures = peerComparisonFigures(comparison, [run(40, 60)], [run(100, 60)], [run(20, 60)], [run(10, 60)]);
    expect(figures.map((item) => [item.name, item.unit, item.budget])).toEqual(peerComparisonNames(comparison).map(([name, unit, budget]) => [name, unit, budget?.budget]));
  });
});

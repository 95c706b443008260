import { describe, expect, it } from 'vitest';
import { testPageHtml } from '../server/widget/test-page';
import { flowiseApiAnswer, flowisePageHtml } from './flowise-peer';
import { verdictOf } from './report';
import { widgetPeerFigureNames, widgetPeerFigures } from './widget-peer-figures';

const CPU = 'CPU calibrated to a low-tier phone';
/** Runs painted at these times, each script received a tenth of the way. */
const paints = (...times: number[]) => times.map((paintedMs) => ({ paintedMs, scriptMs: paintedMs / 10 }));
const ourPage = testPageHtml('bench-settings', 'http://127.0.0.1:4321');

describe('flowisePageHtml', () => {
  const page = flowisePageHtml(ourPage, 'bench-settings');

  it("puts flowise-embed's embed where ours was, and nothing else changes", () => {
    expect(page).not.toMatch(/<script src=/);
    expect(page).toContain('import Chatbot from "./web.js";');
    expect(page).toContain('Chatbot.init({ chatflowid: "bench-settings", apiHost: location.origin });');
    const [before, after] = ourPage.split(/<script src="[^"]*" data-chatbot="[^"]*" async><\/script>/);
    expect(page.startsWith(before!)).toBe(true);
    expect(page.endsWith(after!)).toBe(true);
  });

  it('keeps an id from closing the script', () => {
    expect(flowisePageHtml(ourPage, 'a</script><b>')).toContain('"a\\u003c/script>\\u003cb>"');
  });

  it('refuses a page whose embed it cannot find', () => {
    expect(() => flowisePageHtml('<html><body></body></html>', 'x')).toThrow(/0 widget embeds/);
  });
});

describe('flowiseApiAnswer', () => {
  it("answers the bubble's config reads with the least JSON it accepts", () => {
    expect(flowiseApiAnswer('/api/v1/public-chatbotConfig/bench-settings')).toEqual({});
    expect(flowiseApiAnswer('/api/v1/chatflows-streaming/bench-settings')).toEqual({ isStreaming: false });
  });

  it('answers nothing else', () => {
    expect(flowiseApiAnswer('/api/v1/prediction/bench-settings')).toBeUndefined();
    expect(flowiseApiAnswer('/api/v1/public-chatbotConfig/a/b')).toBeUndefined();
  });
});

describe('widgetPeerFigures', () => {
  const sizes = { oursBytes: 12_800, peerBytes: 320_000, describe: 'both gzipped' };

  it('takes the median of the per-pair ratios, each side in its own figure', () => {
    const { timed } = widgetPeerFigures(CPU, { ours: paints(100, 300, 120), peer: paints(400, 400, 200) }, sizes, 'load average 3');
    expect(timed.map((item) => item.value)).toEqual([0.6, 120, 400]);
    expect(timed[0]!.runs).toEqual([0.25, 0.75, 0.6]);
    expect(timed[0]!.note).toBe('ours 120 ms, flowise-embed 400 ms (medians, document received to launcher painted); load average 3');
    expect(timed.map(verdictOf)).toEqual(['FAIL', 'INFO', 'INFO']);
    expect(timed.slice(1).map((item) => item.note)).toEqual(['script received at 12 ms (median)', 'script received at 40 ms (median)']);
  });

  it('holds the paint to half the peer and the script to a quarter', () => {
    const { timed, sizes: sizeFigures } = widgetPeerFigures(CPU, { ours: paints(100, 90), peer: paints(200, 200) }, sizes, '');
    expect(verdictOf(timed[0]!)).toBe('PASS');
    expect(sizeFigures.map((item) => [item.value, verdictOf(item)])).toEqual([[0.04, 'PASS'], [312.5, 'INFO']]);
    const heavy = widgetPeerFigures(CPU, { ours: paints(1), peer: paints(1) }, { ...sizes, oursBytes: 96_000 }, '').sizes[0]!;
    expect([heavy.value, verdictOf(heavy)]).toEqual([0.3, 'FAIL']);
  });

  it('names its figures as attempt is told them', () => {
    const { timed, sizes: sizeFigures } = widgetPeerFigures(CPU, { ours: paints(1), peer: paints(2) }, sizes, '');
    expect([...timed, ...sizeFigures].map((item) => [item.name, item.unit, item.budget])).toEqual(
      widgetPeerFigureNames(CPU).map(([name, unit, budget]) => [name, unit, budget?.budget]),
    );
  });

  it('refuses runs that do not pair up', () => {
    expect(() => widgetPeerFigures(CPU, { ours: paints(1, 2), peer: paints(2) }, sizes, '')).toThrow(/not pairs/);
  });
});

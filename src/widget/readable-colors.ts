/**
 * Colours of the widget from the chatbot's settings (`rgb(r,g,b)`, checked by the contract):
 * the colour itself and black or white text, whichever reads better on it (WCAG relative
 * luminance; both contrasts are equal at L ≈ 0.179). The console's lib/rgb-color.ts does the
 * same with Mantine's helpers, which the widget cannot carry.
 */

const RGB = /^rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/;

function channel(value: number): number {
  const ratio = value / 255;
  return ratio <= 0.03928 ? ratio / 12.92 : ((ratio + 0.055) / 1.055) ** 2.4;
}

export interface ColourPair {
  background: string;
  text: '#000' | '#fff';
}

/** The colour and its readable text; `fallback` when the value is not `rgb(r,g,b)` (a half-typed draft). */
export function colourPair(value: string, fallback: string): ColourPair {
  const match = RGB.exec(value.replace(/\s+/g, '')) ?? RGB.exec(fallback)!;
  const [r, g, b] = match.slice(1).map(Number) as [number, number, number];
  if ([r, g, b].some((part) => part > 255)) return colourPair(fallback, fallback);
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return { background: `rgb(${r},${g},${b})`, text: luminance > 0.179 ? '#000' : '#fff' };
}

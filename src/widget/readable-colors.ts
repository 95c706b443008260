import { parseColor, readableTextColor, formatRgb } from '../lib/rgb-color';

/**
 * Colours of the widget from the chatbot's settings: the colour itself and black or white
 * text, whichever reads better on it. Parsing and contrast are the console's own
 * (lib/rgb-color.ts, on Mantine's colour functions), so the widget and the settings form
 * agree on every colour; a settings preview may hand it a half-typed draft, which is drawn
 * in any spelling the form accepts, or in `fallback` until it is a colour.
 */

export interface ColourPair {
  background: string;
  text: '#000' | '#fff';
}

/** The colour and its readable text; `fallback` (a valid `rgb(r,g,b)`) when the value is not a colour. */
export function colourPair(value: string, fallback: string): ColourPair {
  const rgb = parseColor(value) ?? parseColor(fallback)!;
  return { background: formatRgb(rgb), text: readableTextColor(rgb) };
}

import { RGB_PATTERN } from '../../api/contract';
import { readableTextColor } from '../../lib/rgb-color';

export interface BubbleColors {
  background: string;
  color: string;
}

/**
 * The chatbot's configured colour as a visitor sees it, with black or white text,
 * whichever reads better on it. Null when the setting is missing or not `rgb(r,g,b)`,
 * so the bubble keeps the theme's colours.
 */
export function bubbleColors(rgb: string | undefined): BubbleColors | null {
  const match = rgb ? RGB_PATTERN.exec(rgb) : null;
  if (!match) return null;
  const [r, g, b] = match.slice(1, 4).map(Number) as [number, number, number];
  if ([r, g, b].some((channel) => channel > 255)) return null;
  return { background: rgb!, color: readableTextColor({ r, g, b }) };
}

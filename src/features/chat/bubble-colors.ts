import { RGB_PATTERN } from '../../api/contract';

export interface BubbleColors {
  background: string;
  color: string;
}

/**
 * The chatbot's configured colour as a visitor sees it, with black or white text,
 * whichever reads better on it (WCAG relative luminance). Null when the setting is
 * missing or not `rgb(r,g,b)`, so the bubble keeps the theme's colours.
 */
export function bubbleColors(rgb: string | undefined): BubbleColors | null {
  const match = rgb ? RGB_PATTERN.exec(rgb) : null;
  if (!match) return null;
  const channels = match.slice(1, 4).map(Number);
  if (channels.some((channel) => channel > 255)) return null;
  const [r, g, b] = channels.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is (1.05)/(L+0.05), against black (L+0.05)/0.05; they cross at L ≈ 0.179.
  return { background: rgb!, color: luminance > 0.179 ? '#000' : '#fff' };
}

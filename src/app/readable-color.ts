import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2.1 AA for body text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/** WCAG's contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` itself when it reads on every one of `backgrounds`, otherwise the nearest colour
 * that does: darkened in small steps on light backgrounds, lightened on dark ones. The
 * palette's own shades keep their hue; only the ones too faint for text move.
 */
export function readableOn(color: string, backgrounds: readonly string[], ratio = AA_TEXT_CONTRAST): string {
  const onDark = backgrounds.every((background) => luminance(background) < WHITE_TEXT_LIMIT);
  const reads = (candidate: string) => backgrounds.every((background) => contrastRatio(candidate, background) >= ratio);
  for (let step = 0; step <= 20; step += 1) {
    const amount = step / 20;
    const candidate = step === 0 ? color : onDark ? lighten(color, amount) : darken(color, amount);
    if (reads(candidate)) return candidate;
  }
  return onDark ? '#ffffff' : '#000000';
}

/**
 * The luminance above which white text no longer reaches 4.5:1 (and black text does):
 * Mantine's `autoContrast` then puts black text on a filled colour instead of white.
 */
export const WHITE_TEXT_LIMIT = 1.05 / AA_TEXT_CONTRAST - 0.05;

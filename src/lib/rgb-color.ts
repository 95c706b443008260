import { luminance } from '@mantine/core';

/**
 * Colours as the chatbot settings store them: `rgb(r,g,b)`, no spaces, each channel an
 * integer 0..255. People and colour pickers write colours in many ways (`#1c7ed6`,
 * `rgb(28, 126, 214)`, `rgba(...)`, `hsl(...)`); everything that names one opaque colour
 * is converted to that one spelling, and everything else is refused (null) so a form can
 * say so instead of storing something the widget cannot draw.
 *
 * The parsing is ours, not Mantine's `isColorValid`/`parseColor`: those accept rgb(256,0,0)
 * and refuse the modern spellings (`rgb(28 126 214)`, percentages, `hsl(0.5turn ...)`) that
 * pickers and people write.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const SEPARATOR = String.raw`\s*[,\s]\s*`;
const ALPHA = String.raw`(?:\s*[,/]\s*(${NUMBER})(%?))?`;
const RGB_FUNCTION = new RegExp(
  String.raw`^rgba?\(\s*(${NUMBER})(%?)${SEPARATOR}(${NUMBER})(%?)${SEPARATOR}(${NUMBER})(%?)${ALPHA}\s*\)$`,
  'i',
);
const HSL_FUNCTION = new RegExp(
  String.raw`^hsla?\(\s*(${NUMBER})(deg|turn|rad|grad)?${SEPARATOR}(${NUMBER})%?${SEPARATOR}(${NUMBER})%?${ALPHA}\s*\)$`,
  'i',
);
const HEX = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Reads a colour written as hex, rgb()/rgba() or hsl()/hsla(); null when it is not one. */
export function parseColor(input: string): Rgb | null {
  const text = input.trim();
  if (text === '') return null;
  return parseHex(text) ?? parseRgbFunction(text) ?? parseHslFunction(text);
}

/** The one spelling the service accepts: `rgb(r,g,b)` without spaces. */
export function formatRgb({ r, g, b }: Rgb): string {
  return `rgb(${r},${g},${b})`;
}

/** Any accepted spelling of a colour as `rgb(r,g,b)`, or null when the text is not a colour. */
export function toRgbString(input: string): string | null {
  const rgb = parseColor(input);
  return rgb ? formatRgb(rgb) : null;
}

/** `#rrggbb`, for APIs that only take hex. */
export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Black or white, whichever reads better on the colour (WCAG relative luminance, by Mantine's
 * colour functions: contrast with white and with black are equal at L ≈ 0.179).
 */
export function readableTextColor(rgb: Rgb): '#000' | '#fff' {
  return luminance(formatRgb(rgb)) > 0.179 ? '#000' : '#fff';
}

function parseHex(text: string): Rgb | null {
  const match = HEX.exec(text);
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  // A fourth pair is alpha: the widget draws opaque colours, so it is dropped.
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

function parseRgbFunction(text: string): Rgb | null {
  const match = RGB_FUNCTION.exec(text);
  if (!match) return null;
  const channels: number[] = [];
  for (const index of [1, 3, 5]) {
    const value = Number(match[index]);
    const percent = match[index + 1] === '%';
    if (percent ? value < 0 || value > 100 : value < 0 || value > 255) return null;
    channels.push(Math.round(percent ? (value * 255) / 100 : value));
  }
  if (!alphaIsValid(match[7], match[8])) return null;
  const [r, g, b] = channels as [number, number, number];
  return { r, g, b };
}

function parseHslFunction(text: string): Rgb | null {
  const match = HSL_FUNCTION.exec(text);
  if (!match) return null;
  const hue = toDegrees(Number(match[1]), match[2]?.toLowerCase());
  const saturation = Number(match[3]);
  const lightness = Number(match[4]);
  if (saturation < 0 || saturation > 100 || lightness < 0 || lightness > 100) return null;
  if (!alphaIsValid(match[5], match[6])) return null;
  return hslToRgb(hue, saturation / 100, lightness / 100);
}

function alphaIsValid(value: string | undefined, percent: string | undefined): boolean {
  if (value === undefined) return true;
  const alpha = Number(value) / (percent === '%' ? 100 : 1);
  return alpha >= 0 && alpha <= 1;
}

function toDegrees(value: number, unit: string | undefined): number {
  const degrees = unit === 'turn' ? value * 360 : unit === 'rad' ? (value * 180) / Math.PI : unit === 'grad' ? value * 0.9 : value;
  return ((degrees % 360) + 360) % 360;
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    const value = lightness - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255);
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { readableOn, WHITE_TEXT_LIMIT } from './readable-color';

/*
 * Colours and names chosen so that every screen passes WCAG 2.1 AA as axe-core checks it
 * (e2e/accessibility.spec.ts): fixed here, once, rather than on each element.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // Filled colours one shade darker in light mode: white on blue-6 is 3.5:1, on blue-8 4.9:1.
  primaryShade: { light: 8, dark: 8 },
  // A filled colour too light for white text (yellow, lime...) gets black text instead.
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_LIMIT,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Plain objects rather than Component.extend(): importing Modal or ColorInput here would put
  // them in every page's first load. Icon-only buttons get a name a screen reader can say.
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // A titled notification's message is gray-6 on white (3.3:1) or dark-2 on dark-6: the
      // theme's dimmed colour reads on both.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
  },
});

const colors = DEFAULT_THEME.colors;
const WHITE = DEFAULT_THEME.white;
/** The dark scheme's page and its raised surfaces (inputs, paper, hovered rows). */
const DARK_SURFACES = [colors.dark[7], colors.dark[6], colors.dark[5]];

/**
 * Mantine's defaults for secondary text are below 4.5:1: dimmed text (gray-6 on white 3.3:1,
 * dark-2 on dark-7 4.0:1), the light variants' text (green-9 on green-1 4.0:1) and error text
 * (red-6 on white 3.3:1). Each is replaced by the nearest colour that reads on the surfaces
 * it is drawn on. Not run in the browser: theme-css-variables.test.tsx writes what Mantine's
 * provider makes of it into theme-css-variables.css, which the entries import.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(colors.gray[6], [WHITE, colors.gray[0], colors.blue[1], colors.blue[2]]),
    '--mantine-color-error': readableOn(colors.red[6], [WHITE]),
    '--mantine-color-success': readableOn(colors.teal[8], [WHITE]),
  };
  const dark: Record<string, string> = {
    // Also on the primary light variant (a selected session or link): blue-9 darkened by half.
    '--mantine-color-dimmed': readableOn(colors.dark[2], [...DARK_SURFACES, darken(colors.blue[9], 0.5)]),
    '--mantine-color-error': readableOn(colors.red[8], DARK_SURFACES),
    '--mantine-color-success': readableOn(colors.teal[8], DARK_SURFACES),
  };
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark') continue;
    // Light variants (Badge, Alert, NavLink...): shade 9 on shade 1, and on shade 2 when hovered.
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [shades[1], shades[2]]);
    // Coloured text (`c="red"`) on the page.
    light[`--mantine-color-${name}-text`] = readableOn(shades[8], [WHITE]);
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_SURFACES);
  }
  return { variables: {}, light, dark };
};

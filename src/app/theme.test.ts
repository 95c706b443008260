import { darken, DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, readableOn } from './readable-color';
import { cssVariablesResolver, theme } from './theme';

const { colors, white } = DEFAULT_THEME;
const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));

describe('the theme reads at WCAG AA', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's default dimmed text on white, the failure axe reported.
    expect(contrastRatio(colors.gray[6], white)).toBeLessThan(AA_TEXT_CONTRAST);
  });

  it('keeps a colour that already reads and moves one that does not', () => {
    expect(readableOn('#000000', [white])).toBe('#000000');
    const moved = readableOn(colors.gray[6], [white]);
    expect(moved).not.toBe(colors.gray[6]);
    expect(contrastRatio(moved, white)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    const lightened = readableOn(colors.dark[2], [colors.dark[7]]);
    expect(contrastRatio(lightened, colors.dark[7])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('dimmed, error and success text reach 4.5:1 on the surfaces of each scheme', () => {
    for (const background of [white, colors.gray[0], colors.blue[1], colors.blue[2]]) {
      for (const name of ['--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-success'] as const) {
        if (name !== '--mantine-color-dimmed' && background !== white) continue;
        expect(contrastRatio(resolved.light[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
    for (const background of [colors.dark[7], colors.dark[6], colors.dark[5], darken(colors.blue[9], 0.5)]) {
      expect(contrastRatio(resolved.dark['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    expect(contrastRatio(resolved.dark['--mantine-color-error']!, colors.dark[7])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('every light variant (badges, alerts, active links) reads on its background and hover', () => {
    for (const [name, shades] of Object.entries(colors)) {
      if (name === 'dark') continue;
      const text = resolved.light[`--mantine-color-${name}-light-color`]!;
      expect(contrastRatio(text, shades[1]), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(text, shades[2]), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('filled colours get the text colour that reads, as autoContrast picks it with the theme threshold', () => {
    for (const [name, shades] of Object.entries(colors)) {
      // primaryShade 8 in both schemes: every filled button, badge and pagination item.
      const filled = shades[8];
      const text = isLightColor(filled, theme.luminanceThreshold) ? DEFAULT_THEME.black : white;
      expect(contrastRatio(filled, text), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(theme.autoContrast).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { listedStyles } from './mantine-styles-check';

describe('listedStyles', () => {
  it('reads the component names of the imported Mantine stylesheets', () => {
    const css = '/* note */\n@import "@mantine/core/styles/baseline.css";\n@import "@mantine/core/styles/Button.css";\n@import "./local.css";';
    expect(listedStyles(css)).toEqual(new Set(['baseline', 'Button']));
  });
});

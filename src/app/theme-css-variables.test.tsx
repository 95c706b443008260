import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/**
 * theme-css-variables.css is the style element Mantine's provider would write at run time
 * for our theme (its colour variables, ours from cssVariablesResolver included), written
 * once here instead: main.tsx and sign-in.tsx import the file and turn the provider's own
 * off (`withCssVariables={false}`), so a first visit does not compute them before its first
 * paint. When the theme changes, `npx vitest run src/app/theme-css-variables.test.tsx --update`
 * writes the file again; in CI a stale file fails here.
 */
it("is the CSS Mantine's provider writes for our theme", async () => {
  const { container } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <span />
    </MantineProvider>,
  );
  const style = container.ownerDocument.querySelector('style[data-mantine-styles="true"]');
  expect(style?.textContent).toContain('--mantine-color-dimmed');
  await expect(`/* Written by src/app/theme-css-variables.test.tsx (vitest --update): Mantine's variables for src/app/theme.ts. */\n${style!.textContent!.trim()}\n`).toMatchFileSnapshot('./theme-css-variables.css');
});

import type { Plugin } from 'vite';

const MANTINE_CSS_VARIABLES = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/;

/**
 * The console's theme variables are a stylesheet (src/app/theme-css-variables.css, written by
 * its test) and its providers are told not to write them (`withCssVariables={false}`). Mantine's
 * provider still imports the component that would, and one of its modules computes Mantine's
 * default variables when it is evaluated, before the first paint of every page (12–19 ms at a
 * 4x CPU slowdown, profiled). This gives the provider a component that writes nothing, so none
 * of that is in the build. e2e/mantine-at-build.spec.ts checks that no variables are written at
 * run time and that the stylesheet's are in force.
 */
export function mantineCssVariablesAtBuild(): Plugin {
  return {
    name: 'mantine-css-variables-at-build',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_CSS_VARIABLES.test(id)) return null;
      return [
        '// The theme variables are src/app/theme-css-variables.css (build/mantine-css-variables-at-build.ts).',
        'export function MantineCssVariables() { return null; }',
        'MantineCssVariables.displayName = "@mantine/CssVariables";',
      ].join('\n');
    },
  };
}

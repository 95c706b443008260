import { describe, expect, it } from 'vitest';
import { mantineCssVariablesAtBuild } from './mantine-css-variables-at-build';

describe('mantineCssVariablesAtBuild', () => {
  const load = mantineCssVariablesAtBuild().load as (id: string) => string | null;

  it("gives Mantine's provider a variables component that writes nothing, whichever way the path is written", () => {
    for (const id of ['/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs', 'C:\\app\\node_modules\\@mantine\\core\\esm\\core\\MantineProvider\\MantineCssVariables\\MantineCssVariables.mjs']) {
      expect(load(id)).toContain('export function MantineCssVariables() { return null; }');
    }
  });

  it('leaves the modules beside it alone', () => {
    expect(load('/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/default-css-variables-resolver.mjs')).toBeNull();
    expect(load('/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')).toBeNull();
  });
});

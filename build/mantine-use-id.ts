import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const OUR_USE_ID = fileURLToPath(new URL('./use-id.ts', import.meta.url));

/**
 * Gives Mantine's components the `useId` of use-id.ts in place of Mantine's own, which
 * renders each of them twice as it mounts (use-id.ts says why). The module is replaced where
 * it is loaded, so every import of it, through `@mantine/hooks` or a direct path
 * (direct-imports.ts), gets ours. e2e/mantine-at-build.spec.ts fails when it is undone.
 */
export function mantineUseId(): Plugin {
  return {
    name: 'mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      return `export { useId } from ${JSON.stringify(OUR_USE_ID)};`;
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = fileURLToPath(new URL('./use-merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea (inside Table.ScrollContainer and Modal) imports one ref-merging hook
 * from `@floating-ui/react`, and that module brings the whole of floating-ui's positioning
 * (about 14 KB gzipped) into every page with a table, though only popovers use it. This
 * points that one import at the same hook from `@mantine/hooks`. Should ScrollArea import
 * anything else from floating-ui, the build fails on the missing export instead of breaking.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'scroll-area-without-floating-ui',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS;
      return null;
    },
  };
}

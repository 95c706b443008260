import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** `Button` for …/@mantine/core/esm/components/Button/Button.module.mjs: the module of a component's class names. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([\w-]+)\.module\.mjs$/;

/** The components whose stylesheet (`@mantine/core/styles/<Name>.css`) a CSS file imports. */
export function listedStyles(css: string): Set<string> {
  return new Set([...css.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((match) => match[1]!));
}

/**
 * The app imports Mantine's styles per component (src/app/mantine-styles.css) rather than
 * all of them. Every Mantine component reads its class names from its own `.module.mjs`
 * file; this fails the build when a component in the bundle has no stylesheet in that list,
 * so a component added to any page cannot go unstyled.
 */
export function mantineStylesCheck(listFile: string): Plugin {
  return {
    name: 'mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const listed = listedStyles(readFileSync(listFile, 'utf8'));
      const missing = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          const name = CLASS_NAMES_MODULE.exec(id)?.[1];
          if (name && module.renderedLength > 0 && !listed.has(name)) missing.add(name);
        }
      }
      if (missing.size > 0) {
        this.error(
          `Mantine components without their styles: ${[...missing].join(', ')}. ` +
            `Add @import "@mantine/core/styles/<Name>.css" to ${listFile}, in the order of @mantine/core/styles.css.`,
        );
      }
    },
  };
}

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAst, type Plugin } from 'vite';

/**
 * Rewrites `import { Button } from '@mantine/core'` to an import of the module that defines
 * `Button`, so that no chunk imports a package's barrel (index) module.
 *
 * Why: the bundler splits chunks by which entries reach a module, and it counts a module as
 * reached through a barrel even when nothing uses it. The entry imports the barrel (for
 * MantineProvider, AppShell...), so every component of the library counts as reached from
 * the entry, and the components only the lazy pages use (Popover and its positioning,
 * ScrollArea, Modal...) end up in a chunk that the first page loads. Imported per module,
 * each component is reached only from the pages that use it.
 */

/** Where one export of a barrel is defined. */
export interface ExportSource {
  file: string;
  /** The name it has in that file (`default` for a default export). */
  imported: string;
}

type Node = ReturnType<typeof parseAst>['body'][number];

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? node.name! : String(node.value);
}

/**
 * Maps a barrel's exports to their defining modules. Understands the two shapes the
 * packages use: `import { a } from './a.mjs'; ... export { a }` and
 * `export { default as A } from './a.mjs'`. Anything else (namespaces, `export *`,
 * declarations) is left out, and an import of it stays on the barrel.
 */
export function readBarrel(code: string, barrelFile: string): Map<string, ExportSource> {
  const dir = dirname(barrelFile);
  // A package the barrel re-exports stays a bare specifier, resolved as usual.
  const fileOf = (specifier: unknown) => (String(specifier).startsWith('.') ? resolve(dir, String(specifier)) : String(specifier));
  const locals = new Map<string, ExportSource>();
  const exports = new Map<string, ExportSource>();
  for (const node of parseAst(code).body as Node[]) {
    if (node.type === 'ImportDeclaration') {
      const file = fileOf(node.source.value);
      for (const specifier of node.specifiers) {
        if (specifier.type === 'ImportSpecifier') locals.set(specifier.local.name, { file, imported: nameOf(specifier.imported) });
        else if (specifier.type === 'ImportDefaultSpecifier') locals.set(specifier.local.name, { file, imported: 'default' });
      }
    } else if (node.type === 'ExportNamedDeclaration') {
      const file = node.source ? fileOf(node.source.value) : undefined;
      for (const specifier of node.specifiers) {
        const local = nameOf(specifier.local);
        const source = file ? { file, imported: local } : locals.get(local);
        if (source) exports.set(nameOf(specifier.exported), source);
      }
    }
  }
  return exports;
}

/**
 * The import declarations of `code` that name one of `packages`, each with the text that
 * replaces it. `sourcesOf` gives a package's barrel map (or undefined to leave it alone).
 * The replacement stays on one line, so the lines of the module keep their numbers.
 */
export function rewriteImports(
  code: string,
  packages: readonly string[],
  sourcesOf: (pkg: string) => Map<string, ExportSource> | undefined,
): { start: number; end: number; text: string }[] {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of parseAst(code).body as Node[]) {
    if (node.type !== 'ImportDeclaration') continue;
    const pkg = String(node.source.value);
    if (!packages.includes(pkg) || node.specifiers.length === 0) continue;
    const sources = sourcesOf(pkg);
    if (!sources) continue;
    const byFile = new Map<string, string[]>();
    const kept: string[] = [];
    for (const specifier of node.specifiers) {
      if (specifier.type !== 'ImportSpecifier') {
        kept.length = 0;
        byFile.clear();
        break;
      }
      const imported = nameOf(specifier.imported);
      const local = specifier.local.name;
      const source = sources.get(imported);
      if (!source) {
        kept.push(imported === local ? local : `${imported} as ${local}`);
        continue;
      }
      const names = byFile.get(source.file) ?? [];
      names.push(source.imported === local ? local : `${source.imported} as ${local}`);
      byFile.set(source.file, names);
    }
    if (byFile.size === 0) continue;
    const statements = [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`);
    if (kept.length > 0) statements.push(`import { ${kept.join(', ')} } from ${JSON.stringify(pkg)};`);
    edits.push({ start: node.start, end: node.end, text: statements.join(' ') });
  }
  return edits;
}

/** The build-only plugin (in development the packages are pre-bundled, one copy each). */
export function directImports(packages: readonly string[]): Plugin {
  const barrels = new Map<string, Map<string, ExportSource>>();
  return {
    name: 'direct-imports',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!)) return null;
      const named = packages.filter((pkg) => code.includes(pkg));
      if (named.length === 0) return null;
      const resolved = new Map<string, Map<string, ExportSource> | undefined>();
      for (const pkg of named) {
        const barrel = (await this.resolve(pkg, id))?.id;
        if (!barrel) continue;
        if (!barrels.has(barrel)) barrels.set(barrel, readBarrel(readFileSync(barrel, 'utf8'), barrel));
        resolved.set(pkg, barrels.get(barrel));
      }
      const edits = rewriteImports(code, named, (pkg) => resolved.get(pkg));
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      // Only import lines changed, and each stays one line: the existing source map still holds.
      return { code: out, map: null };
    },
  };
}

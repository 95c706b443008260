import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes which modules went into which chunk: outside dist/, so it is never served. */
export const CHUNK_REPORT = 'node_modules/.cache/realty-bot/chunks.json';

/** One chunk of the build: its file under dist/, the modules in it (paths from the project root, with their rendered sizes) and its static imports. */
export interface ReportedChunk {
  fileName: string;
  modules: Record<string, number>;
  imports: string[];
  dynamicImports: string[];
}

/**
 * Writes CHUNK_REPORT after each production build, so a check can say what a page loads by
 * module rather than by file size alone (e2e/landing-weight.spec.ts).
 */
export function chunkReport(root = process.cwd()): Plugin {
  return {
    name: 'realty-bot:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ReportedChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) modules[relative(root, id.replace(/^\0/, ''))] = info.renderedLength;
        chunks.push({ fileName: output.fileName, modules, imports: output.imports, dynamicImports: output.dynamicImports });
      }
      const file = `${root}/${CHUNK_REPORT}`;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * module rather than by file size alone (e2e/landing-weight.spec.ts). `append`: a build that
 * follows the app's into the same dist/ (the sign-in page's) adds its chunks to the app's report.
 */
export function chunkReport(root = process.cwd(), { append = false } = {}): Plugin {
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
      const before: ReportedChunk[] = append && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
      // A chunk both builds wrote (same content, same name) is listed once.
      const written = new Set(chunks.map((chunk) => chunk.fileName));
      writeFileSync(file, JSON.stringify([...before.filter((chunk) => !written.has(chunk.fileName)), ...chunks], null, 1));
    },
  };
}

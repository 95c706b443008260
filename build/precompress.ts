import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What travels as text and is worth compressing; source maps are read only by DevTools, on demand. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this, the encoding's own overhead and a header cost more than they save (@fastify/compress's threshold too). */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of a
 * built folder, for @fastify/static's `preCompressed` (server/static.ts): the budget counts
 * compressed bytes, so compressed bytes are what travels, at no cost per request. Returns the
 * files it compressed.
 */
export async function precompressFolder(dir: string): Promise<string[]> {
  const done: string[] = [];
  const work: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    work.push(
      (async () => {
        const bytes = await readFile(path);
        if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        done.push(path);
      })(),
    );
  }
  await Promise.all(work);
  return done;
}

/**
 * Pre-compresses the build's output once everything is written, the widget's separate build
 * included: `sequential` waits for every earlier plugin's closeBundle (they run in parallel).
 */
export function precompress(outDir = 'dist'): Plugin {
  return {
    name: 'realty-bot:precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressFolder(outDir);
      },
    },
  };
}

import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks every chunk for eager compilation (V8's explicit compile hints, Chrome 136+). A chunk
 * is loaded when its page opens, and most of its functions run then; with the hint the
 * browser compiles them on a background thread while the file streams in, instead of on the
 * main thread the first time each one runs (measured on the listings page: about 45 ms less
 * main-thread parsing and compiling at full CPU speed, four times that at the bench's 4x).
 * Other browsers read a comment.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite has put its own preload table at the top of the chunks: the hint must be
      // the file's first line.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = `${HINT}\n${chunk.code}`;
          // The source map moves down one line with the code.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          } else if (chunk.map) {
            chunk.map.mappings = `;${chunk.map.mappings}`;
          }
        }
      },
    },
  };
}

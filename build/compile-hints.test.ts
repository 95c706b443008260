import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileHints } from './compile-hints';

describe('compileHints', () => {
  it('puts the hint on the first line of every chunk and moves its source map down one line', () => {
    const bundle = {
      'a.js': { type: 'chunk', fileName: 'a.js', code: 'const x=1;' },
      'a.js.map': { type: 'asset', fileName: 'a.js.map', source: JSON.stringify({ mappings: 'AAAA' }) },
      'a.css': { type: 'asset', fileName: 'a.css', source: 'body{}' },
    } as unknown as Rollup.OutputBundle;
    const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Rollup.OutputBundle) => void };
    hook.handler({}, bundle);
    expect((bundle['a.js'] as { code: string }).code).toBe('//# allFunctionsCalledOnLoad\nconst x=1;');
    expect(JSON.parse(String((bundle['a.js.map'] as { source: string }).source))).toEqual({ mappings: ';AAAA' });
    expect((bundle['a.css'] as { source: string }).source).toBe('body{}');
  });
});

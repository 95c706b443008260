import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyEntry } from './early-entry';

type Handler = (html: string, context: IndexHtmlTransformContext) => unknown;

describe('earlyEntry', () => {
  const plugin = earlyEntry('boot', 'src/boot.ts');
  const handler = (plugin.transformIndexHtml as { handler: Handler }).handler;
  const context = (bundle: Record<string, unknown>) => ({ bundle: bundle as Rollup.OutputBundle }) as IndexHtmlTransformContext;

  it('adds the entry to the build input beside index.html', () => {
    const config = (plugin.config as () => { build: { rolldownOptions: { input: unknown } } })();
    expect(config.build.rolldownOptions.input).toEqual({ index: 'index.html', boot: 'src/boot.ts' });
  });

  it('loads the entry chunk with an async module script at the end of the head, after the stylesheets', () => {
    const tags = handler('', context({ 'assets/boot-1.js': { type: 'chunk', isEntry: true, name: 'boot', fileName: 'assets/boot-1.js' } }));
    expect(tags).toEqual([
      { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: '/assets/boot-1.js' }, injectTo: 'head' },
    ]);
  });

  it('fails the build when the entry is missing', () => {
    expect(() => handler('', context({}))).toThrow(/boot/);
  });
});

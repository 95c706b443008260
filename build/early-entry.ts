import type { Plugin } from 'vite';

/**
 * Builds `file` as an entry of its own and loads it from index.html with its own module
 * script beside the app's. A module script runs once it and its imports have downloaded,
 * so this small one runs while the browser still downloads (and then evaluates) the app's
 * large chunks, instead of after them as the first import of the app would.
 */
export function earlyEntry(name: string, file: string): Plugin {
  return {
    name: 'early-entry',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', [name]: file } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.name === name);
        if (!chunk) throw new Error(`early-entry: no entry chunk named ${name}`);
        // At the end of the head, after the app's stylesheet: the entry starts the open page's
        // module, whose stylesheets Vite's preload helper adds to the head. Run before the parser
        // had reached the app's own <link> (it can: the script is async, and a classic script
        // above holds the parser), that link came last and Mantine's global rules overrode the
        // page's own (Sold badges turned blue). e2e/landing-weight.spec.ts checks the order.
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

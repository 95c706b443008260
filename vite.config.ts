import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkReport } from './build/chunk-report';
import { compileHints } from './build/compile-hints';
import { directImports } from './build/direct-imports';
import { earlyEntry } from './build/early-entry';
import { mantineCssVariablesAtBuild } from './build/mantine-css-variables-at-build';
import { mantineStylesCheck } from './build/mantine-styles-check';
import { mantineUseId } from './build/mantine-use-id';
import { precompress } from './build/precompress';
import { reactRouterProduction } from './build/react-router-production';
import { scrollAreaWithoutFloatingUi } from './build/scroll-area-without-floating-ui';
import { signInBuild } from './build/sign-in-build';
import { widgetBuild } from './build/widget-build';

// In development Vite serves the app and forwards the API to the local service
// (`npm run serve` on port 8787), so the browser still talks to one origin.
const serviceOrigin = process.env.SERVICE_ORIGIN ?? 'http://localhost:8787';

// Libraries whose index module re-exports every component: imported per module, so a
// component lands only in the chunks of the pages that use it.
const DIRECT_IMPORTS = ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@tabler/icons-react'];

/**
 * The contract's modules only declare schemas and constants, but the bundler cannot know
 * that a call such as `z.object(…)` has no side effects, so importing one name from the
 * contract's index kept every module the index re-exports: each first visit carried the
 * listing, chat and upload schemas (about 2 KB gzipped) whether it used them or not.
 * primitives.ts is the exception: it sets zod's English messages for every schema.
 */
function contractModuleSideEffects(id: string): boolean | undefined {
  if (!/[/\\]src[/\\]api[/\\]contract[/\\][^/\\]+\.ts$/.test(id)) return undefined;
  return id.endsWith('primitives.ts');
}

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  plugins: [
    react(),
    directImports(DIRECT_IMPORTS),
    // Keeps popover positioning out of every page with a table.
    scrollAreaWithoutFloatingUi(),
    // Mantine's components get React's id as it is, so none renders twice as it mounts.
    mantineUseId(),
    // The theme's variables are a stylesheet (src/app/theme-css-variables.css), not computed at run time.
    mantineCssVariablesAtBuild(),
    // Functions compiled off the main thread while the chunks download.
    compileHints(),
    // Starts the open page's downloads and the bootstrap request before the app's chunks arrive.
    earlyEntry('boot', 'src/boot.ts'),
    // Mantine's styles are imported per component: no component may be left without them.
    mantineStylesCheck('src/app/mantine-styles.css'),
    // Which modules went into which chunk, for the landing page's check (e2e/landing-weight.spec.ts).
    chunkReport(),
    // The sign-in page, sign-in.html: a build of its own, sharing no chunk with the dashboard.
    signInBuild(DIRECT_IMPORTS),
    // The embeddable chat widget, /widget.js: a separate build, nothing shared with the app's chunks.
    widgetBuild(),
    // Brotli and gzip copies of every text file, the widget's too, served as they are (server/static.ts).
    precompress(),
  ],
  server: {
    proxy: {
      '/chat': serviceOrigin,
      '/files': serviceOrigin,
      '/console': serviceOrigin,
      '/openapi.json': serviceOrigin,
      '/api-docs': serviceOrigin,
    },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { treeshake: { moduleSideEffects: contractModuleSideEffects } },
  },
}));

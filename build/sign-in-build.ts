import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { chunkReport } from './chunk-report';
import { directImports } from './direct-imports';

/** The sign-in page, a page of its own: sign-in.html, whose entry is src/sign-in.tsx. */
export const SIGN_IN_PAGE = 'sign-in.html';

/**
 * Builds the sign-in page after the app, as a build of its own into the same dist/. As a second
 * entry of the app's build it shared chunks with the dashboard, and the bundler then cut the
 * dashboard's first chunks into smaller ones along what the two pages share: every first visit
 * to the dashboard grew by about 4 KB (e2e/first-visit-weight.spec.ts caught it). Apart, the
 * dashboard loads exactly what it did before, and the sign-in page carries only React, Mantine's
 * inputs and its form (120 KB budget). The cost: the dashboard's React is not cached by a sign-in.
 */
export function signInBuild(directImportPackages: readonly string[]): Plugin {
  return {
    name: 'realty-bot:sign-in-build',
    apply: 'build',
    closeBundle: {
      // Before the files are compressed (build/precompress.ts runs last).
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          logLevel: 'warn',
          // public/ belongs to the app: copied once, by the app's build.
          publicDir: false,
          plugins: [react(), directImports(directImportPackages), chunkReport(process.cwd(), { append: true })],
          build: {
            outDir: 'dist',
            // The app's build is already there.
            emptyOutDir: false,
            sourcemap: true,
            rolldownOptions: { input: { 'sign-in': SIGN_IN_PAGE } },
          },
        });
      },
    },
  };
}

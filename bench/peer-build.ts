import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { build } from 'vite';
import { precompressFolder } from '../build/precompress';
import { reactRouterProduction } from '../build/react-router-production';
import { ROOT } from './service';

/** Where the bench's pages are served from, on the local service's origin (see servePeerPage). */
export const PEER_BASE = '/bench-peer/';
/** The peer page's build: under node_modules/.cache, never in the app's dist/. */
export const PEER_DIST = join(ROOT, 'node_modules/.cache/bench-peer');

/**
 * Builds the bench's peer page (bench/peer/: streamdown or react-markdown fed by our stream reader), with its
 * own configuration: none of the app's plugins, nothing written to dist/.
 */
export async function buildPeerPage(): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'bench/peer'),
    base: PEER_BASE,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: PEER_DIST, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

/** The react-admin peer's build (bench/react-admin), served at the root of its own host (bench/peer-host.ts). */
export const REACT_ADMIN_DIST = join(ROOT, 'node_modules/.cache/bench-react-admin');

/**
 * Builds the dashboard's peer page (bench/react-admin: a react-admin 5 List of the listings)
 * the way the app is built: Vite in production mode with React's plugin, minified, and each
 * text file pre-compressed beside it as the app's build does (build/precompress.ts), so that
 * both pages travel brotli-compressed from the same static file server.
 */
export async function buildReactAdminPage(): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'bench/react-admin'),
    base: '/',
    mode: 'production',
    // react-router's production build, as the app's (react-admin routes with react-router 7).
    resolve: { alias: reactRouterProduction },
    logLevel: 'warn',
    plugins: [react()],
    // Source maps as the app's build has them: fetched by nobody but the bench's profiler (BENCH_PROFILE=1), which names the packages with them.
    build: { outDir: REACT_ADMIN_DIST, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 5000 },
  });
  await precompressFolder(REACT_ADMIN_DIST);
}

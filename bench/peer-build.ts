import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { build } from 'vite';
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

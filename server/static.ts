import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run `npm start` (it builds the app, then starts this service), or run `npm run build` and restart the service.\n';

/** A browser navigating to an app route (not fetching a missing asset such as /logo.png). */
function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const lastSegment = request.url.split('?')[0]!.split('/').pop() ?? '';
  return accept.includes('text/html') || !lastSegment.includes('.');
}

/**
 * Serves the `vite build` output and returns the single-page-app fallback the not-found
 * handler uses: index.html for any other page path, so /bots/x/chat survives a reload.
 */
export function registerStatic(app: FastifyInstance, distDir: string): (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    return async (_request, reply) => {
      void reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      return true;
    };
  }
  app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    // The widget's script is built into dist/widget/ but served by routes/widget.ts, in local mode only.
    allowedPath: (pathName) => !pathName.startsWith('/widget/'),
    // We set cache-control ourselves below; the plugin's own would overwrite it.
    cacheControl: false,
    // The build writes .br and .gz beside each text file (build/precompress.ts): sent as they are
    // to a browser that accepts them, with Vary: Accept-Encoding, and never compressed per request.
    preCompressed: true,
    setHeaders: (response, path) => {
      // The same address answers Brotli, gzip or plain by the request's Accept-Encoding: a cache must key on it.
      response.setHeader('vary', 'accept-encoding');
      // Vite fingerprints everything under assets/; the page itself must always be fresh.
      if (/[\\/]assets[\\/]/.test(path)) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (path.endsWith('.html')) response.setHeader('cache-control', 'no-cache');
    },
  });
  return async (request, reply) => {
    if (!wantsPage(request)) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return true;
  };
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NEXT_PARAM, safeNextPath } from '../../src/api/contract/safe-next-path';
import { NOT_BUILT_MESSAGE } from '../static';
import type { ConsoleAccess } from './access';

/*
 * GET /sign-in: the sign-in page (the build's sign-in.html, a page of its own without the
 * dashboard), told by the server what it would otherwise ask /console/bootstrap for. The page
 * then shows its form at once, and needs neither the request nor zod to read the answer:
 * - a visitor already signed in (another tab did it), or a demo start on the loopback, where
 *   the dashboard signs in by itself, is sent on to `next` without seeing the page;
 * - otherwise the page learns whether the console waits for its first owner, and whether
 *   single sign-on is offered, from two <meta> tags whose contents are the server's own words.
 */

interface SignInPageOptions {
  access: ConsoleAccess;
  distDir: string;
}

/** The page's two facts, as <meta> tags before </head>; read by src/features/access/sign-in-state.ts. */
export function withSignInState(html: string, state: { access: 'sign-in' | 'setup'; sso: boolean }): string {
  const tags = `<meta name="realty-bot:access" content="${state.access}" /><meta name="realty-bot:sso" content="${state.sso ? 'on' : 'off'}" />`;
  return html.replace('</head>', `${tags}</head>`);
}

export function registerSignInPage(app: FastifyInstance, { access, distDir }: SignInPageOptions): void {
  const file = join(distDir, 'sign-in.html');
  // Read once: the build does not change under a running service (`npm start` builds first).
  const html = existsSync(file) ? readFileSync(file, 'utf8') : null;

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/sign-in', async (request, reply) => {
    const bootstrap = access.bootstrapOf(request);
    if (bootstrap.access === 'signed-in' || bootstrap.access === 'demo') {
      // A repeated ?next= is no path at all: the console's start.
      const next = request.query[NEXT_PARAM];
      return reply.header('cache-control', 'no-store').redirect(safeNextPath(typeof next === 'string' ? next : null), 303);
    }
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    // Who is asking decides what the page says: never kept by a cache.
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(withSignInState(html, { access: bootstrap.access, sso: bootstrap.sso }));
  });
}

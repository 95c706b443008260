import type { FastifyInstance } from 'fastify';

/** GET /console/health: plain JSON, not the envelope (not part of the interface). The bootstrap and team access are server/console/routes.ts. */
export function registerConsoleRoutes(app: FastifyInstance): void {
  app.get('/console/health', async () => ({ ok: true }));
}

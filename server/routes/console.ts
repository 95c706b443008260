import type { FastifyInstance } from 'fastify';
import type { Bootstrap } from '../../src/api/contract/bootstrap';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY, seededChatbotIds, type ServiceConfig } from '../config';

/**
 * What the browser learns about this server before it has any key. Only the public demo
 * keys are ever handed out; custom keys stay with whoever configured them.
 */
export function bootstrapOf(config: ServiceConfig): Bootstrap {
  if (config.upstream) {
    return {
      mode: 'proxy',
      chatbotIds: config.upstream.chatbotIds,
      // Only when both are held can the browser work without any key of its own.
      keysHeldByServer: config.upstream.secretKey !== null && config.upstream.sessionKey !== null,
    };
  }
  const bootstrap: Bootstrap = { mode: 'local', chatbotIds: seededChatbotIds(config), keysHeldByServer: false };
  if (config.secretKey === DEMO_SECRET_KEY) bootstrap.secretKey = config.secretKey;
  if (config.sessionKey === DEMO_SESSION_KEY) bootstrap.sessionKey = config.sessionKey;
  return bootstrap;
}

/** GET /console/bootstrap and GET /console/health: plain JSON, not the envelope (not part of the interface). */
export function registerConsoleRoutes(app: FastifyInstance, config: ServiceConfig): void {
  app.get('/console/bootstrap', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return bootstrapOf(config);
  });
  app.get('/console/health', async () => ({ ok: true }));
}

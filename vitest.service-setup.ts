import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from './server/app';
import { DEMO_SECRET_KEY, DEMO_SESSION_KEY } from './server/config';
import { issueSetupLink } from './server/console/links';
import { openConsoleStore } from './server/console/store';
import { pathOf } from './server/envelope';
import { operations } from './src/api/contract/operations';

/**
 * The local service for client tests that talk to it for real (`src/**\/*.service.test.ts`):
 * one instance on a throwaway database and a free port, its address handed to the tests as
 * `localServiceUrl`. Each test file uses chatbots of its own, seeded here.
 *
 * Beside it, the console in proxy mode (`proxyServiceUrl`) in front of a stand-in for the
 * hosted service: a local service that, like the hosted one, has none of the local service's
 * additions the client must do without (RealEstateBatch: it answers as for any unknown address).
 */
const SERVICE_TEST_CHATBOTS = ['fetch-all-bot', 'export-listings-bot', 'import-runner-bot', 'preview-transport-bot'];
/** Seeded on the hosted stand-in, used through the proxy (import-through-proxy.service.test.ts). */
const PROXIED_CHATBOT = 'proxied-import-bot';
/** What the hosted stand-in lacks. */
const HOSTED_LACKS = new Set<string>([operations.RealEstateBatch.path]);

declare module 'vitest' {
  export interface ProvidedContext {
    localServiceUrl: string;
    proxyServiceUrl: string;
    proxySessionCookie: string;
  }
}

/**
 * The proxy is no demo start: its first owner is made with a setup link, as an operator
 * would from the server's log, and the tests act with that owner's session cookie.
 */
async function firstOwnerCookie(dataDir: string, address: string): Promise<string> {
  const store = openConsoleStore(dataDir);
  const link = issueSetupLink(store, address, Date.now());
  store.close();
  const token = new URL(link).hash.slice('#token='.length);
  const response = await fetch(`${address}/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email: 'owner@example.com', name: 'Test Owner', password: 'correct horse battery staple' }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`The proxy's first owner could not be set up: ${response.status} ${await response.text()}`);
  return cookie;
}

export default async function startLocalService(project: TestProject) {
  const dataDirs = ['local', 'hosted', 'proxy'].map((name) => mkdtempSync(join(tmpdir(), `realty-bot-client-test-${name}-`)));
  const [localDir, hostedDir, proxyDir] = dataDirs as [string, string, string];
  // A pace between the streamed words, as the hosted service has one: with none, a busy
  // machine reads the whole answer in one chunk, and a test of how the answer grows sees it
  // arrive whole (console-widget-transport.service.test.ts failed so in CI).
  const common = { logLevel: 'silent', streamDelayMs: 5 } as const;
  const app = await buildApp({ ...common, dataDir: localDir, distDir: join(localDir, 'no-dist'), extraChatbotIds: SERVICE_TEST_CHATBOTS });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('localServiceUrl', address);

  const hosted = await buildApp({ ...common, dataDir: hostedDir, distDir: join(hostedDir, 'no-dist'), extraChatbotIds: [PROXIED_CHATBOT] });
  hosted.addHook('onRequest', async (request, reply) => {
    if (HOSTED_LACKS.has(pathOf(request.url))) await reply.code(404).type('text/html').send('<h1>Not Found</h1>');
  });
  const hostedAddress = await hosted.listen({ port: 0, host: '127.0.0.1' });
  // The proxy holds the hosted stand-in's keys, as a deployed console does, and lends them only to signed-in members.
  const upstream = { url: hostedAddress, secretKey: DEMO_SECRET_KEY, sessionKey: DEMO_SESSION_KEY, chatbotIds: [PROXIED_CHATBOT] };
  const proxy = await buildApp({ ...common, dataDir: proxyDir, distDir: join(proxyDir, 'no-dist'), upstream });
  const proxyAddress = await proxy.listen({ port: 0, host: '127.0.0.1' });
  project.provide('proxyServiceUrl', proxyAddress);
  project.provide('proxySessionCookie', await firstOwnerCookie(proxyDir, proxyAddress));

  return async () => {
    await Promise.all([app.close(), proxy.close(), hosted.close()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from './server/app';

/**
 * The local service for client tests that talk to it for real (`src/**\/*.service.test.ts`):
 * one instance on a throwaway database and a free port, its address handed to the tests as
 * `localServiceUrl`. Each test file uses chatbots of its own, seeded here.
 */
const SERVICE_TEST_CHATBOTS = ['fetch-all-bot', 'import-runner-bot', 'preview-transport-bot'];

declare module 'vitest' {
  export interface ProvidedContext {
    localServiceUrl: string;
  }
}

export default async function startLocalService(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'realty-bot-client-test-'));
  const app = await buildApp({ dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', streamDelayMs: 0, extraChatbotIds: SERVICE_TEST_CHATBOTS });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('localServiceUrl', address);
  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

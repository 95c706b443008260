import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess, type RunningProcess } from '../../bench/service';

/**
 * A local service of a spec's own, for journeys that stop and restart it or need keys of
 * their own: the shared webServer must keep running for the other specs. It serves the
 * built app (dist/, built by the test command) beside the API, on a free port, and keeps its
 * data directory across restarts, as a real service does.
 */
export interface OwnService {
  /** The origin to use as a browser context's baseURL. */
  url: string;
  stop(): Promise<void>;
  /** Starts again on the same port and data directory, failing if not ready within `timeoutMs`. */
  start(timeoutMs?: number): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
  /** What the running service has printed (the last 20,000 characters). */
  output(): string;
}

export async function startOwnService(chatbotIds: readonly string[], env: Record<string, string> = {}): Promise<OwnService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'realty-bot-e2e-own-'));
  const port = await freePort();
  let running: RunningProcess | null = null;

  const start = async (timeoutMs?: number) => {
    running = await startProcess({
      name: 'The spec’s own local service',
      // Node with tsx as a loader: one process, so stopping it stops the service.
      command: process.execPath,
      args: ['--import', 'tsx', 'server/main.ts'],
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EXTRA_CHATBOT_IDS: chatbotIds.join(','),
        LOG_LEVEL: 'warn',
        ...env,
      },
      port,
      readyPath: '/console/health',
      timeoutMs,
    });
  };
  const stop = async () => {
    const current = running;
    running = null;
    await current?.stop();
  };

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    stop,
    output: () => (running as RunningProcess | null)?.output() ?? '',
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = new URL('..', import.meta.url).pathname;

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('No free port found');
  return address.port;
}

export interface RunningProcess {
  url: string;
  pid: number;
  /** How the process ended, while the bench still needed it; null while it runs. */
  exitStatus(): string | null;
  /** Everything the process wrote, for the error message when it dies. */
  output(): string;
  stop(): Promise<void>;
}

interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  port: number;
  /** Polled until it answers 2xx. */
  readyPath: string;
  timeoutMs?: number;
}

/** Starts a server as a child process and waits until `readyPath` answers. */
export async function startProcess({ name, command, args, env = {}, port, readyPath, timeoutMs = 60_000 }: StartOptions): Promise<RunningProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  let status: string | null = null;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exited = true;
    status = signal ? `killed by ${String(signal)}` : `exited with code ${String(code)}`;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }

  return {
    url,
    pid: child.pid!,
    exitStatus: () => status,
    output: () => output,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(forced);
    },
  };
}

export const HAS_TASKSET = await new Promise<boolean>((resolve) => {
  const probe = spawn('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  probe.on('error', () => resolve(false));
  probe.on('exit', (code) => resolve(code === 0));
});

/**
 * Moves a running process (every thread of it) onto the given CPUs, so one server can be
 * measured on one core while the load generator runs on another. Returns false when the
 * machine has no taskset.
 */
export async function pinProcess(pid: number, cpus: string): Promise<boolean> {
  if (!HAS_TASKSET) return false;
  const child = spawn('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code === 0;
}

/** Every CPU this process may run on, as taskset's list syntax, e.g. "0,1". */
export function allCpus(count: number): string {
  return Array.from({ length: count }, (_, index) => index).join(',');
}

export interface LocalService extends RunningProcess {
  dataDir: string;
}

/**
 * The local service on a free port and the given (throwaway) data directory; `env`
 * overrides the bench's settings (the reliability scripts stream at the normal pace).
 */
export async function startLocalService(
  dataDir: string,
  extraChatbotIds: readonly string[],
  env: Record<string, string> = {},
  /** Node's own options, after the TypeScript loader (the soak adds --expose-gc and its probe). */
  nodeArgs: readonly string[] = [],
): Promise<LocalService> {
  const port = await freePort();
  const running = await startProcess({
    name: 'The local service',
    // Node itself with tsx as a loader: one process, so it can be pinned to a core.
    command: process.execPath,
    args: ['--import', 'tsx', ...nodeArgs, 'server/main.ts'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EXTRA_CHATBOT_IDS: extraChatbotIds.join(','),
      // Answers stream as fast as the service can write them.
      STREAM_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
    readyPath: '/console/health',
  });
  return { ...running, dataDir };
}

// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../src/api/contract/operations';
import { createListing } from '../src/demo-data';
import { temporaryDir } from './test-support';

const ROOT = join(import.meta.dirname, '..');
const SECRET = 'custom-secret-for-test';
const SESSION = 'custom-session-for-test';

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts `server/main.ts` as `npm start` does (without the build) and waits for its banner. */
async function startService(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_SECRET_KEY: SECRET,
      API_SESSION_KEY: SESSION,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 20 s:\n${output}`)), 20_000);
    child.stdout!.on('data', () => {
      const match = /URL:\s+(http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { Data: unknown; Success: boolean } };
}

describe('the service process', () => {
  it('prints its settings without custom keys, keeps acknowledged writes through kill -9, and stops on SIGTERM', async () => {
    const dataDir = temporaryDir('realty-bot-main-');
    dirs.push(dataDir);
    const first = await startService(dataDir);
    const banner = first.output();
    expect(banner).toContain('local service (SQLite)');
    expect(banner).toContain(`Data dir:     ${dataDir}`);
    expect(banner).toContain('Secret key:   (custom, not shown)');
    expect(banner).toContain('Session key:  (custom, not shown)');
    expect(banner).toContain('Chatbot:      demo-bot');
    expect(banner).not.toContain(SECRET);
    expect(banner).not.toContain(SESSION);

    const listing = createListing({ SerialNumber: 'demo-bot', City: 'Durable City' });
    const created = await post(first.url, operations.RealEstateCreate.path, listing, { 'chatrobot-sessionkey': SESSION });
    expect(created.status).toBe(200);
    const edited = await post(first.url, operations.Edit.path, { serialNumber: 'demo-bot', Name: 'Survivor' }, { authorization: SECRET });
    expect(edited.json.Data).toBe(1);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');

    const second = await startService(dataDir);
    const listed = await post(second.url, operations.RealEstateList.path, { SerialNumber: 'demo-bot', CityName: 'Durable City' }, { 'chatrobot-sessionkey': SESSION });
    expect(listed.json.Data).toMatchObject({ VirtualCount: 1, List: [{ ID: Number(created.json.Data), MLSNumber: listing.MLSNumber }] });
    const detail = await post(second.url, operations.Detail.path, { serialNumber: 'demo-bot' }, { authorization: SECRET });
    expect(detail.json.Data).toMatchObject({ Name: 'Survivor' });

    second.child.kill('SIGTERM');
    const [code] = (await once(second.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(second.output()).not.toContain(SECRET);
  }, 60_000);

  it('refuses to start on a bad setting, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(errors).toContain('PORT: must be a whole number between 0 and 65535');
  }, 30_000);
});

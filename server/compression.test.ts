// @vitest-environment node
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../src/api/contract/operations';
import { precompressFolder } from '../build/precompress';
import { BOT, ok, SECRET, SESSION, startTestApp, temporaryDir, type TestApp } from './test-support';

/** What travels: the built app pre-compressed, JSON answers compressed per request, a stream never held back. */

const started: TestApp[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

/** A small built app: a page, a script and a stylesheet big enough to compress, and a tiny file. */
function builtApp(): { distDir: string; script: string } {
  const distDir = temporaryDir('realty-bot-dist-');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>Console</title>${'<!-- padding -->'.repeat(100)}`);
  const script = Array.from({ length: 200 }, (_, line) => `export const value${line} = ${line} * 2;`).join('\n');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(distDir, 'assets', 'index-abc123.css'), '.a{color:red}'.repeat(200));
  writeFileSync(join(distDir, 'assets', 'tiny-abc123.js'), 'export {};');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3}'.repeat(200));
  return { distDir, script };
}

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  const app = await startTestApp(options);
  started.push(app);
  return app;
}

describe('the build writes Brotli and gzip copies', () => {
  it('of every text file worth compressing, each decompressing to the file itself; not of tiny files or source maps', async () => {
    const { distDir, script } = builtApp();
    const compressed = await precompressFolder(distDir);
    expect(compressed.map((path) => path.slice(distDir.length + 1)).sort()).toEqual(['assets/index-abc123.css', 'assets/index-abc123.js', 'index.html']);
    const file = join(distDir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(existsSync(join(distDir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(join(distDir, 'assets', 'index-abc123.js.map.br'))).toBe(false);
  });
});

describe('what the server sends', () => {
  it('sends the built app\'s files pre-compressed to a browser that accepts them, and plain to one that does not', async () => {
    const { distDir, script } = builtApp();
    await precompressFolder(distDir);
    const { app } = await start({ distDir });
    const url = '/assets/index-abc123.js';

    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes written at build time: nothing is compressed per request.
    expect(brotli.rawPayload.equals(readFileSync(join(distDir, 'assets', 'index-abc123.js.br')))).toBe(true);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // The page itself, as the app's fallback for a route, too.
    const page = await app.inject({ method: 'GET', url: '/bots/demo-bot/settings', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Console</title>');
  });

  it('compresses a JSON answer for a browser that accepts it; an API client without Accept-Encoding gets it plain', async () => {
    const { app } = await start();
    const list = { SerialNumber: BOT, PageNumber: 1, PageSize: 100 };
    const compressed = await app.inject({ method: 'POST', url: operations.RealEstateList.path, headers: { ...SESSION, 'accept-encoding': 'br, gzip' }, payload: list });
    expect(compressed.headers['content-encoding']).toBe('br');
    const envelope = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()) as { Success: boolean; Data: { List: unknown[] } };
    expect(envelope.Success).toBe(true);
    expect(envelope.Data.List.length).toBeGreaterThan(10);
    expect(compressed.rawPayload.length).toBeLessThan(JSON.stringify(envelope).length / 3);
    // Over the plugin's 32 KB streaming default on 2 cores, and still compressed in one call
    // (SYNC_COMPRESSION_LIMIT): only that path knows the length; a stream drops the header.
    expect(JSON.stringify(envelope).length).toBeGreaterThan(32 * 1024);
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));

    const plain = await app.inject({ method: 'POST', url: operations.RealEstateList.path, headers: SESSION, payload: list });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(envelope);
  });

  it('never holds a streamed answer back to compress it: fragments arrive one by one, uncompressed', async () => {
    const service = await start({ streamDelayMs: 100 });
    await ok(service.app, 'Edit', { serialNumber: BOT, WelcomeMessage: 'one two three four five six' });
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    const address = service.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { SessionID } = await ok(service.app, 'GetSession', { serialNumber: BOT });

    const { encoding, firstChunk } = await new Promise<{ encoding: string | undefined; firstChunk: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: operations.ClientAsk.path,
          agent: false,
          headers: { ...SECRET, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
        },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve({ encoding: response.headers['content-encoding'], firstChunk: chunk.toString('utf8') });
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end(JSON.stringify({ sessionID: SessionID, content: 'Hello', stream: true }));
    });
    expect(encoding).toBeUndefined();
    // The first fragment alone, readable as it came: a compressor would have held it for the rest.
    expect(firstChunk).toBe('data: {"content":"one "}\n\n');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { DIST_DIR } from './bundle-size';
import { REACT_ADMIN_DIST } from './peer-build';
import { ROOT } from './service';

/** The builds whose scripts the bench's pages load: the app's, and the react-admin peer's (served at its own host's root). */
const BUILD_DIRS = [DIST_DIR, REACT_ADMIN_DIST];

/*
 * Where a page spends its main-thread time during a measurement, by package or source file:
 * a CPU profile (CDP Profiler) mapped back through the build's source maps. It names the
 * cause of a missed budget (react-markdown, a Mantine component, our own file) without
 * opening DevTools. Only with BENCH_PROFILE=1, since sampling slows the page a little.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per generated line, the segments as [generated column, source index], in column order. */
type DecodedMap = { sources: string[]; lines: [number, number][][] };

function decode(mappings: string): [number, number][][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: [number, number][] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const character of segment) {
        let digit = BASE64.indexOf(character);
        const more = digit & 32;
        digit &= 31;
        value += digit << shift;
        if (more) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0]!;
      if (values.length > 1) {
        source += values[1]!;
        segments.push([column, source]);
      }
    }
    return segments;
  });
}

const maps = new Map<string, DecodedMap | null>();

/** The path of a script URL; evaluation scripts and built-ins have URLs that are not URLs. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function mapOf(url: string): DecodedMap | null {
  if (maps.has(url)) return maps.get(url)!;
  let decoded: DecodedMap | null = null;
  try {
    // Vite names each script by its content's hash, so a path is in one build at most.
    const file = BUILD_DIRS.map((dir) => join(dir, `${pathOf(url)}.map`)).find((candidate) => existsSync(candidate));
    if (file) {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; mappings: string };
      // Sources are written relative to the map's folder, which is not the same depth in every build
      // (the peer's is under node_modules/.cache): read from the project's root, they name packages alike.
      decoded = { sources: raw.sources.map((source) => relative(ROOT, resolve(dirname(file), source))), lines: decode(raw.mappings) };
    }
  } catch {
    decoded = null;
  }
  maps.set(url, decoded);
  return decoded;
}

/** The source file a position of a built script comes from (path inside its package, or under src/). */
function sourceOf(url: string, line: number, column: number): string {
  const map = mapOf(url);
  if (!map) return pathOf(url);
  const segments = map.lines[line] ?? [];
  let found: number | undefined;
  for (const [segmentColumn, source] of segments) {
    if (segmentColumn > column) break;
    found = source;
  }
  const source = found === undefined ? undefined : map.sources[found];
  if (!source) return pathOf(url);
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(?:esm|dist|cjs|lib|build)\/)*(.*)$/.exec(source);
  return inPackage ? `${inPackage[1]}/${inPackage[2]}` : source.replace(/^.*?\/src\//, 'src/');
}

/** The package a source file belongs to (`@mantine/core`), or the file itself for the app's own code. */
function packageOf(source: string): string {
  if (source.startsWith('src/') || source.startsWith('bench/') || source.startsWith('(') || source.startsWith('/')) return source;
  const parts = source.split('/');
  return source.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Runs `work` under the sampling profiler and names the top consumers of main-thread time. */
export async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ result: T; hotSpots: string }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await cdp.send('Profiler.stop').catch(() => undefined);
    throw error;
  }
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node as ProfileNode]));
  const bySource = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const node = nodes.get(id);
    const time = deltas[index + 1] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const source =
      functionName === '(garbage collector)'
        ? '(garbage collector)'
        : functionName === '(program)'
          ? '(browser-native work: style, layout, paint, parsing)'
          : url === '' || url.endsWith('page-probes.js')
            ? '(benchmark probes and Playwright)'
            : sourceOf(url, lineNumber, columnNumber);
    bySource.set(source, (bySource.get(source) ?? 0) + time);
    busy += time;
  });
  const byPackage = new Map<string, number>();
  for (const [source, time] of bySource) byPackage.set(packageOf(source), (byPackage.get(packageOf(source)) ?? 0) + time);
  const share = (time: number) => `${Math.round((time / Math.max(busy, 1)) * 100)}%`;
  const top = (totals: Map<string, number>, count: number) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `${name} ${share(time)}`)
      .join(', ');
  const files = new Map([...bySource].filter(([source]) => !source.startsWith('(')));
  return { result, hotSpots: `main thread busy ${Math.round(busy / 1000)} ms: ${top(byPackage, 6)}; top files: ${top(files, 5)}` };
}

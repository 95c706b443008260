import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first-load budget: gzipped JavaScript a first visit to the landing page downloads (README). */
export const FIRST_LOAD_BUDGET_KB = 200;

export const DIST_DIR = new URL('../dist/', import.meta.url).pathname;

/** The scripts dist/index.html loads by itself: its module scripts and modulepreload links. */
export function entryScripts(distDir = DIST_DIR): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const paths = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\btype=["']?module/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload/.test(tag);
    const source = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if ((isScript || isPreload) && source) paths.add(new URL(source, 'http://app/').pathname);
  }
  return [...paths];
}

export interface ScriptSizes {
  /** Sum of the gzipped sizes, in bytes. */
  gzipBytes: number;
  files: { path: string; gzipBytes: number }[];
}

/** Gzips (zlib's default level, as HTTP servers use) each served path's file in dist and sums. */
export function gzippedSizes(paths: readonly string[], distDir = DIST_DIR): ScriptSizes {
  const files = [...new Set(paths)].map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(join(distDir, decodeURIComponent(path)))).length,
  }));
  return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}

/** The areas a staff member opens by a link, each a first visit with an empty cache. */
export const FIRST_VISIT_AREAS = ['listings', 'settings', 'chat', 'connection', 'activity', 'members', 'sign-in'] as const;
export type FirstVisitArea = (typeof FIRST_VISIT_AREAS)[number];

/**
 * What a first visit to each area should download at most, gzipped JavaScript in KB: the
 * dashboard's budget, and less for the sign-in page, which needs none of the dashboard. The
 * bench prints each against it (npm run bench).
 */
export const FIRST_VISIT_BUDGET_KB: Record<FirstVisitArea, number> = {
  listings: FIRST_LOAD_BUDGET_KB,
  settings: FIRST_LOAD_BUDGET_KB,
  chat: FIRST_LOAD_BUDGET_KB,
  connection: FIRST_LOAD_BUDGET_KB,
  activity: FIRST_LOAD_BUDGET_KB,
  members: FIRST_LOAD_BUDGET_KB,
  'sign-in': 120,
};

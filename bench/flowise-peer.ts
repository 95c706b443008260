import { readFileSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { WIDGET_PATHS } from '../src/api/contract/widget-paths';
import { precompressFolder } from '../build/precompress';
import { testPageHtml } from '../server/widget/test-page';
import { gzippedSizes } from './bundle-size';
import { measureLauncherSinceDocument, OUR_LAUNCHER } from './measure-widget';
import { startPeerHost, type PeerHost } from './peer-host';
import { ROOT } from './service';
import type { WidgetPeerRuns } from './widget-peer-figures';

/*
 * The widget's peer: flowise-embed's chat bubble (the devDependency, its dist/web.js bundle as
 * a chatbot builder's users embed it), on a copy of our widget test page with its embed in place
 * of ours, served from a loopback host of its own (bench/peer-host.ts). Its apiHost is that same
 * host, which answers what the bubble asks with the least JSON its code accepts: no request
 * leaves the loopback, and none is forwarded to our service (the bubble knows nothing of it).
 */

/** flowise-embed's own folder: the script its users load is dist/web.js, self-contained (no further imports). */
const FLOWISE_PACKAGE_DIST = join(ROOT, 'node_modules/flowise-embed/dist');
export const FLOWISE_SCRIPT = '/web.js';
/** Read when asked, not on import: without the package the comparison is unmeasured, and the rest of the bench runs. */
export const flowiseVersion = () => (JSON.parse(readFileSync(join(FLOWISE_PACKAGE_DIST, '../package.json'), 'utf8')) as { version: string }).version;
/** The page and the script as the bench serves them: under node_modules/.cache, never in the app's dist/. */
export const FLOWISE_DIST = join(ROOT, 'node_modules/.cache/bench-flowise');

/** Where its launcher is: the bubble's button inside the shadow root of its custom element. */
export const FLOWISE_LAUNCHER = { script: FLOWISE_SCRIPT, host: 'flowise-chatbot', launcher: 'button[part="button"]' } as const;

/** Our test page's embed (server/widget/test-page.ts): the one script tag with data-chatbot. */
const OUR_EMBED = /<script src="[^"]*" data-chatbot="[^"]*" async><\/script>/g;

/**
 * Our widget test page with flowise-embed's documented embed (an inline module that imports
 * web.js and calls Chatbot.init) where ours was: the same document, viewport and text, so the
 * pages differ only by the widget. apiHost is the page's own origin, known only in the page.
 */
export function flowisePageHtml(ourPage: string, chatflowId: string): string {
  const embeds = ourPage.match(OUR_EMBED) ?? [];
  if (embeds.length !== 1) throw new Error(`our test page has ${embeds.length} widget embeds, not 1: server/widget/test-page.ts changed`);
  const embed = `<script type="module">
import Chatbot from ".${FLOWISE_SCRIPT}";
Chatbot.init({ chatflowid: ${JSON.stringify(chatflowId).replace(/</g, '\\u003c')}, apiHost: location.origin });
</script>`;
  return ourPage.replace(OUR_EMBED, () => embed);
}

/**
 * The answer to a GET of flowise's API (`path` without the query), or undefined for what the
 * bubble has no business asking before its window opens (then 404). Its config reads take
 * `{}` (no chatbotConfig, no flowData) and the streaming check `{ isStreaming: false }`.
 */
export function flowiseApiAnswer(path: string): object | undefined {
  if (/^\/api\/v1\/public-chatbotConfig\/[^/]+$/.test(path)) return {};
  if (/^\/api\/v1\/chatflows-streaming\/[^/]+$/.test(path)) return { isStreaming: false };
  return undefined;
}

export interface FlowisePeer {
  host: PeerHost;
  /** The page with flowise's bubble for chatflow `chatflowId`. */
  url: string;
  /** Every request of flowise's API the host has had, in order (path and query). */
  apiRequests: string[];
  close(): Promise<void>;
}

function flowiseApi(apiRequests: string[]) {
  return (app: FastifyInstance) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/v1/*',
      handler: async (request, reply) => {
        apiRequests.push(`${request.method} ${request.url}`);
        const answer = request.method === 'GET' ? flowiseApiAnswer(request.url.split('?')[0]!) : undefined;
        return answer === undefined ? reply.code(404).send({ message: 'not in the bench' }) : answer;
      },
    });
  };
}

/**
 * Writes the page (from our test page for `chatbotId` on `serviceURL`, as the service serves it)
 * and web.js, pre-compressed as the app's files are (build/precompress.ts), and hosts them.
 */
export async function startFlowisePeer(serviceURL: string, chatbotId: string): Promise<FlowisePeer> {
  await rm(FLOWISE_DIST, { recursive: true, force: true });
  await mkdir(FLOWISE_DIST, { recursive: true });
  await writeFile(join(FLOWISE_DIST, 'index.html'), flowisePageHtml(testPageHtml(chatbotId, serviceURL), chatbotId));
  await copyFile(join(FLOWISE_PACKAGE_DIST, FLOWISE_SCRIPT), join(FLOWISE_DIST, FLOWISE_SCRIPT));
  await precompressFolder(FLOWISE_DIST);
  const apiRequests: string[] = [];
  const host = await startPeerHost(FLOWISE_DIST, serviceURL, flowiseApi(apiRequests));
  return { host, url: `${host.url}/`, apiRequests, close: () => host.close() };
}

/** flowise-embed's script gzipped as ours is counted (bench/bundle-size.ts), in bytes. */
export const flowiseScriptGzipBytes = () => gzippedSizes([FLOWISE_SCRIPT], FLOWISE_PACKAGE_DIST).gzipBytes;

/**
 * `runs` pairs of launcher paints, ours on the service's test page for `chatbotId` and
 * flowise's on its copy, each a fresh context at `cpuSlowdown`; which goes first alternates, so
 * that neither always follows the other (the machine's moments, the servers' warmth). One
 * untimed load of each first: the hosts' first file reads and the service's first settings
 * request are no part of a widget's cost.
 */
export async function measureAgainstFlowise(browser: Browser, serviceURL: string, chatbotId: string, runs: number, cpuSlowdown: number): Promise<WidgetPeerRuns & { apiRequests: string[] }> {
  const flowise = await startFlowisePeer(serviceURL, chatbotId);
  try {
    const ours = () => measureLauncherSinceDocument(browser, `${serviceURL}${WIDGET_PATHS.testPage(chatbotId)}`, OUR_LAUNCHER, cpuSlowdown);
    const peer = () => measureLauncherSinceDocument(browser, flowise.url, FLOWISE_LAUNCHER, cpuSlowdown);
    await ours();
    await peer();
    const result: WidgetPeerRuns = { ours: [], peer: [] };
    for (let run = 0; run < runs; run += 1) {
      if (run % 2 === 0) result.ours.push(await ours());
      result.peer.push(await peer());
      if (run % 2 === 1) result.ours.push(await ours());
    }
    return { ...result, apiRequests: flowise.apiRequests };
  } finally {
    await flowise.close();
  }
}

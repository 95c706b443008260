import { createHash } from 'node:crypto';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { ServiceConfig } from '../config';
import { apiReferenceContentSecurityPolicy } from '../security-headers';
import { buildOpenApiDocument, type DocumentOptions, type OpenApiDocument } from './build-document';

export const OPENAPI_PATH = '/openapi.json';
/** The reference page is `${API_REFERENCE_PATH}/` (the plugin redirects the bare path there). */
export const API_REFERENCE_PATH = '/api-docs';

/** The SHA-256 (base64) of each inline script of a page: what its CSP must allow, and nothing more. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , body]) => createHash('sha256').update(body!, 'utf8').digest('base64'));
}

/** Directives as a Content-Security-Policy header value, as helmet writes them. */
export function policyText(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

const built = new Map<number, { document: OpenApiDocument; body: string }>();

/** The document is the same for every app of a process (it depends on the contract only): built once. */
function documentFor(options: DocumentOptions): { document: OpenApiDocument; body: string } {
  let entry = built.get(options.jsonBodyLimit);
  if (!entry) {
    const document = buildOpenApiDocument(options);
    entry = { document, body: JSON.stringify(document) };
    built.set(options.jsonBodyLimit, entry);
  }
  return entry;
}

/**
 * Scalar's settings for the page. Fonts are the system's (no font host), no telemetry, and no
 * key is filled in: "try it" from a signed-in member's browser carries the console session,
 * and the server performs the operation with its own key within the member's role, as for
 * the console's own requests. An API client types its own key.
 */
function referenceConfiguration() {
  return {
    pageTitle: 'API reference · Realty-bot console',
    withDefaultFonts: false,
    telemetry: false,
    // Nothing that talks to Scalar's own services (its AI agent, its registry, its toolbar).
    agent: { disabled: true },
    showDeveloperTools: 'never' as const,
    defaultOpenAllTags: true,
    // Its "Open API Client" link leads to Scalar's hosted client; the one on the page is enough.
    hideClientButton: true,
    documentDownloadType: 'json' as const,
  };
}

/**
 * GET /openapi.json (the document, built once at start-up from the contract) and the
 * interactive reference at /api-docs/ (Scalar, its script bundled in the package and served
 * from /api-docs/js/scalar.js). Registered in local and proxy mode alike: the document
 * describes the interface, whoever serves it.
 *
 * The page gets its own Content-Security-Policy (security-headers.ts,
 * apiReferenceContentSecurityPolicy): the app's policy plus the hash of the page's one inline
 * script, computed here from the bytes about to be sent. Every other answer keeps the app's.
 */
export async function registerApiReference(app: FastifyInstance, config: ServiceConfig, options: DocumentOptions): Promise<OpenApiDocument> {
  const { document, body } = documentFor(options);
  const mode = config.upstream ? 'proxy' : 'local';

  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body));

  await app.register(async (reference) => {
    reference.addHook('onSend', async (_request, reply, payload) => {
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && contentType.startsWith('text/html')) {
        reply.header('content-security-policy', policyText(apiReferenceContentSecurityPolicy(mode, inlineScriptHashes(payload))));
      }
      return payload;
    });
    await reference.register(apiReference, {
      routePrefix: API_REFERENCE_PATH,
      // The plugin also serves it (normalised) at /api-docs/openapi.json, which the page reads.
      // A copy: the plugin's parser may annotate what it is given.
      configuration: { content: structuredClone(document), ...referenceConfiguration() },
    });
  });
  return document;
}

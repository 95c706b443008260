import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of the served app. What it allows, and why:
 * - script-src 'self': the built index.html loads only /assets/*.js; no inline script, no eval.
 * - style-src 'self' 'unsafe-inline': Mantine writes <style> tags and style attributes at run
 *   time. Styles only; scripts never get 'unsafe-inline'.
 * - img-src 'self' data: blob: https: http:: uploaded pictures are same-origin (/files/...),
 *   attachment previews are blob:/data: URLs, and listing photos are whatever address the
 *   user typed (the contract allows http:// and https://).
 * - media-src 'self' blob: data: https:: audio and video attachments, played from /files/
 *   (or, in proxy mode, from the hosted service's file address) and previewed from blob:.
 * - connect-src 'self': the app talks only to this server. In proxy mode the upload PUT goes
 *   to the pre-signed address the hosted service hands out, on a storage host nobody can
 *   name in advance, so https: is added there; it carries the file's bytes, never a key.
 * - frame-ancestors 'none' (and X-Frame-Options DENY): nobody frames the console.
 * - object-src 'none', base-uri 'self', form-action 'self'.
 * No upgrade-insecure-requests and no HSTS: the service is reached over plain http on
 * localhost, and HSTS there would pin the browser to an https it does not serve.
 */
export function contentSecurityPolicy(mode: 'local' | 'proxy'): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': mode === 'proxy' ? ["'self'", 'https:'] : ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Helmet's headers on every answer (the app, the API, the files), with our CSP. */
export async function registerSecurityHeaders(app: FastifyInstance, mode: 'local' | 'proxy'): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(mode) },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * The policy of the API reference page (GET /api-docs/, server/openapi/routes.ts) and of no
 * other answer: the app's policy, with the SHA-256 hashes of the page's inline scripts added
 * to script-src. The page (@scalar/fastify-api-reference) starts the reference with one
 * inline script; its hash is computed from the page as it is sent, so that script and no
 * other runs: 'unsafe-inline' and 'unsafe-eval' are never added. Everything else is the app's:
 * the reference's own script is served from this origin (/api-docs/js/scalar.js, bundled in
 * the package), its fonts are the system's (no font host), and "try it" sends its requests to
 * this origin (connect-src). The one thing the page tries that the policy refuses is the
 * bundled zod's feature test `new Function('')` (reported as a violation of script-src
 * 'eval'); zod then validates without compiled code, and the page works the same.
 */
export function apiReferenceContentSecurityPolicy(mode: 'local' | 'proxy', inlineScriptHashes: readonly string[]): Directives {
  const policy = contentSecurityPolicy(mode);
  return { ...policy, 'script-src': [...policy['script-src']!, ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)] };
}

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

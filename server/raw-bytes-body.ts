import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Makes a plugin scope read every request body as raw bytes, whatever type it declares, up to
 * `bodyLimit` (the uploads: the console's PUT of a file, the widget's visitor upload). The
 * declared type is only a hint, judged against the bytes later (upload-verdict.ts). Fastify
 * would refuse a malformed one (`image/png;a=b,text/html`) before the body is read, with a 415
 * that says nothing useful: it is kept aside as sent, and the body read as bytes. Returns how
 * to read that declared type back.
 */
export function acceptRawBytes(scope: FastifyInstance, bodyLimit: number): (request: FastifyRequest) => string {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  const declaredTypes = new WeakMap<object, string | undefined>();
  scope.addHook('onRequest', async (request) => {
    declaredTypes.set(request.raw, request.headers['content-type']);
    request.headers['content-type'] = 'application/octet-stream';
  });
  return (request) => (declaredTypes.get(request.raw) ?? '').trim().slice(0, 200) || 'application/octet-stream';
}

/** The bytes a scope set up by acceptRawBytes read; empty when there was no body. */
export function bytesOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

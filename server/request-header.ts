import type { FastifyRequest } from 'fastify';

/** A request header's value; the first one when it was sent more than once. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

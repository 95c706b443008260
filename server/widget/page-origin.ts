import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOriginAllowed, VISITOR_TOKEN_HEADER, type ChatbotSettings } from '../../src/api/contract';
import { ServiceError } from '../envelope';
import { headerValue } from '../request-header';

/**
 * The origin of the page a widget request comes from: its Origin header, which browsers send
 * on every cross-origin request and every POST. A same-origin GET carries none; Fetch
 * Metadata then vouches that the page is this service's own (the test page).
 * Null when nothing says: a program, not a page.
 */
export function pageOriginOf(request: FastifyRequest): string | null {
  const origin = headerValue(request, 'origin');
  if (origin !== undefined) return origin;
  if (headerValue(request, 'sec-fetch-site') === 'same-origin' && request.headers.host) {
    return `${request.protocol}://${request.headers.host}`;
  }
  return null;
}

export function foreignOriginMessage(origin: string | null): string {
  return origin === null
    ? "Origin: this chatbot's widget answers only pages of its allowed Domains, and the request names no page"
    : `Origin: ${JSON.stringify(origin.slice(0, 200))} is not among this chatbot's allowed Domains`;
}

/**
 * The widget's CORS: with VerifyDomain on, only a page whose origin is in Domains is
 * answered, and only it may read the answer (its origin is echoed back); anything else is
 * refused before the request does anything, with no CORS header, so a foreign page learns
 * nothing. With VerifyDomain off any page may embed the widget. Headers go on the raw
 * response, so a streamed (hijacked) answer carries them too.
 */
export function admitPage(request: FastifyRequest, reply: FastifyReply, settings: ChatbotSettings): void {
  const origin = pageOriginOf(request);
  const response = reply.raw;
  if (settings.VerifyDomain) {
    if (origin === null || !isOriginAllowed(origin, settings.Domains)) throw new ServiceError(403, foreignOriginMessage(origin));
    response.setHeader('access-control-allow-origin', origin);
  } else {
    response.setHeader('access-control-allow-origin', '*');
  }
  response.setHeader('vary', 'Origin');
}

/** The answer to a CORS preflight of an admitted page: the two methods and two headers the widget sends. */
export function answerPreflight(reply: FastifyReply): FastifyReply {
  return reply
    .code(204)
    .header('access-control-allow-methods', 'GET, POST')
    .header('access-control-allow-headers', `content-type, ${VISITOR_TOKEN_HEADER}`)
    .header('access-control-max-age', '600')
    .send();
}

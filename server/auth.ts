import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SECRET_KEY_HEADER, SESSION_KEY_HEADER, type Credential } from '../src/api/contract';
import { unauthorized } from './envelope';

export interface Keys {
  secretKey: string;
  sessionKey: string;
}

/**
 * Compares in constant time. Both sides are hashed first so their lengths match and the
 * time taken says nothing about the expected key's length either.
 */
export function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const SECRET_MESSAGE = `Authorization: the secret key is missing or wrong`;
export const SESSION_MESSAGE = `${SESSION_KEY_HEADER}: the session key is missing or wrong`;
export const EITHER_MESSAGE = `Authorization: the secret key is missing or wrong (or send the session key in ${SESSION_KEY_HEADER})`;

/** The Message of a refused request, or null when its credential is accepted. */
export function refusal(credential: Credential, request: FastifyRequest, keys: Keys): string | null {
  const secret = request.headers[SECRET_KEY_HEADER];
  const session = request.headers[SESSION_KEY_HEADER];
  switch (credential) {
    case 'secret':
      return sameSecret(secret, keys.secretKey) ? null : SECRET_MESSAGE;
    case 'session':
      return sameSecret(session, keys.sessionKey) ? null : SESSION_MESSAGE;
    case 'secretOrSession':
      // The interface's header list says Authorization, its examples the session key: both work.
      if (sameSecret(secret, keys.secretKey) || sameSecret(session, keys.sessionKey)) return null;
      return secret === undefined && session !== undefined ? SESSION_MESSAGE : EITHER_MESSAGE;
  }
}

/** An onRequest hook, so credentials are checked before the body is even read. */
export function requireCredential(credential: Credential, keys: Keys): onRequestAsyncHookHandler {
  return async (request) => {
    const message = refusal(credential, request, keys);
    if (message) throw unauthorized(message);
  };
}

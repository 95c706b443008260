import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session ids, setup links and invitations. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the store keeps of a token: its SHA-256. A copy of the database then opens no session
 * and accepts no link; a fast hash is enough, as the token itself has 256 random bits.
 */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

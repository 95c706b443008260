import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Ceremony, NewPasskey } from '../../src/api/contract/console-access';
import { badRequest } from '../envelope';
import type { ServiceConfig } from '../config';
import { linkBase } from './links';
import type { ConsoleStore, StoredMember, StoredPasskey } from './store';
import { newToken } from './tokens';

/*
 * The console as a WebAuthn relying party, through @simplewebauthn/server: it hands out
 * options with a fresh challenge, and checks what the browser's authenticator signed against
 * that challenge, the console's origin and its host name. Every sign-in with a passkey
 * requires user verification (the device's PIN, fingerprint or face), so a passkey alone is
 * two factors, as a password alone is not.
 */

const RP_NAME = 'Realty-bot console';
/** How long a ceremony waits for the browser: the same as the options' timeout, plus a little. */
const CEREMONY_LIFETIME_MS = 5 * 60_000 + 10_000;
/** At most this many ceremonies wait at once: anyone may start one, so the oldest make way. */
const MAX_PENDING_CEREMONIES = 2_000;

export const PASSKEY_NOT_VERIFIED = 'passkey: the passkey could not be verified; try again';
export const PASSKEY_SIGN_IN_REFUSED = 'The passkey was not accepted: it is not registered for a member of this console';
const CEREMONY_EXPIRED = 'ceremony: the passkey request has expired; try again';

interface PendingCeremony {
  kind: 'registration' | 'authentication';
  challenge: string;
  /** The member it was started for; null while nobody is signed in (setup, invitation, sign-in). */
  memberId: string | null;
  /** For a registration: the user handle the new passkey will carry. */
  webauthnUserId: string | null;
  rpId: string;
  origin: string;
  expiresAt: number;
}

/** The relying party a request addresses: CONSOLE_URL's, or the origin the browser used (its Host passed the request guard). */
function relyingPartyOf(request: FastifyRequest, config: Pick<ServiceConfig, 'consoleUrl'>): { rpId: string; origin: string } {
  const origin = new URL(config.consoleUrl ?? linkBase(request)).origin;
  const hostname = new URL(origin).hostname;
  // WebAuthn takes host names only: browsers refuse an IP address as the relying party.
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) {
    throw badRequest(`Passkeys need the console opened by a host name (such as localhost), not by the address ${hostname}`);
  }
  return { rpId: hostname, origin };
}

export type Passkeys = ReturnType<typeof createPasskeys>;

export function createPasskeys(store: ConsoleStore, config: Pick<ServiceConfig, 'consoleUrl'>, now: () => number) {
  const pending = new Map<string, PendingCeremony>();

  const begin = (ceremony: Omit<PendingCeremony, 'expiresAt'>): string => {
    const at = now();
    for (const [id, each] of pending) if (each.expiresAt <= at) pending.delete(id);
    while (pending.size >= MAX_PENDING_CEREMONIES) pending.delete(pending.keys().next().value!);
    const id = newToken();
    pending.set(id, { ...ceremony, expiresAt: at + CEREMONY_LIFETIME_MS });
    return id;
  };

  /** A ceremony is answered once: taken out whether or not its answer passes. */
  const take = (id: string, kind: PendingCeremony['kind'], memberId: string | null): PendingCeremony => {
    const ceremony = pending.get(id);
    pending.delete(id);
    if (!ceremony || ceremony.kind !== kind || ceremony.expiresAt <= now() || ceremony.memberId !== memberId) throw badRequest(CEREMONY_EXPIRED);
    return ceremony;
  };

  return {
    /**
     * Options to make a passkey for `member` (signed in), or for a person not yet a member
     * (`forMember` null: setup or an invitation), named by the email and name they typed.
     */
    async registrationOptions(request: FastifyRequest, account: { member: StoredMember | null; email: string; name: string }): Promise<Ceremony> {
      const { rpId, origin } = relyingPartyOf(request, config);
      const existing = account.member ? store.passkeysOf(account.member.id) : [];
      // One user handle per member, so an authenticator keeps one passkey per member and console, not one per registration.
      const webauthnUserId = existing[0]?.webauthnUserId ?? randomBytes(32).toString('base64url');
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rpId,
        userID: Buffer.from(webauthnUserId, 'base64url'),
        userName: account.email,
        userDisplayName: account.name,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: 5 * 60_000,
      });
      const ceremony = begin({ kind: 'registration', challenge: options.challenge, memberId: account.member?.id ?? null, webauthnUserId, rpId, origin });
      return { ceremony, options: options as unknown as Record<string, unknown> };
    },

    /**
     * Checks a new passkey against its ceremony; the passkey to store (for `memberId`, which
     * must be the member the ceremony was started for). Nothing is stored here: the caller
     * stores it in the same transaction as whatever else the request makes.
     */
    async verifyNew(passkey: NewPasskey, memberId: string | null, defaultName: string): Promise<Omit<StoredPasskey, 'memberId' | 'createdAt' | 'lastUsedAt'>> {
      const ceremony = take(passkey.ceremony, 'registration', memberId);
      const verification = await verifyRegistrationResponse({
        response: passkey.response as unknown as RegistrationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpId,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      if (store.passkeyById(credential.id)) throw badRequest('passkey: this passkey is already registered');
      return {
        id: credential.id,
        webauthnUserId: ceremony.webauthnUserId!,
        name: passkey.name ?? defaultName,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
      };
    },

    /** Options for signing in with any passkey this browser holds for the console (discoverable: no email first). */
    async authenticationOptions(request: FastifyRequest): Promise<Ceremony> {
      const { rpId, origin } = relyingPartyOf(request, config);
      const options = await generateAuthenticationOptions({ rpID: rpId, userVerification: 'required', timeout: 5 * 60_000 });
      const ceremony = begin({ kind: 'authentication', challenge: options.challenge, memberId: null, webauthnUserId: null, rpId, origin });
      return { ceremony, options: options as unknown as Record<string, unknown> };
    },

    /** The member a signed answer proves to be present, or null when it proves nothing. */
    async verifySignIn(ceremonyId: string, response: AuthenticationResponseJSON): Promise<StoredMember | null> {
      const ceremony = take(ceremonyId, 'authentication', null);
      const passkey = store.passkeyById(response.id);
      if (!passkey) return null;
      // The handle the authenticator returns is the one it was given for this passkey's member.
      if (response.response.userHandle && response.response.userHandle !== passkey.webauthnUserId) return null;
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpId,
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return null;
      store.usePasskey(passkey.id, verification.authenticationInfo.newCounter, now());
      const member = store.memberById(passkey.memberId);
      return member && !member.disabled ? member : null;
    },
  };
}

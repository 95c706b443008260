import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for service tests: it answers the console's WebAuthn options the way a
 * platform authenticator does (ES256, "none" attestation, user present and verified), so the
 * routes' checks run against real signatures. The browser side is covered by e2e, with
 * Chromium's own virtual authenticator.
 */

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array | string): string => Buffer.from(data).toString('base64url');

interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class TestAuthenticator {
  private readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Map<number, number | Uint8Array>;
  private counter = 0;
  private userHandle = '';

  constructor(
    private readonly origin: string,
    /** False: an authenticator whose user did not verify (no PIN, no fingerprint). */
    private readonly verifiesUser = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y.
    this.coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
  }

  get id(): string {
    return base64url(this.credentialId);
  }

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.verifiesUser ? FLAG_USER_VERIFIED : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (what @simplewebauthn/browser's startRegistration returns). */
  register(options: CreationOptions, origin = this.origin) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([this.flags(FLAG_ATTESTED_DATA)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(this.coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(this.clientData('webauthn.create', options.challenge, origin)), attestationObject: base64url(attestationObject), transports: ['internal'] },
    };
  }

  /** The browser's answer to authentication options (what startAuthentication returns). */
  authenticate(options: RequestOptions, rpId: string, origin = this.origin) {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(options.rpId ?? rpId), Buffer.from([this.flags()]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = createSign('sha256').update(Buffer.concat([authData, sha256(clientDataJSON)])).sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signature),
        userHandle: this.userHandle,
      },
    };
  }
}

import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../config';

/** How long a request to the provider may take before the sign-in fails (openid-client's default is 30 s). */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** A sign-in sent to the provider: where to send the browser, and the checks its return must pass. */
export interface StartedSignIn {
  authorizationUrl: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Who the provider says signed in: the email lower-cased and trimmed, null when it gave none. */
export interface ProviderIdentity {
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * The console's side of OpenID Connect's authorization code flow, with PKCE (S256), state and
 * nonce, all made and checked by openid-client. Every function throws when the provider cannot
 * be reached, refuses, or answers anything that does not pass openid-client's checks.
 */
export interface SsoProvider {
  start(redirectUri: string): Promise<StartedSignIn>;
  /** Redeems the code the browser brought back to `callbackUrl` (the redirect_uri and the provider's query). */
  finish(callbackUrl: URL, checks: Omit<StartedSignIn, 'authorizationUrl'>): Promise<ProviderIdentity>;
}

/**
 * The provider is discovered at its first use rather than at start-up: a provider that is down
 * must not keep the console (and its other sign-ins) from starting. A success is kept for the
 * process's life; a failure is logged and not kept, so the next sign-in tries again.
 */
export function createSsoProvider(settings: OidcConfig, log: FastifyBaseLogger): SsoProvider {
  let discovered: Promise<oidc.Configuration> | null = null;

  const discover = (): Promise<oidc.Configuration> => {
    const issuer = new URL(settings.issuer);
    return oidc.discovery(issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // config.ts allows plain http only for an issuer on this machine (tests, a local provider).
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
  };

  const configuration = (): Promise<oidc.Configuration> => {
    // Sign-ins that arrive together share one discovery.
    discovered ??= discover().catch((error: unknown) => {
      discovered = null;
      log.warn({ issuer: settings.issuer, reason: reasonOf(error) }, 'single sign-on: discovery of the OpenID Connect provider failed; the next sign-in tries again');
      throw error;
    });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { authorizationUrl, state, codeVerifier, nonce };
    },

    async finish(callbackUrl, { state, codeVerifier, nonce }) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the token response has no ID token');
      // OpenID Connect Core 5.4: claims asked for by scope go to UserInfo when an access token is
      // issued, so a provider that follows it to the letter leaves them out of the ID token. Most
      // (Google, Entra ID, Okta, Keycloak) put them in the ID token too; UserInfo is asked only when
      // not, and openid-client checks that it speaks of the ID token's subject.
      const claims = typeof idToken.email === 'string' ? idToken : await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      return {
        email: typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim().toLowerCase() : null,
        emailVerified: emailVerified(claims),
        name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : null,
      };
    },
  };
}

/**
 * Whether the provider vouches for the email: `email_verified: true` (OpenID Connect's claim).
 * Microsoft Entra ID never sends that claim for work accounts; it sends `xms_edov: true` (email
 * domain owner verified, an optional claim the admin adds to the app registration) when the
 * address's domain is one the tenant proved it owns. Taken only when `email_verified` is absent:
 * a provider that says false is believed.
 */
function emailVerified(claims: Record<string, unknown>): boolean {
  if (claims.email_verified !== undefined) return claims.email_verified === true;
  return claims.xms_edov === true;
}

/**
 * What a log line may say of an error from openid-client: its name, code and message, and the
 * OAuth error code the provider sent. Never its `cause`, which can hold a response body (tokens)
 * or the ID token's claims.
 */
export function reasonOf(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { message: String(error) };
  const reason: Record<string, string> = { name: error.name, message: error.message };
  if ('code' in error && typeof error.code === 'string') reason.code = error.code;
  if ('error' in error && typeof error.error === 'string') reason.error = error.error;
  // A 401 with WWW-Authenticate (a wrong client secret, say) carries its OAuth error code there.
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    const challenged = error.cause.find((challenge) => typeof challenge.parameters.error === 'string');
    if (challenged) reason.error = challenged.parameters.error!;
  }
  return reason;
}

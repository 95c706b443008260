import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OidcProvider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for the single sign-on tests:
 * the service tests (server/console/sso.test.ts) and the browser journey (e2e/sso.spec.ts).
 * Its built-in login form takes any password for the accounts given; their claims are what the
 * provider says of them.
 */

export type TestAccounts = Record<string, { email: string; email_verified?: boolean; xms_edov?: boolean; name: string }>;

export interface TestProvider {
  issuer: string;
  /** Starts answering, for a console whose callback is `redirectUri`. Until then, every request gets 503 (the provider is down). */
  open(redirectUri: string): void;
  close(): Promise<void>;
}

// One signing key for every provider of a test run: making one takes a moment.
let signingKeys: Configuration['jwks'] | undefined;
function jwks(): Configuration['jwks'] {
  if (!signingKeys) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    signingKeys = { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' } as never] };
  }
  return signingKeys;
}

/** The provider warns, rightly, that its in-memory store and built-in forms are for development only: this is a test. */
function quietly<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}

/** A provider on a free port. `claimsInIdToken`: as Google or Keycloak; otherwise the claims come from UserInfo only (OIDC Core 5.4 to the letter). */
export async function startTestProvider({
  accounts,
  clientId,
  clientSecret,
  claimsInIdToken = true,
}: {
  accounts: TestAccounts;
  clientId: string;
  clientSecret: string;
  claimsInIdToken?: boolean;
}): Promise<TestProvider> {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server: Server = createServer((request, response) => {
    if (handle) return handle(request, response);
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    open(redirectUri) {
      const provider = quietly(
        () =>
          new OidcProvider(issuer, {
            clients: [
              {
                client_id: clientId,
                client_secret: clientSecret,
                redirect_uris: [redirectUri],
                token_endpoint_auth_method: 'client_secret_basic',
                grant_types: ['authorization_code'],
                response_types: ['code'],
              },
            ],
            pkce: { required: () => true },
            claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
            conformIdTokenClaims: !claimsInIdToken,
            findAccount: (_context, id) => {
              const account = accounts[id];
              return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
            },
            jwks: jwks(),
            cookies: { keys: ['test-cookie-key'] },
            features: { devInteractions: { enabled: true } },
            ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
          }),
      );
      handle = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

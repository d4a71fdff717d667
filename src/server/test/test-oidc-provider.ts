import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service, type MutableResponse, type MutableToken } from 'oauth2-mock-server';

/** The claims a test's "Google account" puts into its ID tokens (on top of iss, sub, aud, iat, exp, nonce). */
export type TestClaims = Record<string, unknown>;

/** A member of the allowed domain, as Google describes one in an ID token. */
export const WORKSPACE_MEMBER: TestClaims = {
  email: 'ada@inspired2uplift.org',
  email_verified: true,
  hd: 'inspired2uplift.org',
  name: 'Ada Lovelace',
  picture: 'https://lh3.googleusercontent.com/a/ada-photo',
};

/**
 * A real OpenID Connect provider on 127.0.0.1 for server tests (oauth2-mock-server's service behind a plain Node HTTP
 * server; docs/architecture.md#tests), with its issuer URL set explicitly. Its authorization endpoint answers at once
 * with a code (no login page); its token endpoint checks the PKCE code verifier against the challenge of the
 * authorization request (and forgets the challenge, so a code is refused the second time) and signs ID tokens with an
 * RS256 key published in its JWKS. Tests shape each ID token through `claims` and the two hooks, and see the status of
 * every token request in `tokenResponses`.
 */
export class TestOidcProvider {
  /** Claims added to every ID token; replace them per test. */
  claims: TestClaims = { ...WORKSPACE_MEMBER };
  /** Changes the ID token before it is signed (header and payload), e.g. a wrong `aud` or an `exp` in the past. */
  beforeIdTokenSigning: ((token: MutableToken) => void) | undefined;
  /** Changes the token endpoint's answer after signing (synchronously), e.g. to tamper with the ID token. */
  beforeTokenResponse: ((response: MutableResponse) => void) | undefined;
  private constructor(
    private readonly oauth: { issuer: OAuth2Issuer; service: OAuth2Service },
    private readonly server: Server,
    /** The issuer URL, e.g. http://127.0.0.1:41234 (also OIDC_ISSUER of the app under test). */
    readonly issuer: string,
    /** The HTTP status of every answer of the token endpoint (code exchanges), in order. */
    readonly tokenResponses: number[],
  ) {
    oauth.service.on('beforeTokenSigning', (token: MutableToken) => {
      // The ID token is the one with an audience (the access token of a code grant has none).
      if (token.payload.aud === undefined) return;
      Object.assign(token.payload, this.claims);
      this.beforeIdTokenSigning?.(token);
    });
    oauth.service.on('beforeResponse', (response: MutableResponse) => {
      this.beforeTokenResponse?.(response);
    });
  }

  /** Starts a provider on a free port of 127.0.0.1 with a fresh RS256 signing key. */
  static async start(): Promise<TestOidcProvider> {
    const issuer = new OAuth2Issuer();
    await issuer.keys.generate('RS256');
    const service = new OAuth2Service(issuer);
    const tokenResponses: number[] = [];
    const server = createServer((request, response) => {
      if (request.method === 'POST' && request.url?.startsWith('/token') === true) {
        response.on('finish', () => tokenResponses.push(response.statusCode));
      }
      service.requestHandler(request, response);
    });
    // Node closes an idle kept-alive connection after 5 s; the app's next request to the provider that reuses it just
    // then fails (ECONNRESET), which a test slowed down by a busy machine meets now and then. Google keeps them longer.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new TestOidcProvider({ issuer, service }, server, issuer.url, tokenResponses);
  }

  /** How many code exchanges reached the token endpoint. */
  get tokenRequests(): number {
    return this.tokenResponses.length;
  }

  /** The status of the token endpoint's latest answer, or undefined before any. */
  get lastTokenStatus(): number | undefined {
    return this.tokenResponses.at(-1);
  }

  /** The public signing keys, as the JWKS endpoint publishes them. */
  publishedKeys(): { kid: string }[] {
    return this.oauth.issuer.keys.toJSON();
  }

  /** Puts the claims and hooks back to a member of the allowed domain and no changes. */
  reset(): void {
    this.claims = { ...WORKSPACE_MEMBER };
    this.beforeIdTokenSigning = undefined;
    this.beforeTokenResponse = undefined;
  }

  /**
   * Does what the browser does with the authorization request: asks the authorization endpoint and reads where it
   * sends the browser back to.
   * @param authorizationUrl the app's redirect target (the Location of /api/auth/google/start)
   * @returns the redirect back (`…/login?code=…&state=…`) and its code and state
   * @throws Error when the provider does not redirect with a code
   */
  async authorize(authorizationUrl: string): Promise<{ redirect: URL; code: string; state: string }> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || location === null)
      throw new Error(`authorization failed: ${response.status} ${await response.text()}`);
    const redirect = new URL(location);
    const code = redirect.searchParams.get('code');
    const state = redirect.searchParams.get('state');
    if (code === null || state === null) throw new Error(`no code in ${location}`);
    return { redirect, code, state };
  }

  /** Stops the provider. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }
}

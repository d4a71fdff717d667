import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';

/** The claims of a test's "Google account" (added to each ID token besides iss, sub, aud, iat, exp, nonce). */
export type AccountClaims = Record<string, unknown>;

/**
 * A real OpenID Connect provider on 127.0.0.1 for the browser tests (oauth2-mock-server, issuer set explicitly): its
 * authorization endpoint sends the browser straight back with a code (no login page), its token endpoint checks PKCE
 * and signs ID tokens carrying `account`.
 */
export class E2eOidcProvider {
  /** Who "signs in with Google" next. */
  account: AccountClaims = {};

  private constructor(
    private readonly server: OAuth2Server,
    /** e.g. http://127.0.0.1:41234 — the OIDC_ISSUER of the server under test. */
    readonly issuer: string,
  ) {
    server.service.on('beforeTokenSigning', (token: MutableToken) => {
      // The ID token is the token with an audience; the access token of a code grant has none.
      if (token.payload.aud !== undefined) Object.assign(token.payload, this.account);
    });
  }

  /**
   * Starts a provider on 127.0.0.1 with a fresh RS256 key.
   * @param options `port` (default: a free one); `issuer`, the address browsers and the server reach it at when that
   *   is not the plain-http one, e.g. `https://localhost:3144` behind a TLS proxy (tests/production)
   */
  static async start(options: { port?: number; issuer?: string } = {}): Promise<E2eOidcProvider> {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(options.port ?? 0, '127.0.0.1');
    const issuer = options.issuer ?? `http://127.0.0.1:${server.address().port}`;
    server.issuer.url = issuer;
    return new E2eOidcProvider(server, issuer);
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }
}

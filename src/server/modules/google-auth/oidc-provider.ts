import * as client from 'openid-client';

/** What the server needs to talk to the OpenID Connect provider (docs/architecture.md#configuration). */
export interface OidcProviderSettings {
  /** OIDC_ISSUER, e.g. https://accounts.google.com (its discovery document is read from /.well-known/…). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Seconds each request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The provider's configuration, discovered once (lazily, at the first sign-in) and kept; a failed discovery is not
 * kept, so the next sign-in tries again. The configuration verifies the ID token's signature against the provider's
 * JWKS (openid-client's "non-repudiation" checks; without them it would rely on TLS alone) besides iss, aud, exp,
 * iat and nonce. Plain-http issuers (the local provider of the tests) are allowed only outside production, which
 * env.ts enforces.
 */
export class OidcProvider {
  #configuration: Promise<client.Configuration> | undefined;

  constructor(readonly settings: OidcProviderSettings) {}

  /**
   * @returns the discovered configuration
   * @throws openid-client's errors when the discovery document cannot be fetched or is invalid (e.g. its `issuer`
   *   differs from OIDC_ISSUER)
   */
  configuration(): Promise<client.Configuration> {
    this.#configuration ??= this.#discover().catch((error: unknown) => {
      this.#configuration = undefined;
      throw error;
    });
    return this.#configuration;
  }

  async #discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const execute = [client.enableNonRepudiationChecks];
    if (issuer.protocol === 'http:') execute.push(client.allowInsecureRequests);
    return client.discovery(
      issuer,
      this.settings.clientId,
      { client_secret: this.settings.clientSecret },
      client.ClientSecretPost(this.settings.clientSecret),
      { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
    );
  }
}

/** Whether an error from openid-client means the provider or the response was refused (rather than unreachable). */
export function isProviderRefusal(error: unknown): boolean {
  return (
    error instanceof client.ClientError ||
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.WWWAuthenticateChallengeError
  );
}

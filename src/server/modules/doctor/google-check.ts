import { type Config } from '../../env.js';
import { type CheckResult, DEFAULT_TIMEOUT_MS, message, result } from './check-result.js';

/** The Google sign-in check (docs/operations.md#google-sign-in). */

/**
 * Google sign-in: the provider's discovery document (OIDC_ISSUER/.well-known/openid-configuration) can be fetched
 * and names the configured issuer; shows the addresses to register in the Google client.
 */
export async function checkGoogle(config: Config, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<CheckResult> {
  const title = 'Google sign-in';
  if (config.googleClientId === undefined) {
    return result(
      'google',
      title,
      config.isProduction ? 'problem' : 'skipped',
      'No Google client is configured: only development sign-in is offered.',
      config.isProduction
        ? 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (docs/operations.md#google-sign-in).'
        : undefined,
    );
  }
  const origin = config.publicUrl ?? 'the address the browser used';
  const register = `Register in the Google client: JavaScript origin ${origin}, redirect address ${config.publicUrl === undefined ? `${origin} followed by /login` : `${config.publicUrl}/login`}.`;
  const discoveryUrl = `${config.oidcIssuer.replace(/\/+$/u, '')}/.well-known/openid-configuration`;
  let document: Record<string, unknown>;
  try {
    const response = await fetch(discoveryUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    document = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    return result(
      'google',
      title,
      'problem',
      `Could not fetch the provider's discovery document ${discoveryUrl}: ${message(error)}.`,
      'Check OIDC_ISSUER (leave it unset for Google) and that this machine reaches it over HTTPS (proxy, firewall, DNS).',
    );
  }
  const missing = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter(
    (key) => typeof document[key] !== 'string',
  );
  const issuer = typeof document.issuer === 'string' ? document.issuer.replace(/\/+$/u, '') : undefined;
  if (missing.length > 0 || issuer !== config.oidcIssuer.replace(/\/+$/u, '')) {
    return result(
      'google',
      title,
      'problem',
      missing.length > 0
        ? `The discovery document ${discoveryUrl} lacks ${missing.join(', ')}.`
        : `The discovery document names the issuer ${String(document.issuer)}, not OIDC_ISSUER (${config.oidcIssuer}); sign-in would be refused.`,
      "Set OIDC_ISSUER to the provider's issuer exactly (for Google leave it unset: https://accounts.google.com).",
    );
  }
  return result('google', title, 'ok', `The discovery document of ${config.oidcIssuer} was fetched. ${register}`);
}

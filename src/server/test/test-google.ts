import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, PAGE_NAVIGATION, type TestApp } from './test-app.js';
import { TestOidcProvider, WORKSPACE_MEMBER, type TestClaims } from './test-oidc-provider.js';

/** A local OpenID provider standing in for Google, and an app that signs in with it (docs/architecture.md#tests). */
export interface GoogleTestApp {
  provider: TestOidcProvider;
  t: TestApp;
  /** Stops the app and the provider. */
  close(): Promise<void>;
}

/**
 * Starts a {@link TestOidcProvider} and an app whose Google sign-in uses it as its issuer.
 * @param options.env more configuration for the app (admins, dev sign-in, directory…), over the Google settings
 * @param options.app the other options of {@link createTestApp} (rate limits, catalog…)
 * @returns the provider, the app and `close()`; call it in `afterAll`
 */
export async function startGoogleTestApp(
  options: { env?: Record<string, string>; app?: Omit<Parameters<typeof createTestApp>[0], 'env'> } = {},
): Promise<GoogleTestApp> {
  const provider = await TestOidcProvider.start();
  try {
    const t = await createTestApp({
      ...options.app,
      env: {
        GOOGLE_CLIENT_ID: 'onboarding-test.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        OIDC_ISSUER: provider.issuer,
        ...options.env,
      },
    });
    return {
      provider,
      t,
      close: async () => {
        await t.close();
        await provider.stop();
      },
    };
  } catch (error) {
    await provider.stop();
    throw error;
  }
}

/**
 * A whole Google sign-in as a browser makes it: the start (a page navigation), the provider's consent with `claims`
 * (over {@link WORKSPACE_MEMBER}), and the login screen's post of the code with the transaction cookie
 * (docs/product.md#sign-in).
 * @param google the app and provider from {@link startGoogleTestApp}
 * @param claims the ID token's claims for this sign-in (`email`, `sub`, `hd`…)
 * @param remoteAddress the client address of both requests (default: light-my-request's)
 * @returns the callback's response and the `cookie` header value of the session it set (`onboarding_session=` when
 *   it set none)
 */
export async function googleSignIn(
  google: Pick<GoogleTestApp, 'provider' | 't'>,
  claims: TestClaims = {},
  remoteAddress?: string,
): Promise<{ res: LightMyRequestResponse; cookie: string }> {
  const { provider, t } = google;
  provider.claims = { ...WORKSPACE_MEMBER, ...claims };
  const address = remoteAddress === undefined ? {} : { remoteAddress };
  const started = await t.app.inject({
    method: 'GET',
    url: '/api/auth/google/start',
    headers: PAGE_NAVIGATION,
    ...address,
  });
  const transaction = started.cookies.find((c) => c.name === 'onboarding_oidc');
  const { code, state } = await provider.authorize(String(started.headers.location));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: { code, state },
    headers: transaction === undefined ? {} : { cookie: `onboarding_oidc=${transaction.value}` },
    ...address,
  });
  const session = res.cookies.find((c) => c.name === 'onboarding_session');
  return { res, cookie: `onboarding_session=${session?.value ?? ''}` };
}

/**
 * A whole Google sign-in ({@link googleSignIn}) as the account with `sub`, which must succeed.
 * @param google the app and provider from {@link startGoogleTestApp}
 * @param sub the ID token's `sub` (who the account is, whatever its address)
 * @param claims the other claims of the ID token (`email`, `name`…)
 * @returns the `cookie` header value of the session
 * @throws Error with the answer when the sign-in does not answer 200
 */
export async function googleSessionOf(
  google: Pick<GoogleTestApp, 'provider' | 't'>,
  sub: string,
  claims: TestClaims = {},
): Promise<string> {
  const { res, cookie } = await googleSignIn(google, { ...claims, sub });
  if (res.statusCode !== 200) throw new Error(`Google sign-in as ${sub}: ${res.statusCode} ${res.body}`);
  return cookie;
}

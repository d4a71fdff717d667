/** A stand-in for Google that the bench's sign-ins go through (bench/parts/signin.ts, bench/parts/room.ts). */
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service, type MutableToken } from 'oauth2-mock-server';

import { DOMAIN } from './common.js';

/** The outcome of one sign-in as a browser goes through it. */
export interface FlowOutcome {
  ok: boolean;
  /** The callback's status (or the start's, when the start failed); 0 when a request got no answer. */
  status: number;
  /** The browser's time of the start and callback requests, less the provider's part, ms. */
  serverMs: number;
  /** The provider's time answering the server's token request of this flow, ms. */
  providerMs: number;
  /** The session cookie (`name=value`) the callback set, when it did. */
  cookie?: string;
}

/** A running OpenID Connect provider (oauth2-mock-server) that signs each code's ID token for its own member. */
export interface GoogleStandIn {
  /** The provider's address: the app's OIDC_ISSUER. */
  issuer: string;
  /** The environment of an app server that signs in through it. */
  appEnv: Record<string, string>;
  /** How many requests each path of the provider got. */
  requests: Map<string, number>;
  /**
   * One complete sign-in against `base`: GET /api/auth/google/start, the provider's authorization endpoint (which
   * answers at once with a code), POST /api/auth/google/callback with the transaction cookie.
   * @param base the app's origin
   * @param email the member's Google account (each address its own `sub`)
   * @param timeoutMs the most each of the app's two requests may take (an answer not given by then fails the flow)
   */
  flow(base: string, email: string, timeoutMs?: number): Promise<FlowOutcome>;
  close(): Promise<void>;
}

/**
 * Starts the provider on a free loopback port.
 * @returns the provider, listening
 */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const issuerKeys = new OAuth2Issuer();
  await issuerKeys.keys.generate('RS256');
  const service = new OAuth2Service(issuerKeys);
  // Each code belongs to one member: the ID token of its exchange carries that member's claims.
  const accountOfCode = new Map<string, string>();
  // The provider's own time for each code's token request, and what the server asked it for.
  const providerMsOfCode = new Map<string, number>();
  const codeOfRequest = new WeakMap<object, string>();
  const requests = new Map<string, number>();
  service.on('beforeTokenSigning', (token: MutableToken, req: { body?: { code?: unknown } }) => {
    codeOfRequest.set(req, String(req.body?.code));
    if (token.payload.aud === undefined) return;
    const email = accountOfCode.get(String(req.body?.code));
    // Each person their own Google account (`sub`): the provider's default subject is the same for everyone, which
    // would make every sign-in look like one person whose address changed.
    Object.assign(token.payload, { sub: `google-${email}`, email, email_verified: true, hd: DOMAIN, name: email });
  });
  const server = createServer((req, res) => {
    const began = performance.now();
    const route = new URL(req.url ?? '/', 'http://provider').pathname;
    requests.set(route, (requests.get(route) ?? 0) + 1);
    res.on('finish', () => {
      const code = codeOfRequest.get(req);
      if (code !== undefined) providerMsOfCode.set(code, performance.now() - began);
    });
    service.requestHandler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  issuerKeys.url = issuer;

  const timed = async (run: () => Promise<Response>): Promise<{ res: Response; ms: number }> => {
    const t0 = performance.now();
    const res = await run();
    await res.arrayBuffer();
    return { res, ms: performance.now() - t0 };
  };
  /**
   * A top-level navigation as a browser makes it (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`), which the
   * start route asks for; Node's fetch always says `cors`. Redirects are not followed.
   */
  const navigate = (url: string, timeoutMs: number) =>
    new Promise<{ status: number; location?: string; setCookie: string[]; ms: number }>((resolve, reject) => {
      const t0 = performance.now();
      const request = get(
        url,
        { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, timeout: timeoutMs },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location,
              setCookie: res.headers['set-cookie'] ?? [],
              ms: performance.now() - t0,
            }),
          );
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer in time')));
      request.on('error', reject);
    });
  const flow = async (base: string, email: string, timeoutMs = 60_000): Promise<FlowOutcome> => {
    const began = performance.now();
    try {
      const start = await navigate(`${base}/api/auth/google/start`, timeoutMs);
      const { location } = start;
      const transaction = start.setCookie[0]?.split(';')[0];
      const transactionName = `${transaction?.split('=')[0]}=`;
      if (start.status !== 302 || location === undefined || transaction === undefined)
        return { ok: false, status: start.status, serverMs: start.ms, providerMs: 0 };
      const authorized = await fetch(location, { redirect: 'manual' });
      const back = new URL(authorized.headers.get('location') ?? '');
      const code = back.searchParams.get('code') ?? '';
      accountOfCode.set(code, email);
      const callback = await timed(() =>
        fetch(`${base}/api/auth/google/callback`, {
          method: 'POST',
          headers: { origin: base, cookie: transaction, 'content-type': 'application/json' },
          body: JSON.stringify({ code, state: back.searchParams.get('state') }),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      const providerMs = providerMsOfCode.get(code) ?? 0;
      return {
        ok: callback.res.status === 200,
        status: callback.res.status,
        serverMs: start.ms + callback.ms - providerMs,
        providerMs,
        cookie: callback.res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0] ?? '')
          .find((c) => !c.startsWith(transactionName)),
      };
    } catch {
      // No answer in time (or the connection failed): a flow the person would give up on.
      return { ok: false, status: 0, serverMs: performance.now() - began, providerMs: 0 };
    }
  };
  return {
    issuer,
    appEnv: {
      GOOGLE_CLIENT_ID: 'onboarding-bench.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'bench-secret',
      OIDC_ISSUER: issuer,
    },
    requests,
    flow,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

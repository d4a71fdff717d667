import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Request, type Response } from '@playwright/test';
import { startGoogleServer, type GoogleServer } from './support/google-server';
import { E2eOidcProvider } from './support/oidc-provider';

/**
 * A page on another site cannot lock a room out of sign-in (docs/decisions/034-cross-site-sign-in-lockout.md): Chromium
 * opens a page served from another origin (127.0.0.1 on a port of its own, another site than localhost) that makes
 * the browser request the start of sign-in as images and post forged callbacks in frames, more often than the limits
 * allow. Then a person signs in normally from the same address and browser, and gets in. Against an app server
 * configured for Google sign-in with a tiny start limit (5 a minute; failed callbacks: 20 per 5 minutes).
 */

const port = Number(process.env.E2E_LOCKOUT_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 6);
const START_LIMIT = 5;
const IMAGES = START_LIMIT * 2;
/** More than the 20 failed callbacks an address may make in 5 minutes. */
const FORMS = 25;

let provider: E2eOidcProvider;
let server: GoogleServer;
let foreign: Server;
let foreignOrigin: string;

test.use({ baseURL: `http://localhost:${port}` });

/** The foreign page: images pointing at the start of sign-in, and forms posting forged callbacks into frames. */
function foreignPage(app: string): string {
  const images = Array.from(
    { length: IMAGES },
    (_, i) => `<img alt="" width="1" height="1" src="${app}/api/auth/google/start?returnTo=%2F&amp;n=${i}">`,
  ).join('\n');
  const forms = Array.from(
    { length: FORMS },
    (_, i) =>
      `<iframe name="f${i}" title="f${i}"></iframe>` +
      `<form method="post" target="f${i}" action="${app}/api/auth/google/callback">` +
      `<input name="code" value="forged-${i}"><input name="state" value="forged-${i}"></form>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body>
<h1>Another site</h1>
${images}
${forms}
<script>for (const form of document.forms) form.submit();</script>
</body></html>`;
}

test.beforeAll(async () => {
  // Starting a server on a fresh embedded database takes a minute on a busy machine.
  test.setTimeout(240_000);
  provider = await E2eOidcProvider.start();
  provider.account = {
    email: 'rosa.room@inspired2uplift.org',
    email_verified: true,
    hd: 'inspired2uplift.org',
    name: 'Rosa Room',
  };
  server = await startGoogleServer({
    port,
    issuer: provider.issuer,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: String(START_LIMIT) },
  });
  foreign = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(foreignPage(server.origin));
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => foreign?.close(resolve));
  await server?.stop();
  await provider?.stop();
});

test('a foreign page that fires sign-in starts and forged callbacks does not keep the room from signing in', async ({
  page,
}) => {
  // The images' answers never reach the foreign page (Chromium's opaque-response blocking): each image request counts
  // once it has settled, which it does only after the server answered.
  let startsSettled = 0;
  const callbacks: Response[] = [];
  const isStart = (request: Request) => request.url().startsWith(`${server.origin}/api/auth/google/start`);
  page.on('requestfinished', (request) => {
    if (isStart(request)) startsSettled += 1;
  });
  page.on('requestfailed', (request) => {
    if (isStart(request)) startsSettled += 1;
  });
  page.on('response', (response) => {
    if (response.url() === `${server.origin}/api/auth/google/callback`) callbacks.push(response);
  });

  await page.goto(`${foreignOrigin}/`);
  await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
  await expect.poll(() => startsSettled).toBe(IMAGES);
  await expect.poll(() => callbacks.length).toBe(FORMS);
  // The posts are refused as cross-site (and, since the fix, not counted).
  expect(callbacks.map((response) => response.status())).toEqual(Array(FORMS).fill(403));
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
  page.removeAllListeners('response');

  // Someone in the room signs in, in the same browser, from the same address: they get in.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
  const callback = page.waitForResponse((response) => response.url().endsWith('/api/auth/google/callback'));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  expect((await callback).status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rosa!' })).toBeVisible();
});

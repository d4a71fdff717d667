import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems } from '../e2e/support/page-problems';
import {
  FINANCE_PASS,
  MEMBER,
  OIDC_ISSUER,
  PLAIN_HTTP_URL,
  PORTS,
  PUBLIC_HOST_NAME,
  PUBLIC_URL,
  proxyRequest,
  startRehearsal,
  type Rehearsal,
} from './rehearsal';

/**
 * The production rehearsal (docs/operations.md#behind-a-reverse-proxy): a member's first day on an installation set up
 * as docs/operations.md#deploying says, behind deploy/Caddyfile, and what production must hold there: Secure cookies
 * with their prefixes, HSTS, plain http sent to PUBLIC_URL, sign-in limits per client address as the proxy names it,
 * and no development sign-in. tests/production/rehearsal.ts starts it all.
 */

/** HSTS of a production answer (plugins/security-headers.ts: one year). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What pdf.js's worker reports when the document viewer drops a PDF that is still loading: at its automatic reload
 * after 5 s (docs/product.md#step-widgets), or when the signed step closes. The app drops it on purpose and the page
 * goes on; on a busy machine the agreement takes that long, so this one is not counted as a problem of the page.
 */
const PDF_WORKER_TERMINATED = 'page: Worker was terminated';

let rehearsal: Rehearsal;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rehearsal = await startRehearsal();
});

test.afterAll(async () => {
  await rehearsal?.stop();
});

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });
const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('plain http is sent on to PUBLIC_URL, and answers over https carry HSTS', async () => {
  const plain = await proxyRequest(`${PLAIN_HTTP_URL}/dashboard?tab=steps`);
  expect(plain.status).toBe(308);
  expect(plain.headers.location).toBe(`${PUBLIC_URL}/dashboard?tab=steps`);

  for (const pathname of ['/login', '/api/health', '/api/config', '/no-such-page']) {
    const answer = await proxyRequest(`${PUBLIC_URL}${pathname}`, { ca: rehearsal.rootCertificate });
    expect(answer.headers['strict-transport-security'], pathname).toBe(HSTS);
  }
});

test('the app set up by npm run setup listens on this machine only, and says so', async () => {
  // setup wrote HOST=127.0.0.1 beside TRUST_PROXY: nobody can reach the app without the proxy to forge an address.
  expect(rehearsal.appLog()).toContain(`Onboarding is listening on 127.0.0.1:${PORTS.app}`);
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal);
  expect(outside, 'an address of this machine other than loopback, to knock on').toBeDefined();
  const refused = await new Promise<string>((resolve) => {
    const socket = connect({ host: outside?.address, port: PORTS.app });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  expect(refused).toBe('ECONNREFUSED');
});

test('development sign-in is refused, and the login page offers Google only', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  // Sent on to the login page at PUBLIC_URL (slow on a busy machine: the app's client decides, once it has loaded).
  await expect(page).toHaveURL(new RegExp(`^${PUBLIC_URL.replaceAll('.', '\\.')}/login(\\?|$)`));
  await expect(page.getByText('Development Mode', { exact: true })).toHaveCount(0);

  // Asked by the page itself (the browser's own request, with its Origin), as the login screen would.
  const refused = await page.evaluate(async (email) => {
    const answer = await fetch('/api/auth/dev-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    return { status: answer.status, body: (await answer.json()) as unknown, me: (await fetch('/api/me')).status };
  }, MEMBER.email);
  expect(refused).toEqual({
    status: 403,
    body: {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Development sign-in is turned off on this server. Sign in with Google.',
    },
    me: 401,
  });
});

test("a finance member's first day: Google sign-in, a step, the agreement, the finance password, the admin console", async ({
  page,
  context,
}) => {
  const problems = collectPageProblems(page);
  rehearsal.provider.account = {
    email: MEMBER.email,
    email_verified: true,
    hd: 'inspired2uplift.org',
    name: MEMBER.name,
  };

  // Sign in with "Google": the start sets the sign-in's own cookie (__Secure-, for its path only) and sends the
  // browser to the provider with PUBLIC_URL's /login as the way back.
  await page.goto('/login');
  const start = page.waitForResponse((response) => response.url().startsWith(`${PUBLIC_URL}/api/auth/google/start`));
  const authorize = page.waitForRequest((request) => request.url().startsWith(`${OIDC_ISSUER}/authorize?`));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const startCookie = (await (await start).headerValue('set-cookie')) ?? '';
  expect(startCookie).toMatch(/^__Secure-onboarding_oidc=[^;]+;/);
  expect(startCookie).toContain('; Secure');
  expect(startCookie).toContain('; HttpOnly');
  expect(new URL((await authorize).url()).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/login`);
  await expect(page).toHaveURL(`${PUBLIC_URL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Welcome, Fin!' })).toBeVisible();

  // The session cookie: __Host- (Secure, Path=/, no Domain), HttpOnly, SameSite=Lax; nothing the server set is
  // without Secure.
  const cookies = await context.cookies(PUBLIC_URL);
  const session = cookies.find((cookie) => cookie.name === '__Host-onboarding_session');
  expect(session).toMatchObject({ domain: PUBLIC_HOST_NAME, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
  expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([]);

  // A step.
  const first = stepCard(page, 'Sign in to your Chrome profile');
  await first.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(first.getByRole('button', { name: 'Reset step' })).toBeVisible();
  const progress = Number(await progressBar(page).getAttribute('aria-valuenow'));
  expect(progress).toBeGreaterThan(0);

  // The agreement.
  const agreement = stepCard(page, 'Sign the Volunteer Agreement');
  await agreement.getByRole('button', { name: 'Sign the Volunteer Agreement', exact: true }).click();
  const download = page.waitForEvent('download');
  await agreement.getByRole('link', { name: 'Download', exact: true }).click();
  await download;
  await agreement.getByRole('button', { name: 'Sign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the Volunteer Agreement' });
  await dialog.getByLabel('Your full name').fill(MEMBER.name);
  await dialog.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(agreement.getByText('Completed')).toBeVisible();
  const receipt = page.waitForEvent('download');
  await agreement.getByRole('link', { name: 'Download your signed receipt (PDF)' }).click();
  expect((await receipt).suggestedFilename()).toMatch(/^receipt-sign-volunteer-agreement-\d{4}-\d{2}-\d{2}\.pdf$/);

  // The finance password, which the finance role may see.
  const secretAnswer = page.waitForResponse((response) => response.url().startsWith(`${PUBLIC_URL}/api/secrets/`));
  const finance = stepCard(page, 'Finance profile');
  await finance.getByRole('button', { name: 'Finance profile' }).click();
  expect((await secretAnswer).headers()['cache-control']).toBe('no-store');
  await finance.getByRole('button', { name: 'Show' }).first().click();
  await expect(finance.getByText(FINANCE_PASS).first()).toBeVisible();

  // All kept on the server: a reload shows the same.
  const done = (await progressBar(page).getAttribute('aria-valuenow')) ?? '';
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', done);
  await expect(stepCard(page, 'Sign the Volunteer Agreement').getByText('Completed')).toBeVisible();

  // The admin console, and its digest by e-mail, whose links lead to PUBLIC_URL.
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${PUBLIC_URL.replaceAll('.', '\\.')}/admin`));
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByRole('button', { name: 'Send me the digest now' }).click();
  await expect(page.getByText('Your digest is queued')).toBeVisible();
  await rehearsal.smtp.waitFor(1);
  const digest = rehearsal.smtp.messages[0];
  expect(digest?.to).toMatchObject({ value: [{ address: MEMBER.email }] });
  const links = [...String(digest?.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/`), link).toBe(true);

  // The reveal is in the audit log; no page had an error (a Content Security Policy refusal would be one), and the
  // server's log never holds the password.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('region', { name: 'Audit log entries' }).getByText('FINANCE_PASS').first()).toBeVisible();
  expect(problems.filter((problem) => problem !== PDF_WORKER_TERMINATED)).toEqual([]);
  expect(rehearsal.appLog()).not.toContain(FINANCE_PASS);

  // Signing out clears the __Host- cookie in the browser: a clearing Set-Cookie without Secure and Path=/ would be
  // ignored for that prefix, leaving the cookie behind.
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
  expect(page.url().startsWith(`${PUBLIC_URL}/login`)).toBe(true);
  expect((await context.cookies(PUBLIC_URL)).map((cookie) => cookie.name)).not.toContain('__Host-onboarding_session');
});

test('sign-in limits count each client address the proxy names, and a client cannot name its own', async () => {
  const ca = rehearsal.rootCertificate;
  const start = `${PUBLIC_URL}/api/auth/google/start`;
  // One client (127.0.0.2) uses up its sign-in starts (AUTH_RATE_LIMIT_PER_MINUTE, 120 by default), each time claiming
  // to be someone else in its own X-Forwarded-For: Caddy replaces that header, so every request counts as 127.0.0.2.
  let answer = await proxyRequest(start, { ca, from: '127.0.0.2' });
  let starts = 0;
  while (answer.status === 302 && starts < 200) {
    starts += 1;
    answer = await proxyRequest(start, {
      ca,
      from: '127.0.0.2',
      headers: { 'X-Forwarded-For': `10.0.${starts % 250}.1` },
    });
  }
  expect(starts).toBe(120);
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);

  // Another client behind the same proxy still gets in.
  expect((await proxyRequest(start, { ca, from: '127.0.0.3' })).status).toBe(302);
  // The app's log names each client, not the proxy (a request's line is written once its answer has gone).
  const loggedAddresses = () =>
    [
      ...new Set(
        rehearsal
          .appLog()
          .split('\n')
          .filter((line) => line.includes('"url":"/api/auth/google/start"'))
          .map((line) => (JSON.parse(line) as { remoteAddress: string }).remoteAddress),
      ),
    ].sort();
  await expect.poll(loggedAddresses).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { startTestSmtp, type TestSmtp } from '../../src/server/test/test-smtp';
import { expectNoAxeViolations } from './support/axe';
import { ClockServer } from './support/clock-server';
import { E2eOidcProvider } from './support/oidc-provider';

/**
 * Pre-boarding end to end (docs/product.md#pre-boarding): an admin invites two volunteers with a private e-mail
 * address and a start date a week away; the welcome reaches the private address (a real SMTP server on loopback); its
 * link opens the pre-boarding page (also at 320 CSS px with 200% text); one sends the support and access needs form; two
 * days later the reminder to fill it in goes to the other only; her first Google sign-in (a real OpenID provider on
 * loopback) makes the answers hers (an admin read them before); the link used again, after the sign-in, opened from
 * another site, and after pre-boarding is over are each refused with a page that says what to do.
 *
 * It runs its own server (the build of `npm start`, NODE_ENV=test) so that TEST_CLOCK_OFFSET_MS sets its clock (10:00
 * London: the welcome waits out the quiet hours, and CI may run at night), with MAIL_EVERY_SECONDS=1 and Google sign-in
 * only (no development sign-in).
 */
const DOMAIN = 'inspired2uplift.org';
const ADMIN = { email: `ada.admin.pb.e2e@${DOMAIN}`, name: 'Ada Admin' };
const NINA = { email: `nina.pb.e2e@${DOMAIN}`, private: 'nina.pb.e2e@example.com', name: 'Nina Park' };
const OLLY = { email: `olly.pb.e2e@${DOMAIN}`, private: 'olly.pb.e2e@example.net', name: 'Olly Reed' };
/** Nina's answer to a sensitive question: hers after sign-in, never shown again by the pre-boarding page. */
const NINA_SECRET = 'Please send the plan the day before (NINA-E2E-SECRET)';
const ZONE = 'Europe/London';
const today = DateTime.now().setZone(ZONE).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
const startOn = today.plus({ days: 7 }).toISODate() ?? '';
const WELCOME_SUBJECT = 'Welcome to INSPIRED 2 UPLIFT: get ready for your first day';
const REMINDER_SUBJECT = 'Is there anything that would help you on your first day?';

let smtp: TestSmtp;
let provider: E2eOidcProvider;
let foreign: Server;

/** The app server of this file on localhost (127.0.0.1 is the other site's), its clock at a London date and time. */
const app = new ClockServer({
  name: 'preboarding',
  host: 'localhost',
  readyTimeoutMs: 120_000,
  env: () => ({
    ADMIN_EMAILS: ADMIN.email,
    TIME_ZONE: ZONE,
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: 'onboarding-e2e.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'onboarding-e2e-client-secret',
    OIDC_ISSUER: provider.issuer,
    AUTH_DEV_LOGIN: 'false',
  }),
});
const origin = () => app.origin;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startTestSmtp();
  provider = await E2eOidcProvider.start();
  await app.start(today);
  // Another site (127.0.0.1 is not localhost): a page with a link to whatever address `?to=` names.
  foreign = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('to') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>A web mail</title></head><body><a href="${to.replaceAll('"', '&quot;')}">Open the link</a></body></html>`,
    );
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await app.stop();
  await smtp?.close();
  await provider?.stop();
  await new Promise<void>((resolve) => (foreign ? foreign.close(() => resolve()) : resolve()));
});

/** The messages the SMTP server received for `address` with `subject`. */
const mailsTo = (address: string, subject: string) =>
  smtp.messages.filter(
    (m) => [m.to ?? []].flat().some((to) => to.value.some((a) => a.address === address)) && m.subject === subject,
  );

/** The pre-boarding link of a message. */
function linkIn(text: string | undefined): string {
  const found = /https?:\/\/\S+\/preboarding\/open\?token=[A-Za-z0-9_-]{43}/u.exec(text ?? '');
  if (found === null) throw new Error(`no pre-boarding link in:\n${text ?? ''}`);
  return found[0];
}

/** Signs in with Google through the login page, as `account`, in `page`'s context. */
async function googleSignIn(page: Page, account: { email: string; name: string }) {
  provider.account = { email: account.email, email_verified: true, hd: DOMAIN, name: account.name };
  await page.goto(`${origin()}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u, { timeout: 30_000 });
}

/** A page in a new browser context of its own (another person's device). */
const newPage = async (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  (await browser.newContext(options)).newPage();

test('invite with a private address → the e-mail → the link → the page (also at 320 px, 200% text) → the form sent → the first Google sign-in makes it hers; used, signed-in, cross-site and late links refused', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await newPage(browser);
  await googleSignIn(admin, ADMIN);
  for (const person of [NINA, OLLY]) {
    await admin.goto(`${origin()}/admin`);
    await admin.getByRole('tab', { name: 'Invite' }).click();
    await admin.getByLabel('E-mail address', { exact: true }).fill(person.email);
    await admin.getByLabel(/^Private e-mail address/u).fill(person.private);
    await admin.getByLabel('Start date (optional: else their first sign-in)').fill(startOn);
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Volunteer' });
    await admin.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(admin.getByText(`Invited ${person.email}`)).toBeVisible();
  }

  // The welcome reaches the private address, with the link.
  await expect.poll(() => mailsTo(NINA.private, WELCOME_SUBJECT).length, { timeout: 30_000 }).toBe(1);
  const link = linkIn(mailsTo(NINA.private, WELCOME_SUBJECT)[0]?.text);

  // On Nina's phone: the link's page names her address (masked) and opens nothing by itself.
  const nina = await newPage(browser, { viewport: { width: 320, height: 720 } });
  await nina.goto(link);
  await expect(nina.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(nina.getByText('n•••@example.com')).toBeVisible();
  await nina.getByRole('button', { name: 'Open my page' }).click();
  await expect(nina).toHaveURL(/\/preboarding$/u);
  await expect(nina.getByRole('heading', { name: 'Welcome to INSPIRED 2 UPLIFT!' })).toBeVisible();
  await expect(nina.getByRole('heading', { name: 'Your first day', exact: true })).toBeVisible();
  for (const title of ['What to expect when you start', 'Your support and access needs']) {
    await expect(nina.getByRole('heading', { level: 4, name: title })).toBeVisible();
  }
  await expect(nina.getByText('Set up Slack')).toHaveCount(0);

  // 200% text at 320 CSS px: chosen in 'Reading and display', kept for her; nothing leaves the screen.
  // The header folds at 320 px: 'Reading and display' is under its 'Menu'.
  const menu = nina.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await nina.getByRole('button', { name: 'Reading and display' }).click();
  const dialog = nina.getByRole('dialog', { name: 'Reading and display' });
  await dialog.getByRole('radio', { name: '200%' }).check();
  await expect(dialog.getByText('Saved for you: from your first sign-in, it is part of your account.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(nina.locator('html')).toHaveAttribute('data-text-size', '200');
  const overflow = await nina.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await nina.screenshot({ path: test.info().outputPath('preboarding-320px-200pc.png'), fullPage: true });
  await expectNoAxeViolations(nina, { state: 'pre-boarding page at 320 px with 200% text' });

  // The form: sent once; its sensitive answer is not shown again here.
  const form = nina.getByRole('form', { name: 'Your answers' });
  await form.getByLabel('Captions or a transcript in video calls').check();
  await form.getByLabel(/^Is there anything else that would help you\?/u).fill(NINA_SECRET);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(nina.getByText(/^You sent this form on /u)).toBeVisible();
  await expect(nina.getByText(NINA_SECRET)).toHaveCount(0);
  await nina.reload();
  await expect(nina.getByText(/^You sent this form on /u)).toBeVisible();
  expect(await nina.content()).not.toContain('NINA-E2E-SECRET');

  // Before her first sign-in, the admin already reads what she sent (the support can be ready on day one).
  await admin.goto(`${origin()}/admin/members/${encodeURIComponent(NINA.email)}`);
  await admin.getByRole('button', { name: 'Show answers' }).click();
  const sentForm = admin.getByRole('article', { name: 'Your support and access needs' });
  await expect(sentForm.getByText(/^Sent before the first day, /u)).toBeVisible();
  await expect(sentForm.getByText(NINA_SECRET)).toBeVisible();

  // The same link again: used.
  const again = await newPage(browser);
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This link was used already' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Send me a new link' })).toBeVisible();

  // Olly's link opened from another site: nothing opens, the page says what to do.
  await expect.poll(() => mailsTo(OLLY.private, WELCOME_SUBJECT).length, { timeout: 30_000 }).toBe(1);
  const ollyLink = linkIn(mailsTo(OLLY.private, WELCOME_SUBJECT)[0]?.text);
  const olly = await newPage(browser);
  const { port: foreignPort } = foreign.address() as AddressInfo;
  await olly.goto(`http://127.0.0.1:${foreignPort}/?to=${encodeURIComponent(ollyLink)}`);
  await olly.getByRole('link', { name: 'Open the link' }).click();
  await expect(olly.getByRole('heading', { name: 'Open your page from your e-mail' })).toBeVisible();
  await expect(olly.getByText('This link was opened from another website')).toBeVisible();
  expect((await olly.context().cookies()).filter((c) => c.name === 'onboarding_preboarding')).toEqual([]);

  // Two days later (five before the start): the reminder to fill in the form goes to Olly only.
  await app.restartAt(today.plus({ days: 2 }));
  await expect.poll(() => mailsTo(OLLY.private, REMINDER_SUBJECT).length, { timeout: 30_000 }).toBe(1);
  expect(mailsTo(NINA.private, REMINDER_SUBJECT)).toHaveLength(0);

  // Nina's first Google sign-in: what she did is hers. On her phone the app first says it is meant for a computer.
  await googleSignIn(nina, NINA);
  await nina.getByRole('button', { name: 'Continue Anyway' }).click();
  const step = nina.locator('article').filter({
    has: nina.getByRole('heading', { level: 3, name: 'Your support and access needs', exact: true }),
  });
  await expect(step.getByText('Completed', { exact: true })).toBeVisible();
  await step.getByRole('button', { name: 'Your support and access needs' }).click();
  await expect(step.getByRole('textbox', { name: /^Is there anything else that would help you\?/u })).toHaveValue(
    NINA_SECRET,
  );
  await expect(nina.locator('html')).toHaveAttribute('data-text-size', '200');

  // After the sign-in, links say to sign in; the pre-boarding page is closed.
  const after = await newPage(browser);
  await after.goto(linkIn(mailsTo(NINA.private, WELCOME_SUBJECT)[0]?.text));
  await expect(after.getByRole('heading', { name: 'You have signed in already' })).toBeVisible();
  await expect(after.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Her member page says what she did before her first day.
  await admin.goto(`${origin()}/admin/members/${encodeURIComponent(NINA.email)}`);
  const before = admin.getByRole('region', { name: 'Before the first day' });
  await expect(before.getByText(/^Your support and access needs: form sent on /u)).toBeVisible();
  await expect(before.getByText(/It became part of their onboarding at their first sign-in/u)).toBeVisible();

  // After the third day after the start date, Olly's unused link says pre-boarding is over and points to the sign-in.
  await app.restartAt(today.plus({ days: 11 }));
  const late = await newPage(browser);
  await late.goto(ollyLink);
  await expect(late.getByRole('heading', { name: 'Your first day has passed' })).toBeVisible();
  await expect(late.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

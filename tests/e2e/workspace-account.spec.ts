import { expect, test, type Browser } from '@playwright/test';
import { DateTime } from 'luxon';
import { startTestSmtp, type TestSmtp } from '../../src/server/test/test-smtp';
import { WorkspacePeer } from '../../src/server/test/workspace-peer';
import { DEFAULT_PREFERENCES } from '../../src/shared/preferences';
import { expectNoAxeViolations } from './support/axe';
import { ClockServer } from './support/clock-server';
import { reflowProblems } from './support/reflow';
import { labelsNotInNames, smallTargets } from './support/targets';

/**
 * The Google Workspace account follows the member, in the browser (docs/product.md#google-workspace-accounts,
 * docs/product.md#google-workspace-groups): an admin sets volunteers' group in the Google Workspace tab, invites a
 * volunteer with a private e-mail address, creates their Google account from the member page (the temporary password
 * arrives at the private address and is the one Google got), applies the groups the member page lists, marks them as
 * left tomorrow with the suspension; the next day (the same database, the server's clock a day on) the account is out
 * of its group and suspended, once.
 *
 * Google is the local protocol peer (src/server/test/workspace-peer.ts) and e-mail a real SMTP server on loopback
 * (src/server/test/test-smtp.ts), both run by this file; the app is its own server (the build), as
 * tests/e2e/team-tasks.spec.ts does, so that TEST_CLOCK_OFFSET_MS sets its clock.
 */
const ADMIN = 'admin.workspace.e2e@inspired2uplift.org';
const DELEGATED = 'directory-admin@inspired2uplift.org';
const NEWCOMER = 'nina.newcomer@inspired2uplift.org';
const NINA_HOME = 'nina.home@example.com';
const VOLUNTEERS = 'volunteers@inspired2uplift.org';
const ZONE = 'Europe/London';
const today = DateTime.now().setZone(ZONE).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });

let peer: WorkspacePeer;
let smtp: TestSmtp;
/** The app server of this file, its clock at a London date and time. */
const app = new ClockServer({
  name: 'workspace',
  readyTimeoutMs: 90_000,
  env: () => ({
    ADMIN_EMAILS: ADMIN,
    TIME_ZONE: ZONE,
    ...peer.appEnv,
    GOOGLE_WORKSPACE_WRITE: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Onboarding <onboarding@inspired2uplift.org>',
  }),
});
const origin = () => app.origin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  peer = await WorkspacePeer.start(DELEGATED);
  peer.groups.set(VOLUNTEERS, new Set());
  smtp = await startTestSmtp();
  await app.start(today);
});

test.afterAll(async () => {
  await app.stop();
  await peer?.stop();
  await smtp?.close();
});

/**
 * The Google Workspace tab as an admin with 200% text and high contrast sees it on a 320 px screen: nothing sideways
 * or cut off (WCAG 1.4.10, 1.4.4), every pointer target 44 × 44 px (2.5.5),
 * every control's name holding the words it shows (2.5.3).
 * The admin's preferences go back to the defaults afterwards.
 */
async function narrowProblems(browser: Browser): Promise<string[]> {
  const page = await app.signedIn(browser, ADMIN, 'Alex Admin');
  const save = (data: object) => page.request.put('/api/me/preferences', { data, headers: { Origin: origin() } });
  expect((await save({ ...DEFAULT_PREFERENCES, theme: 'contrast', textSize: 200, motion: 'reduced' })).status()).toBe(
    200,
  );
  try {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/admin?tab=workspace');
    await expect(page.getByRole('region', { name: 'Left in Google Workspace' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('form', { name: 'Groups' })).toBeVisible();
    return [...(await reflowProblems(page)), ...(await smallTargets(page, 44)), ...(await labelsNotInNames(page))];
  } finally {
    expect((await save(DEFAULT_PREFERENCES)).status()).toBe(200);
    await page.context().close();
  }
}

test('groups set → invite with a private address → create the Google account → password by e-mail → groups applied → left tomorrow → out of the group and suspended once the next day', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await app.signedIn(browser, ADMIN, 'Alex Admin');

  // The admin says volunteers belong in volunteers@.
  await admin.goto('/admin?tab=workspace');
  const groupsForm = admin.getByRole('form', { name: 'Groups' });
  await groupsForm.getByRole('button', { name: 'Add a row' }).click();
  await groupsForm.getByLabel('Role').selectOption({ label: 'Volunteer' });
  await groupsForm.getByLabel('Group address').fill(VOLUNTEERS);
  await expectNoAxeViolations(admin, { state: 'the Google Workspace tab' });
  await groupsForm.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved: Groups')).toBeVisible();

  const invited = await admin.request.put(`/api/admin/members/${encodeURIComponent(NEWCOMER)}`, {
    data: {
      role: 'volunteer',
      department: 'Operations',
      isAdmin: false,
      startOn: today.plus({ days: 7 }).toISODate(),
      privateEmail: NINA_HOME,
    },
    headers: { Origin: origin() },
  });
  expect(invited.status(), await invited.text()).toBe(200);

  await admin.goto(`/admin/members/${encodeURIComponent(NEWCOMER)}`);
  const card = admin.locator('#google-account');
  await expect(card.getByText('it is free in Google Workspace')).toBeVisible();
  await expect(card.getByText('e-mails it to their private address')).toBeVisible();
  await expect(card.getByLabel('First name')).toHaveValue('Nina');
  await expect(card.getByLabel('Last name')).toHaveValue('Newcomer');
  await expectNoAxeViolations(admin, { state: 'the Google account card, before creating' });
  await card.getByRole('button', { name: 'Create their Google account' }).click();
  await expect(card.getByText(`The app created ${NEWCOMER} in Google Workspace`)).toBeVisible();
  await expect(card.getByText('The temporary password went to their private e-mail address.')).toBeVisible();

  // The password arrives at the private address, once, and is the one Google got.
  const password = peer.users.get(NEWCOMER)?.password ?? '';
  expect(peer.users.get(NEWCOMER)?.changePasswordAtNextLogin).toBe(true);
  const toNina = () =>
    smtp.messages.filter(
      (m) => JSON.stringify(m.to).includes(NINA_HOME) && (m.text ?? '').includes('Temporary password'),
    );
  await expect.poll(() => toNina().length, { timeout: 30_000 }).toBe(1);
  expect(toNina()[0]?.text).toContain(`Temporary password: ${password}`);
  await expect(admin.getByText(password)).toHaveCount(0);

  // The groups: listed first, applied on confirmation.
  await expect(card.getByText(`Will add to ${VOLUNTEERS}`)).toBeVisible();
  expect(peer.groups.get(VOLUNTEERS)?.has(NEWCOMER)).toBe(false);
  await expectNoAxeViolations(admin, { state: 'the groups to apply' });
  await card.getByRole('button', { name: 'Apply these changes' }).click();
  await expect(card.getByText(`In the right groups: ${VOLUNTEERS}.`)).toBeVisible();
  expect(peer.groups.get(VOLUNTEERS)?.has(NEWCOMER)).toBe(true);

  // Marked as left tomorrow, with the suspension (on by default).
  const tomorrow = today.plus({ days: 1 }).toISODate() ?? '';
  await admin.getByLabel('Left on').fill(tomorrow);
  await expect(admin.getByRole('checkbox', { name: /Also suspend their Google account on that day/ })).toBeChecked();
  await admin.getByRole('button', { name: 'Mark as left' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Mark as left' }).click();
  await expect(admin.getByText(/Their Google account will be suspended on/)).toBeVisible();
  expect(peer.users.get(NEWCOMER)?.suspended).toBe(false);

  // The next day: the server (restarted with its clock a day on) takes the account out of its group and suspends it, once.
  await app.restartAt(today.plus({ days: 1 }));
  await expect.poll(() => peer.users.get(NEWCOMER)?.suspended, { timeout: 30_000 }).toBe(true);
  expect(peer.groups.get(VOLUNTEERS)?.has(NEWCOMER)).toBe(false);
  const admin2 = await app.signedIn(browser, ADMIN, 'Alex Admin');
  await admin2.goto(`/admin/members/${encodeURIComponent(NEWCOMER)}`);
  await expect(
    admin2.getByText(`Suspended: they can no longer sign in to Google. Removed from ${VOLUNTEERS}.`, { exact: false }),
  ).toBeVisible();
  expect(peer.writes().filter((r) => r.method === 'PUT')).toHaveLength(1);
  expect(peer.writes().filter((r) => r.method === 'DELETE')).toHaveLength(1);
  expect(toNina()).toHaveLength(1);
});

test('the directory tells who left: one click marks them as left; an account not invited yet is invited', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Google (the peer) has Sue's account suspended, Dan's deleted, and Nora's that nobody invited.
  const SUE = 'sue.suspended.e2e@inspired2uplift.org';
  const DAN = 'dan.deleted.e2e@inspired2uplift.org';
  const NORA = 'nora.notyet.e2e@inspired2uplift.org';
  peer.addUser(SUE, { name: { givenName: 'Sue', familyName: 'Suspended' } });
  peer.addUser(DAN, { name: { givenName: 'Dan', familyName: 'Deleted' } });
  peer.addUser(NORA, { name: { givenName: 'Nora', familyName: 'Notyet' } });
  peer.suspendUser(SUE, today.minus({ days: 2 }).toJSDate());
  peer.deleteUser(DAN, today.minus({ days: 1 }).toJSDate());
  const admin = await app.signedIn(browser, ADMIN, 'Alex Admin');
  for (const email of [SUE, DAN]) {
    const invited = await admin.request.put(`/api/admin/members/${encodeURIComponent(email)}`, {
      data: { role: 'volunteer', department: 'Operations', isAdmin: false },
      headers: { Origin: origin() },
    });
    expect(invited.status(), await invited.text()).toBe(200);
  }

  await admin.goto('/admin?tab=workspace');
  await admin.getByRole('button', { name: 'Read now' }).click();
  await expect(admin.getByText(/^Last read .*: \d+ accounts\. The app reads it every hour\.$/u)).toBeVisible();
  const left = admin.getByRole('region', { name: 'Left in Google Workspace' });
  // Nina, suspended by the app and marked as left already, is not asked about.
  await expect(left.getByRole('listitem')).toHaveCount(2);
  await expect(left.getByRole('listitem').filter({ hasText: SUE })).toContainText('account suspended on');
  await expect(left.getByRole('listitem').filter({ hasText: DAN })).toContainText('account deleted on');
  const toInvite = admin.getByRole('region', { name: 'In Google Workspace, not members yet' });
  await expect(toInvite.getByText('Nora Notyet')).toBeVisible();
  await expectNoAxeViolations(admin, { state: 'what the directory read found' });
  expect(await narrowProblems(browser)).toEqual([]);

  // Sue: one click, on the day her account was suspended.
  await left.getByRole('button', { name: 'Confirm they left: Sue Suspended' }).click();
  await expect(left.getByRole('listitem')).toHaveCount(1);
  await admin.goto(`/admin/members/${encodeURIComponent(SUE)}`);
  await expect(admin.getByText('Their Google Workspace account was suspended on')).toBeVisible();

  // Dan's page says his account was deleted, with the same button.
  await admin.goto(`/admin/members/${encodeURIComponent(DAN)}`);
  const notice = admin.getByRole('region', { name: 'Left in Google Workspace?' });
  await expect(notice).toContainText('Their Google Workspace account was deleted on');
  await notice.getByRole('button', { name: 'Confirm they left: Dan Deleted' }).click();
  await expect(notice).toHaveCount(0);

  // Nora: 'Invite' opens the invite form with her address.
  await admin.goto('/admin?tab=workspace');
  await toInvite.getByRole('link', { name: 'Invite Nora Notyet' }).click();
  await expect(admin.getByLabel('E-mail address', { exact: true })).toHaveValue(NORA);
});

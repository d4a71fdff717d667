import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { startTestSmtp, type TestSmtp } from '../../src/server/test/test-smtp';
import { expectNoAxeViolations } from './support/axe';
import { ClockServer } from './support/clock-server';

/**
 * Team tasks in the browser (docs/product.md#team-tasks): an admin invites a volunteer with a start date and a buddy;
 * the buddy's overdue task is e-mailed to them once; the department lead and the buddy each find their task in 'My
 * tasks' and mark it done; the newcomer's 'Your People' step shows both (docs/product.md#your-people).
 *
 * It runs its own server (the build of `npm start`), as tests/e2e/reminders.spec.ts does: NODE_ENV=test, so that
 * TEST_CLOCK_OFFSET_MS sets the server's clock to 10:00 London (team-task e-mails wait out the quiet hours, and CI may
 * run at night); MAIL_EVERY_SECONDS=1, so that planning and sending do not wait a minute; SMTP_URL a real SMTP server on
 * loopback (src/server/test/test-smtp.ts) that keeps what it receives. The same database is served on two mornings.
 */
const ADMIN = 'admin.tasks.e2e@inspired2uplift.org';
const LEAD = 'lena.lead.tasks.e2e@inspired2uplift.org';
const BUDDY = 'bea.buddy.tasks.e2e@inspired2uplift.org';
const NEWCOMER = 'nora.new.tasks.e2e@inspired2uplift.org';
/** A department of the published content that this test's lead leads (docs/product.md#departments). */
const DEPARTMENT = 'Operations';
/**
 * The newcomer's role: a volunteer (content/roles/volunteer.yaml), whose 'Your People' step is 'Meet your people' (with
 * the People Team's inbox, a placeholder, as its contact) and whose team tasks are the buddy's 'Say hello in Slack' a
 * day after the start date and the lead's 'Book a welcome call' five days after.
 */
const ROLE = 'Volunteer';
const PEOPLE_STEP = { id: 'meet-your-people', title: 'Meet your people' };
const ZONE = 'Europe/London';
/** 10:00 London today: the morning the admin invites the newcomer. */
const today = DateTime.now().setZone(ZONE).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
/**
 * The newcomer started four days ago and is invited late: the buddy's hello was due three days ago (overdue), the
 * lead's welcome call is due tomorrow.
 */
const startOn = today.minus({ days: 4 }).toISODate() ?? '';
/** The subject of a team-task e-mail (modules/mail/render.ts): '1 task for a newcomer is overdue', '… due today'. */
const TEAM_TASK_SUBJECT = /tasks? for (a )?newcomers? (is|are) (overdue|due today)$/;

let smtp: TestSmtp;
/** The app server of this file, its clock at a London date and time. */
const app = new ClockServer({
  name: 'team-tasks',
  readyTimeoutMs: 90_000,
  env: () => ({ ADMIN_EMAILS: ADMIN, TIME_ZONE: ZONE, SMTP_URL: smtp.url }),
});
const origin = () => app.origin;

test.beforeAll(async () => {
  // The server's start may take long on a busy machine.
  test.setTimeout(120_000);
  smtp = await startTestSmtp();
  await app.start(today);
});

test.afterAll(async () => {
  await app.stop();
  await smtp?.close();
});

/** The team-task e-mails the SMTP server has received for `email` (not their welcome). */
const teamTaskMailsTo = (email: string) =>
  smtp.messages.filter(
    (m) =>
      [m.to ?? []].flat().some((to) => to.value.some((a) => a.address === email)) &&
      TEAM_TASK_SUBJECT.test(m.subject ?? ''),
  );

/** Opens 'My tasks' from the header, marks the newcomer's task `title` done with `note`, and sees it done. */
async function doTask(page: Page, title: string, note: string) {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^My tasks/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'My tasks' })).toBeVisible();
  const task = page.getByRole('region', { name: `Tasks for ${NEWCOMER}` }).getByRole('listitem', { name: title });
  await task.getByRole('button', { name: 'Mark as done' }).click();
  await task.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  await task.getByRole('button', { name: 'Save as done' }).click();
  await expect(task.getByText('Done', { exact: true })).toBeVisible();
  await expect(task.getByText(`Note: ${note}`)).toBeVisible();
}

test('an invited volunteer’s buddy is e-mailed the overdue task once; lead and buddy each mark theirs done in My tasks and are the volunteer’s people', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await app.signedIn(browser, ADMIN, 'Alex Admin');
  // The lead and the buddy have member records (the buddy must be a member), and sign in once.
  for (const [email, leadOf] of [
    [LEAD, [DEPARTMENT]],
    [BUDDY, []],
  ] as const) {
    const put = await admin.request.put(`/api/admin/members/${encodeURIComponent(email)}`, {
      data: { role: 'volunteer', department: DEPARTMENT, isAdmin: false, leadOf },
      headers: { Origin: origin() },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const lead = await app.signedIn(browser, LEAD, 'Lena Lead');
  const buddy = await app.signedIn(browser, BUDDY, 'Bea Buddy');

  // The admin invites the volunteer, who started four days ago, with Bea as buddy.
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Invite' }).click();
  await admin.getByLabel('E-mail address', { exact: true }).fill(NEWCOMER);
  await admin.getByLabel('Start date (optional: else their first sign-in)').fill(startOn);
  await admin.getByLabel(/^Buddy’s e-mail address/).fill(BUDDY);
  await admin.getByLabel('Role', { exact: true }).selectOption({ label: ROLE });
  await admin.getByLabel('Department', { exact: true }).selectOption({ label: DEPARTMENT });
  await admin.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(admin.getByText(`Invited ${NEWCOMER}`)).toBeVisible();

  // The buddy's hello was made late (its day has passed): it is due today, and the next mail run e-mails it to them as
  // urgent (docs/product.md#team-tasks); the lead's call is not due yet.
  await expect.poll(() => teamTaskMailsTo(BUDDY).length).toBe(1);
  const overdue = teamTaskMailsTo(BUDDY)[0];
  expect(overdue?.subject).toBe('Urgent: a task for a newcomer is due today');
  expect(overdue?.text).toContain(`- Say hello in Slack, for ${NEWCOMER}`);
  expect(overdue?.text).toContain(`${origin()}/tasks`);
  expect(teamTaskMailsTo(LEAD)).toHaveLength(0);

  // The next morning (the same database, the server's clock a day on), the lead's call is due: its e-mail shows that
  // the day's mail run has planned everyone's (one statement).
  await app.restartAt(today.plus({ days: 1 }));
  await expect.poll(() => teamTaskMailsTo(LEAD).length).toBe(1);
  expect(teamTaskMailsTo(LEAD)[0]?.subject).toBe('A task for a newcomer is due today');
  expect(teamTaskMailsTo(LEAD)[0]?.text).toContain(`- Book a welcome call, for ${NEWCOMER}`);
  // The buddy's hello, due yesterday, is now overdue: said once more, as overdue.
  expect(teamTaskMailsTo(BUDDY).map((m) => m.subject)).toEqual([
    'Urgent: a task for a newcomer is due today',
    '1 task for a newcomer is overdue',
  ]);

  // The lead books the welcome call; the page passes the accessibility check once, with the task done.
  await doTask(lead, 'Book a welcome call', 'Booked for Monday at 10');
  await expectNoAxeViolations(lead, { state: 'My tasks, a task done' });
  // The buddy says hello.
  await doTask(buddy, 'Say hello in Slack', 'Sent a hello');

  // The admin sees both done on the newcomer's member page, the admins' own task still open.
  await admin.goto(`/admin/members/${encodeURIComponent(NEWCOMER)}`);
  await expect(admin.getByText(`The buddy is ${BUDDY}.`)).toBeVisible();
  for (const title of ['Book a welcome call', 'Say hello in Slack']) {
    await expect(admin.getByRole('listitem', { name: title }).getByText('Done', { exact: true })).toBeVisible();
  }
  await expect(
    admin.getByRole('listitem', { name: /^Create their @inspired2uplift\.org Google account/ }).getByRole('button', {
      name: 'Mark as done',
    }),
  ).toBeVisible();

  // The newcomer's 'Your People' step shows the lead and the buddy, above the content's contact, whose placeholder
  // inbox stays marked 'to be confirmed'.
  const newcomer = await app.signedIn(browser, NEWCOMER, 'Nora New');
  await newcomer.goto(`/dashboard?step=${PEOPLE_STEP.id}`);
  const people = newcomer
    .getByRole('article', { name: PEOPLE_STEP.title })
    .getByRole('region', { name: 'Your People' })
    .getByRole('listitem');
  await expect(people.nth(0)).toContainText('Lena Lead');
  await expect(people.nth(0)).toContainText('Your team lead');
  await expect(people.nth(1)).toContainText('Bea Buddy');
  await expect(people.nth(1).getByRole('link', { name: 'Say hello to Bea Buddy' })).toHaveAttribute(
    'href',
    `mailto:${BUDDY}`,
  );
  await expect(people.nth(2)).toContainText('People Team');
  await expect(people.nth(2)).toContainText('to be confirmed');
  await expect(people).toHaveCount(3);

  // Many mail runs later (one a second), the buddy has still had only those two e-mails about the hello.
  expect(teamTaskMailsTo(BUDDY)).toHaveLength(2);
});

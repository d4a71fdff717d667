import { expect, test, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { expectNoAxeViolations } from './support/axe';

/**
 * Team tasks in the browser (docs/product.md#team-tasks): an admin invites a volunteer with a start date and a buddy;
 * the department lead and the buddy each find their task in 'My tasks' and mark it done; the newcomer's 'Your People'
 * step shows both (docs/product.md#your-people). The e2e server of playwright.config.ts, where `admin.e2e@…` is in
 * ADMIN_EMAILS.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const LEAD = 'lena.lead.tasks.e2e@inspired2uplift.org';
const BUDDY = 'bea.buddy.tasks.e2e@inspired2uplift.org';
const NEWCOMER = 'nora.new.tasks.e2e@inspired2uplift.org';
/** A department of the published content that this test's lead leads (docs/product.md#departments). */
const DEPARTMENT = 'Operations';
/**
 * The newcomer's role: Internal has a 'Your People' step ('Meet your Internal team', with placeholder contacts) and
 * inherits the volunteer role's team tasks.
 */
const ROLE = 'Internal';
const PEOPLE_STEP = { id: 'internal-meet-director', title: 'Meet your Internal team' };

/** A page signed in (development sign-in) as `email`, in a context of its own. */
async function signedIn(browser: Browser, baseURL: string | undefined, email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/dev-login', {
    data: { email, name },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(response.status()).toBe(200);
  return page;
}

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

test('an invited volunteer’s lead and buddy each see their task in My tasks, mark it done, and are the volunteer’s people', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, baseURL, ADMIN, 'Alex Admin');
  // The lead and the buddy have member records (the buddy must be a member), and sign in once.
  for (const [email, leadOf] of [
    [LEAD, [DEPARTMENT]],
    [BUDDY, []],
  ] as const) {
    const put = await admin.request.put(`/api/admin/members/${encodeURIComponent(email)}`, {
      data: { role: 'volunteer', department: DEPARTMENT, isAdmin: false, leadOf },
      headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const lead = await signedIn(browser, baseURL, LEAD, 'Lena Lead');
  const buddy = await signedIn(browser, baseURL, BUDDY, 'Bea Buddy');

  // The admin invites the volunteer with a start date in three days and Bea as buddy.
  const startOn = DateTime.now().setZone('Europe/London').plus({ days: 3 }).toISODate() ?? '';
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Invite' }).click();
  await admin.getByLabel('E-mail address', { exact: true }).fill(NEWCOMER);
  await admin.getByLabel('Start date (optional: else their first sign-in)').fill(startOn);
  await admin.getByLabel(/^Buddy’s e-mail address/).fill(BUDDY);
  await admin.getByLabel('Role', { exact: true }).selectOption({ label: ROLE });
  await admin.getByLabel('Department', { exact: true }).selectOption({ label: DEPARTMENT });
  await admin.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(admin.getByText(`Invited ${NEWCOMER}`)).toBeVisible();

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

  // The newcomer's 'Your People' step shows the lead and the buddy, above the content's contacts, whose placeholder
  // director stays marked 'to be confirmed'.
  const newcomer = await signedIn(browser, baseURL, NEWCOMER, 'Nora New');
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
  await expect(people.nth(2)).toContainText('to be confirmed');
});

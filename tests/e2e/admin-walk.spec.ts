import { expect, test, type Page } from '@playwright/test';
import { expectPlainWords } from './support/plain-words';
import { signInAs } from './support/sign-in';

/**
 * A volunteer coordinator's tasks, one after the other in the browser at 1280 px (docs/product.md#admin-area): import
 * people from a CSV, invite someone, change a step's due date and publish, add a form question, read Insights and the
 * outbox, mark a leaver, take a backup, open a restore, check a receipt. On every screen on the way, nothing outside
 * "Advanced" and "Details for whoever runs the server" is an id, a file path, a command or a name from the code.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';

test.use({ viewport: { width: 1280, height: 900 } });

/** Opens the studio on `step`'s form (the volunteer role is the studio's first). */
async function editStep(page: Page, step: string) {
  await page.goto('/admin/studio');
  await page.getByRole('button', { name: `Edit ${step}` }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(step);
}

/** Opens the publish dialog, checks its words, and leaves it and the draft (other tests read the published content). */
async function publishDialogThenDiscard(page: Page, where: string, change: RegExp) {
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Publish these changes?' });
  await expect(dialog.getByText(change)).toBeVisible();
  await expectPlainWords(page, where);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.getByText(/^Draft discarded\./u)).toBeVisible();
}

/** The page's Role list offers Volunteer, and none of the roles meant only for inheritance, the demo or the fallback. */
async function expectOnlyPeoplesRoles(page: Page) {
  const options = page.getByLabel('Role', { exact: true }).locator('option');
  await expect(options.filter({ hasText: 'Volunteer' }).first()).toBeAttached();
  const roles = await options.allInnerTexts();
  for (const internal of ['Test', 'Team member', 'Account', 'Member']) expect(roles).not.toContain(internal);
}

test("a coordinator's tasks at 1280 px use no operator's words", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const people = ['ana', 'ben', 'cai'].map((name) => `walk.${name}.${tag}@inspired2uplift.org`);
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });

  await test.step('import three people from a CSV', async () => {
    await page.goto('/admin?tab=import');
    await expectPlainWords(page, 'the import tab');
    await page
      .getByLabel('Or paste the CSV')
      .fill(
        `E-mail,Role,Department,Start date\n${people[0]},Volunteer,Operations,16/11/2026\n` +
          `${people[1]},Volunteer,Operations,16/11/2026\n${people[2]},Volunteer,Finance,17/11/2026\n`,
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect(preview.getByRole('status')).toHaveText('3 rows are ready. Apply writes all of them at once.');
    await expectPlainWords(page, 'the import preview');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('Imported 3 member records').first()).toBeVisible();
    await expectPlainWords(page, 'the import done');
  });

  await test.step('invite someone', async () => {
    await page.goto('/admin?tab=invite');
    // The Role list offers the roles people have, not the content's internal ones.
    await expectOnlyPeoplesRoles(page);
    await page.getByLabel('E-mail address', { exact: true }).fill(`walk.dee.${tag}@inspired2uplift.org`);
    await page.getByLabel('Start date (optional: else their first sign-in)').fill('16/11/2026');
    await expectPlainWords(page, 'the invite form');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText(`Invited walk.dee.${tag}@inspired2uplift.org`)).toBeVisible();
    await expectPlainWords(page, 'the invite done');
  });

  await test.step("the members table's Role filter", async () => {
    await page.goto('/admin?tab=members');
    await expectOnlyPeoplesRoles(page);
  });

  await test.step("change a step's due date and publish", async () => {
    await editStep(page, 'Meet your people');
    await page.getByLabel('Due (days after the start date)').fill('10');
    await expectPlainWords(page, "the studio's step form");
    await publishDialogThenDiscard(
      page,
      'the publish dialog of a due date',
      /^Changed the due date of ‘Meet your people’ \(Volunteer\): 7 days after the start date → 10 days/u,
    );
  });

  await test.step('add a form question', async () => {
    await editStep(page, 'Your support and access needs');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page
      .getByLabel(/^Question \d+$/u)
      .last()
      .fill('Which pronouns should we use for you?');
    await expectPlainWords(page, "the studio's form questions");
    await publishDialogThenDiscard(
      page,
      'the publish dialog of a new question',
      /Which pronouns should we use for you/u,
    );
  });

  await test.step('read Insights and the outbox', async () => {
    await page.goto('/admin/insights');
    await expect(page.getByRole('region', { name: 'Funnel' })).toBeVisible();
    await expect(page.getByTestId('stalled-meaning')).toBeVisible();
    await expectPlainWords(page, 'Insights');
    await page.goto('/admin?tab=mail');
    await expect(page.getByRole('region', { name: 'Outbox' })).toBeVisible();
    await expectPlainWords(page, 'the outbox');
  });

  await test.step('mark a leaver', async () => {
    await page.goto(`/admin/members/${encodeURIComponent(people[2] ?? '')}`);
    // The help texts say what leads and content editors do now.
    await expect(
      page.getByText(
        /^A department lead sees the members of these departments, their progress and their answers, chooses their buddies and does the team tasks given to leads\./u,
      ),
    ).toBeVisible();
    await expect(
      page.getByLabel('Content editor (may change the words, steps and files of onboarding in the content studio)'),
    ).toBeVisible();
    await expectOnlyPeoplesRoles(page);
    await page.getByLabel('Left on').fill('20/11/2026');
    await page.getByLabel('Note (optional)').fill('Moved away.');
    await page.getByRole('button', { name: 'Mark as left' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Mark .* as left\?$/u });
    await expect(confirm).toBeVisible();
    await expectPlainWords(page, 'the leaving confirmation');
    await confirm.getByRole('button', { name: 'Mark as left' }).click();
    await expect(page.getByText(/is marked as having left and is signed out/u)).toBeVisible();
    await expectPlainWords(page, "a leaver's page");
  });

  await test.step('take a backup and open a restore', async () => {
    await page.goto('/admin?tab=backups');
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect(page.getByText(/is ready to download/u)).toBeVisible({ timeout: 30_000 });
    await expectPlainWords(page, 'the backups');
    await page
      .getByRole('list', { name: 'Backups' })
      .getByRole('button', { name: /^Restore/u })
      .first()
      .click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectPlainWords(page, 'the restore dialog');
    await page.keyboard.press('Escape');
  });

  await test.step('check a receipt', async () => {
    await page.goto('/admin?tab=receipts');
    await page.getByLabel('SHA-256 printed on the receipt').fill('a'.repeat(64));
    await page.getByRole('button', { name: 'Check the SHA-256' }).click();
    await expect(page.getByText('This SHA-256 matches no signed record.')).toBeVisible();
    await expectPlainWords(page, 'the receipt check');
  });
});

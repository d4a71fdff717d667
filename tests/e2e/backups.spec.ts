import { renameSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * Restoring a backup from the admin console's Backups tab (docs/operations.md#backups), as an admin would: back up,
 * change something, restore with the typed confirmation, and see the old state served again without a restart.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const MEMBER = 'restore.e2e@inspired2uplift.org';

test('an admin restores a backup with the typed date and everyone sees the state of the backup', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await (await browser.newContext()).newPage();
  await signInAs(member, MEMBER, { name: 'Robin Restore', baseURL });
  await member.goto('/dashboard');
  await expect(member.getByRole('heading', { level: 3, name: 'Set up Slack' })).toBeVisible();
  await expect(member.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  await admin.goto('/admin?tab=backups');
  await admin.getByRole('button', { name: 'Back up now' }).click();
  await expect(admin.getByText(/is ready to download/)).toBeVisible({ timeout: 30_000 });

  // A change after the backup: the member moves to Finance.
  const changed = await admin.request.put(`/api/admin/members/${MEMBER}`, {
    data: { role: 'finance', department: 'Finance', isAdmin: false },
    headers: { Origin: new URL(baseURL ?? 'http://localhost').origin },
  });
  expect(changed.status()).toBe(200);
  // A change of role ends the member's sessions: they sign in again.
  await signInAs(member, MEMBER, { name: 'Robin Restore', baseURL });
  await member.reload();
  await expect(member.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toBeVisible();

  // Restore the newest backup (the one just taken).
  const list = admin.getByRole('list', { name: 'Backups' });
  await list
    .getByRole('button', { name: /^Restore/ })
    .first()
    .click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog).toContainText('Every change made since then is replaced');
  await expect(dialog).toContainText('safety backup');
  const field = dialog.getByLabel(/To confirm, type the backup's date and time/);
  await expect(field).toBeFocused();
  await expectNoAxeViolations(admin, { state: 'admin console, Backups tab, restore dialog' });
  const date = ((await dialog.locator('label span.font-mono').textContent()) ?? '').trim();
  // The organisation's way of writing a date and time, as the dialog's title says it.
  expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  await expect(dialog.getByRole('heading')).toHaveText(`Restore the backup of ${date}?`);

  // A wrong date is refused and says what to type; nothing is restored.
  await field.fill('yes');
  await dialog.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`type the backup's date and time ${date}`);

  await field.fill(date);
  await dialog.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  await expect(admin.getByRole('status').filter({ hasText: 'Restored the backup of' })).toContainText(
    '-before-restore.backup',
  );
  await expect(list.getByText('Safety backup, taken before a restore')).toHaveCount(1);
  await expectNoAxeViolations(admin, { state: 'admin console, Backups tab after a restore' });

  // The running app serves the backup's state: the member is back to their former role, still signed in.
  await member.reload();
  await expect(member.getByRole('heading', { level: 3, name: 'Set up Slack' })).toBeVisible();
  await expect(member.getByRole('heading', { level: 3, name: 'Meet your Finance team' })).toHaveCount(0);
});

test('a copy off this machine that fails is shown in the Backups tab and the launch checklist, until a copy works again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The server copies every backup into BACKUP_COPY_DIR (playwright.config.ts); here its drive is "unplugged": the
  // folder is moved away, so the next copy fails for real, and put back afterwards.
  const copyDir = process.env.E2E_BACKUP_COPY_DIR;
  if (copyDir === undefined) throw new Error('playwright.config.ts sets E2E_BACKUP_COPY_DIR');
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, ADMIN, { name: 'Alex Admin', baseURL });
  await admin.goto('/admin?tab=backups');
  const failed = admin.getByRole('alert').filter({ hasText: 'The copy of the last backup off this machine failed.' });
  renameSync(copyDir, `${copyDir}-unplugged`);
  try {
    await admin.getByRole('button', { name: 'Back up now' }).click();
    await expect(admin.getByText(/is ready to download/)).toBeVisible({ timeout: 30_000 });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText(`the folder ${copyDir}: ${copyDir} does not exist (is the drive mounted?)`);
    await expect(failed).toContainText('Check that the drive of BACKUP_COPY_DIR is mounted and writable');
    await expectNoAxeViolations(admin, { state: 'admin console, Backups tab, a copy failed' });

    await admin.goto('/admin?tab=launch');
    const backups = admin
      .getByRole('list', { name: 'Launch checks' })
      .getByRole('listitem')
      .filter({
        has: admin.getByRole('heading', { level: 4, name: 'Backups' }),
      });
    await expect(backups).toContainText('Its copy off this machine failed', { timeout: 30_000 });
    await expect(backups).toContainText(`${copyDir} does not exist (is the drive mounted?)`);
  } finally {
    renameSync(`${copyDir}-unplugged`, copyDir);
  }

  // The drive is back: the next backup is copied, and the alert is gone.
  await admin.goto('/admin?tab=backups');
  await admin.getByRole('button', { name: 'Back up now' }).click();
  await expect(admin.getByText(/is ready to download/)).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText(`The last backup was also copied to the folder ${copyDir}.`)).toBeVisible();
  await expect(failed).toHaveCount(0);
});

import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createdAccountSchema, workspaceAccountViewSchema } from '../../../shared/workspace-api.js';
import { setMemberLeft } from '../members/members.repository.js';
import { smtpForFile, workspacePeerForFile } from '../../test/file-servers.js';
import type { TestApp } from '../../test/test-app.js';
import { putMemberRecord } from '../../test/test-members.js';
import { mailSettings } from '../../test/test-smtp.js';
import { startWorkspaceApp, workspaceEnv } from '../../test/test-workspace.js';

/**
 * The temporary password of a new Google account reaches the person at the member record's private e-mail address
 * (docs/product.md#google-workspace-accounts): through the outbox, once, to a real SMTP server on loopback; the
 * outbox keeps the message without the password and drops its sealed copy once the message is sent or cancelled; the
 * admin's outbox view never shows it, nor the private address. Without a private address it is shown once instead.
 */

const ADMIN = 'pw.boss@inspired2uplift.org';
const NORA = 'nora.newcomer@inspired2uplift.org';
const NORA_HOME = 'nora.home@example.com';
const OLLIE = 'ollie.other@inspired2uplift.org';

const peer = workspacePeerForFile();
const smtp = smtpForFile();
let t: TestApp;
let cookie: string;

beforeEach(async () => {
  // At 10:00 in London: within the sending hours.
  ({ t, cookie } = await startWorkspaceApp(peer, {
    admin: ADMIN,
    env: workspaceEnv(peer, ADMIN, mailSettings(smtp)),
  }));
  for (const [email, privateEmail] of [
    [NORA, NORA_HOME],
    [OLLIE, undefined],
  ] as const) {
    await putMemberRecord(t, cookie, email, {
      role: 'volunteer',
      department: 'Operations',
      isAdmin: false,
      startOn: '2026-03-09',
      ...(privateEmail === undefined ? {} : { privateEmail }),
    });
  }
  // The invitations' welcomes leave first, so that what follows counts only the password's message.
  await t.app.mailWorker.runNow();
  smtp.messages.length = 0;
}, 120_000);
afterEach(async () => {
  await t?.close();
});

const accountUrl = (email: string) => `/api/admin/members/${encodeURIComponent(email)}/workspace-account`;
const create = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: accountUrl(email),
    headers: { cookie },
    payload: { givenName: 'Nora', familyName: 'Newcomer' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return createdAccountSchema.parse(res.json());
};
const outboxRows = async () =>
  (
    (await t.database.db.execute(
      sql`select id, recipient, status, plan, subject, text_body, html_body from mail_outbox where kind = 'workspace-password'`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
const recipientsOf = () => smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? '');

describe('the temporary password', { timeout: 120_000 }, () => {
  it('goes once to the private address; the outbox keeps no password and shows no private address', async () => {
    const view = workspaceAccountViewSchema.parse(
      (await t.app.inject({ url: accountUrl(NORA), headers: { cookie } })).json(),
    );
    expect(view.proposal?.hasPrivateEmail).toBe(true);
    const created = await create(NORA);
    expect(created.temporaryPassword).toBeUndefined();
    expect(created.account.passwordDelivery).toBe('private-email');
    const password = peer.users.get(NORA)?.password ?? '';
    expect(password).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/u);

    // Before it leaves, the outbox holds the password sealed only.
    const [waiting] = await outboxRows();
    expect(JSON.stringify(waiting)).not.toContain(password);

    await t.app.mailWorker.runNow();
    await t.app.mailWorker.runNow();
    expect(recipientsOf()).toEqual([NORA_HOME]);
    const mail = smtp.messages[0];
    expect(mail?.text).toContain(`Temporary password: ${password}`);
    expect(mail?.text).toContain(`Address: ${NORA}`);
    expect(mail?.html).toContain(password);

    // Sent: nothing of the password is kept, sealed or clear.
    const [sent] = await outboxRows();
    expect(sent?.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(password);
    expect(sent?.plan).not.toHaveProperty('sealed');
    expect(String(sent?.text_body)).toContain('[the temporary password is not kept]');

    // The admin's outbox view: the member stands for the private address; the body has no password.
    const list = await t.app.inject({ url: '/api/admin/outbox?pageSize=50', headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(NORA_HOME);
    const detail = await t.app.inject({ url: `/api/admin/outbox/${String(sent?.id)}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(password);
    expect(detail.body).not.toContain(NORA_HOME);
  });

  it('is not sent, and not kept, when the person left before it left', async () => {
    await create(NORA);
    await setMemberLeft(t.database.db, NORA, { at: t.clock.now, note: null }, t.clock.now);
    await t.app.mailWorker.runNow();
    expect(smtp.messages).toEqual([]);
    const [row] = await outboxRows();
    expect(row?.status).toBe('cancelled');
    expect(row?.plan).not.toHaveProperty('sealed');
  });

  it('is shown once to the admin when there is no private address, and never e-mailed', async () => {
    const created = await create(OLLIE);
    expect(created.temporaryPassword).toBe(peer.users.get(OLLIE)?.password);
    expect(created.account.passwordDelivery).toBe('shown');
    await t.app.mailWorker.runNow();
    expect(smtp.messages).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SecretBox } from '../secrets/index.js';
import { BRAND, escapeHtml, page, type RenderedMail } from './render.js';
import { type BuiltWithSecret, type Claimed, type SendDeps, rowsOf } from './send-deps.js';

/**
 * The temporary password of a new Google Workspace account, to the member's private address
 * (docs/product.md#google-workspace-accounts): planned once with the account's creation (in its transaction, under a
 * unique `dedupe_key`), the password sealed with SECRETS_KEY in the message's plan until it leaves. The outbox keeps
 * the message without the password and drops the sealed copy once the message is sent, given up or cancelled; the
 * admin's outbox view names the member, never the private address.
 */

/** What the outbox keeps of the message in place of the password. */
export const PASSWORD_NOT_KEPT = '[the temporary password is not kept]';

/** The name the password is sealed under: bound to the member, so a copied ciphertext opens nowhere else. */
const sealName = (member: string) => `workspace-password:${member}`;

/**
 * Plans the message (in the caller's transaction).
 * @param db the database or the account creation's transaction
 * @param input the member's Workspace address, their private address, the temporary password, the secret box, the
 *   creation's attempt number (one message per attempt) and the clock
 * @returns whether a message was planned (false: this attempt's was planned already)
 */
export async function planWorkspacePassword(
  db: Database,
  input: { member: string; privateEmail: string; password: string; box: SecretBox; attempt: number; now: Date },
): Promise<boolean> {
  const sealed = input.box.seal(sealName(input.member), input.password);
  const at = input.now.toISOString();
  const rows = rowsOf(
    await db.execute(sql`
      insert into mail_outbox (kind, recipient, dedupe_key, plan, next_attempt_at, created_at)
      values ('workspace-password', ${input.privateEmail}, ${`workspace-password:${input.member}:${input.attempt}`},
        ${JSON.stringify({ member: input.member, sealed })}::jsonb, ${at}::timestamptz, ${at}::timestamptz)
      on conflict (dedupe_key) do nothing
      returning id`),
  );
  return rows.length === 1;
}

/**
 * The message's words: the new address, the temporary password and what to do with it.
 * @param input the Workspace address, the password (or {@link PASSWORD_NOT_KEPT}), the person's name, the
 *   organisation's name and support address
 */
export function renderWorkspacePassword(input: {
  address: string;
  password: string;
  name: string;
  orgName: string;
  supportEmail: string;
}): RenderedMail {
  const subject = `Your ${input.orgName} Google account is ready`;
  const hello = input.name === '' ? 'Hello,' : `Hello ${input.name},`;
  const intro = `${input.orgName} made you a Google account: ${input.address}. You use it to sign in to onboarding, e-mail and shared files.`;
  const how =
    'Go to accounts.google.com, sign in with the address and the temporary password below, then choose your own password. Only you will know it.';
  const keep = 'Do not share this password or forward this e-mail. It works until you choose your own password.';
  const help = `Something does not work? Write to ${input.supportEmail} and we will help.`;
  const text = [
    hello,
    '',
    intro,
    '',
    how,
    '',
    `Address: ${input.address}`,
    `Temporary password: ${input.password}`,
    '',
    keep,
    '',
    help,
  ].join('\n');
  const body = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 12px">${escapeHtml(hello)}</p>
<p style="margin:0 0 12px">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px">${escapeHtml(how)}</p>
<p style="margin:0 0 4px">Address: <strong>${escapeHtml(input.address)}</strong></p>
<p style="margin:0 0 16px">Temporary password: <strong style="font-family:monospace;font-size:18px;color:${BRAND.text}">${escapeHtml(input.password)}</strong></p>
<p style="margin:0 0 12px">${escapeHtml(keep)}</p>
<p style="margin:0">${escapeHtml(help)}</p>`;
  const footer = `You get this message because an admin of ${escapeHtml(input.orgName)} gave this address for you.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}

/**
 * The message when it leaves, or why there is none (they left, the private address was removed or changed).
 * @param deps the send's database, clock and configuration (the secret box opens the password)
 * @param message the claimed outbox message
 * @returns the mail, and the copy the outbox keeps (without the password)
 */
export async function buildWorkspacePassword(deps: SendDeps, message: Claimed): Promise<BuiltWithSecret> {
  const member = typeof message.plan.member === 'string' ? message.plan.member : '';
  const sealed = message.plan.sealed as { ciphertext?: unknown; keyId?: unknown } | undefined;
  if (typeof sealed?.ciphertext !== 'string' || typeof sealed.keyId !== 'string') {
    return { cancel: 'the password is no longer kept' };
  }
  const [person] = rowsOf(
    await deps.db.execute(sql`
      select m.private_email, m.left_at, (select am.name from admin_members am where am.email = m.email) as name
      from members m where m.email = ${member}`),
  );
  if (person === undefined) return { cancel: 'no such member any more' };
  if (person.left_at !== null && person.left_at !== undefined) return { cancel: 'left the organisation' };
  if (person.private_email !== message.recipient) return { cancel: 'the private address was removed or changed' };
  const password = deps.config.secretBox.open(
    sealName(member),
    { ciphertext: sealed.ciphertext, keyId: sealed.keyId },
    'temporary password',
  );
  const words = {
    address: member,
    name: typeof person.name === 'string' ? person.name : '',
    orgName: deps.config.orgName,
    supportEmail: deps.config.supportEmail,
  };
  return {
    mail: renderWorkspacePassword({ ...words, password }),
    stored: renderWorkspacePassword({ ...words, password: PASSWORD_NOT_KEPT }),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

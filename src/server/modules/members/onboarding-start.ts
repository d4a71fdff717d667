import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import type { MemberRow } from './members.repository.js';
import type { MemberWriteActor } from './member-writes.service.js';

/**
 * Who starts an onboarding (docs/product.md#who-starts-an-onboarding): people an admin invited or imported, and people
 * who sign in without an admin role. An admin, department lead or content editor who signs in to look around does not
 * become a newcomer (no due dates, reminders, team tasks or stalls) until they start their own onboarding on purpose.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Whether a person signing in for the first time starts an onboarding: yes when an admin invited or imported them
 * (`invitedAt`), or when they have no admin role (not in ADMIN_EMAILS, and a member record, if any, that makes them
 * neither admin, department lead nor content editor).
 * @param email the person's address (any case)
 * @param member their member record, if any
 * @param adminEmails lower-case ADMIN_EMAILS
 * @returns true: they start one (the user is created with `onboarding` true)
 */
export function startsOnboardingAtFirstSignIn(
  email: string,
  member: Pick<MemberRow, 'isAdmin' | 'leadOf' | 'isEditor' | 'invitedAt'> | null | undefined,
  adminEmails: readonly string[],
): boolean {
  if (member?.invitedAt !== null && member?.invitedAt !== undefined) return true;
  const adminRole =
    adminEmails.includes(email.toLowerCase()) ||
    member?.isAdmin === true ||
    member?.isEditor === true ||
    (member?.leadOf ?? []).some((d) => d.trim() !== '');
  return !adminRole;
}

/**
 * Marks member records as invited (the invite form, the CSV import): only records of people who have not signed in
 * yet, and only once. Call it in the transaction that made the records.
 * @param db the database or the transaction
 * @param emails lower-case addresses
 * @param at when
 */
export async function markInvited(db: Database, emails: readonly string[], at: Date): Promise<void> {
  if (emails.length === 0) return;
  await db.execute(sql`
    update members m set invited_at = ${at.toISOString()}::timestamptz
    where m.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
      and m.invited_at is null
      and not exists (select 1 from users u where u.email = m.email)`);
}

/** What {@link startOwnOnboarding} did. */
export type OwnOnboardingStart = 'started' | 'already';

/**
 * Starts the onboarding of someone who signed in with an admin role to look around, on their own request: from now on
 * they are a newcomer like anyone invited. Their start date becomes `today` unless an admin set one. Audited as
 * `onboarding-started`. The caller brings their team tasks in line.
 * @param db the database
 * @param actor the person themselves
 * @param today the local day (YYYY-MM-DD) in the organisation's time zone
 * @param at when
 * @returns 'started', or 'already' when they were onboarding already (nothing changed)
 */
export async function startOwnOnboarding(
  db: Database,
  actor: MemberWriteActor & { actorEmail: string },
  today: string,
  at: Date,
): Promise<OwnOnboardingStart> {
  return db.transaction(async (tx) => {
    const email = actor.actorEmail.toLowerCase();
    const changed = rowsOf(
      await tx.execute(sql`update users set onboarding = true where email = ${email} and not onboarding returning id`),
    );
    if (changed.length === 0) return 'already' as const;
    await tx.execute(sql`
      insert into member_schedules (email, start_on, updated_at) values (${email}, ${today}::date, ${at.toISOString()}::timestamptz)
      on conflict (email) do update set start_on = coalesce(member_schedules.start_on, excluded.start_on),
        updated_at = excluded.updated_at`);
    await recordAudit(tx, {
      kind: 'onboarding-started',
      outcome: 'ok',
      ...actor,
      subject: email,
      details: { startOn: today },
      at,
    });
    return 'started' as const;
  });
}

/**
 * Whether a person does an onboarding (users.onboarding; true for an address without a user).
 * @param db the database
 * @param email any case
 */
export async function isOnboarding(db: Database, email: string): Promise<boolean> {
  const [row] = rowsOf(await db.execute(sql`select onboarding from users where email = ${email.toLowerCase()}`));
  return row?.onboarding !== false;
}

import { sql } from 'drizzle-orm';
import type { PendingAgreement } from '../../../shared/acknowledgments-api.js';
import { agreementDue, needsAcknowledgment, stepVersion, type AgreementDue } from '../../../shared/acknowledgments.js';
import type { Step } from '../../../shared/content-schema.js';
import { resolveRole, RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { refreshAdminMembers } from '../member-overview/index.js';
import { recordAudit } from '../audit/index.js';
import { uncompleteStep, untickAllItems } from '../progress/index.js';

/**
 * Agreements due again for everyone, not only for whoever opens their dashboard
 * (docs/decisions/021-signed-versioned-acknowledgments.md): a sweep that makes such steps not completed (so the admin
 * table's percentage drops at once and reminders see them as due), and the admins' list of who must agree again.
 *
 * A completion from before agreements were recorded has no record: it counts as an agreement to version 1 at the time
 * of the completion, so a version bump or a lapse asks those members again too; its expiry is written to the audit log
 * ('agreement-due-again'), which is then the only trace that they had agreed once.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Steps of a role that can become due again: an agreement step with a version above 1 or a renewal period. */
function watchedStepsOf(catalog: RoleCatalog): Map<string, Step[]> {
  const byRole = new Map<string, Step[]>();
  for (const key of catalog.keys()) {
    try {
      const steps = resolveRole(catalog, key)
        .scopes.flatMap((s) => s.steps)
        .filter((step) => needsAcknowledgment(step) && (stepVersion(step) > 1 || step.renewEveryDays !== undefined));
      if (steps.length > 0) byRole.set(key, steps);
    } catch (error) {
      if (!(error instanceof RoleConfigurationError)) throw error;
    }
  }
  return byRole;
}

interface Standing {
  email: string;
  name: string;
  userId: string;
  step: Step;
  /** The latest agreement: recorded, or a completion from before the records. */
  agreed: { version: number; at: Date; recorded: boolean } | null;
  completed: boolean;
}

/** What the sweep and the list of pending agreements work with: the database, the running content, the time now. */
export interface AgreementDeps {
  db: Database;
  catalog: RoleCatalog;
  now: Date;
  /** The organisation's time zone (TIME_ZONE), for the members table's rows (member-overview/admin-members.ts). */
  timeZone: string;
}

/** Every current (not left) member's standing on every watched step of their role. */
async function standings(db: Database, catalog: RoleCatalog, timeZone: string): Promise<Standing[]> {
  const watched = watchedStepsOf(catalog);
  if (watched.size === 0) return [];
  await refreshAdminMembers(db, catalog, timeZone);
  const stepIds = [...new Set([...watched.values()].flat().map((s) => s.id))];
  const roleKeys = [...watched.keys()];
  const people = rowsOf(
    await db.execute(sql`
      select am.email, am.name, am.user_id, am.role_key from admin_members am
      where am.user_id is not null and am.role_key in ${sql`(${sql.join(
        roleKeys.map((k) => sql`${k}`),
        sql`, `,
      )})`}
        and not exists (select 1 from members m where m.email = am.email and m.left_at is not null)`),
  );
  if (people.length === 0) return [];
  const idList = sql`(${sql.join(
    stepIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const completions = rowsOf(
    await db.execute(sql`select user_id, step_id, completed_at from step_progress where step_id in ${idList}`),
  );
  const records = rowsOf(
    await db.execute(sql`
      select distinct on (user_id, step_id) user_id, step_id, step_version, at from acknowledgments
      where kind <> 'item' and step_id in ${idList} order by user_id, step_id, seq desc`),
  );
  const key = (userId: unknown, stepId: unknown) => `${String(userId)} ${String(stepId)}`;
  const completedAt = new Map(completions.map((r) => [key(r.user_id, r.step_id), new Date(String(r.completed_at))]));
  const latest = new Map(
    records.map((r) => [key(r.user_id, r.step_id), { version: Number(r.step_version), at: new Date(String(r.at)) }]),
  );
  return people.flatMap((person) =>
    (watched.get(String(person.role_key)) ?? []).map((step): Standing => {
      const k = key(person.user_id, step.id);
      const record = latest.get(k);
      const done = completedAt.get(k);
      return {
        email: String(person.email),
        name: String(person.name),
        userId: String(person.user_id),
        step,
        agreed: record ? { ...record, recorded: true } : done ? { version: 1, at: done, recorded: false } : null,
        completed: done !== undefined,
      };
    }),
  );
}

/**
 * Makes every current member's steps whose agreement is due again (an older version, or lapsed) not completed, with
 * their ticks; the records stay. Each expiry is written to the audit log ('agreement-due-again'). Idempotent: a step
 * already not completed is left alone. Runs at start-up, hourly, and after a content change.
 * @param deps the database, the running content, the current time and the time zone
 * @returns how many steps were made not completed
 */
export async function sweepDueAgreements(deps: AgreementDeps): Promise<number> {
  let expired = 0;
  for (const s of await standings(deps.db, deps.catalog, deps.timeZone)) {
    if (!s.completed || s.agreed === null) continue;
    const due = agreementDue(s.step, s.agreed, deps.now);
    if (due === null) continue;
    await expireAgreement(deps.db, { id: s.userId, email: s.email }, s.step, due, s.agreed);
    expired += 1;
  }
  return expired;
}

/**
 * Makes one step not completed because its agreement is due again, and says so in the audit log.
 * @param db the database
 * @param user the member
 * @param step the step as the content has it now
 * @param due why ('changed' or 'renew')
 * @param agreed the agreement that no longer counts (version, time, whether there is a record of it)
 */
export async function expireAgreement(
  db: Database,
  user: { id: string; email: string },
  step: Step,
  due: AgreementDue,
  agreed: { version: number; at: Date; recorded: boolean },
): Promise<void> {
  // Made not completed with its ticks and audited together, or not at all.
  await db.transaction(async (tx) => {
    await untickAllItems(tx, user.id, step.id);
    await uncompleteStep(tx, user.id, step.id);
    await recordAudit(tx, {
      kind: 'agreement-due-again',
      outcome: 'ok',
      subject: user.email,
      reason: due,
      details: {
        userId: user.id,
        stepId: step.id,
        stepTitle: step.title,
        version: stepVersion(step),
        agreedVersion: agreed.version,
        agreedAt: agreed.at.toISOString(),
        recorded: agreed.recorded,
      },
    });
  });
}

/**
 * Who must agree again (the admins' list): every current member whose latest agreement to a step of their role is to
 * an older version or has lapsed — recorded, or a completion from before the records (still completed, or made not
 * completed by the sweep, as its audit entry shows).
 * @param deps the database, the running content, the current time and the time zone
 * @param filter optional step id
 * @returns the list, by step in catalogue order, then by name
 */
export async function pendingAgreements(
  deps: AgreementDeps,
  filter: { stepId?: string } = {},
): Promise<PendingAgreement[]> {
  const all = await standings(deps.db, deps.catalog, deps.timeZone);
  const relevant = all.filter((s) => filter.stepId === undefined || s.step.id === filter.stepId);
  // Completions from before the records that the sweep has already made not completed: only the audit log knows them.
  const unrecorded = relevant.filter((s) => s.agreed === null);
  const expiredBefore = new Map<string, { version: number; at: Date; recorded: boolean }>();
  if (unrecorded.length > 0) {
    const userIds = [...new Set(unrecorded.map((s) => s.userId))];
    // The person's entries (docs/decisions/035-a-person-is-their-user-id.md): by user id; an entry written before the
    // user id was kept names the address the person had then, so it counts for the user who held that address at
    // the time (created before it; a former holder under their `+former-` address).
    const rows = rowsOf(
      await deps.db.execute(sql`
        select u.id as user_id, a.details from audit_log a join users u on
          case when a.details ->> 'userId' is not null then a.details ->> 'userId' = u.id::text
            else regexp_replace(u.email, '\+former-[0-9a-f]{8}@', '@') = a.subject and u.created_at <= a.at end
        where a.kind = 'agreement-due-again' and (a.details ->> 'recorded') = 'false'
          and u.id in (${sql.join(
            userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
    );
    for (const row of rows) {
      const details = row.details as { stepId?: string; agreedVersion?: number; agreedAt?: string };
      if (typeof details.stepId !== 'string' || typeof details.agreedAt !== 'string') continue;
      expiredBefore.set(`${String(row.user_id)} ${details.stepId}`, {
        version: Number(details.agreedVersion ?? 1),
        at: new Date(details.agreedAt),
        recorded: false,
      });
    }
  }
  const order = new Map<string, number>();
  for (const s of all) if (!order.has(s.step.id)) order.set(s.step.id, order.size);
  return relevant
    .flatMap((s): PendingAgreement[] => {
      const agreed = s.agreed ?? expiredBefore.get(`${s.userId} ${s.step.id}`) ?? null;
      if (agreed === null) return [];
      const due = agreementDue(s.step, agreed, deps.now);
      if (due === null) return [];
      return [
        {
          email: s.email,
          name: s.name,
          stepId: s.step.id,
          stepTitle: s.step.title,
          version: stepVersion(s.step),
          due,
          agreedVersion: agreed.version,
          agreedAt: agreed.at.toISOString(),
          recorded: agreed.recorded,
        },
      ];
    })
    .sort((a, b) => (order.get(a.stepId) ?? 0) - (order.get(b.stepId) ?? 0) || a.name.localeCompare(b.name));
}

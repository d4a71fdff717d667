import { desc, eq, sql } from 'drizzle-orm';
import type { MemberDetail, MemberStep } from '../../../shared/admin-api.js';
import { deriveProgress } from '../../../shared/progress.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { RoleConfigurationError, type ResolvedScope } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { contentVersions, stepItemProgress, stepProgress, users } from '../../db/schema.js';
import { getMember } from '../members/members.repository.js';
import { getMemberOverview, type MembersContext } from './admin.repository.js';

/**
 * A member's page in the admin console (docs/product.md#admin-area): their resolved role's steps in order, each with
 * its status (docs/product.md#progress-rules), completion time, and the checklist ticks and acknowledgments with their
 * times.
 * @param db the database
 * @param ctx the catalog and ADMIN_EMAILS
 * @param email lower case
 * @returns the page, or undefined when the address is neither a user nor a member record
 */
export async function getMemberDetail(db: Database, ctx: MembersContext, email: string): Promise<MemberDetail | undefined> {
  const member = await getMemberOverview(db, ctx, email);
  if (!member) return undefined;
  const record = await getMember(db, email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const roleText = record?.role ?? user?.role ?? '';
  let scopes: ResolvedScope[] = [];
  try {
    scopes = resolveMemberRole(ctx.catalog, roleText).role.scopes;
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
  }
  const completed = new Map<string, Date>();
  const items = new Map<string, Date>();
  if (user) {
    for (const row of await db.select().from(stepProgress).where(eq(stepProgress.userId, user.id))) {
      completed.set(row.stepId, row.completedAt);
    }
    for (const row of await db.select().from(stepItemProgress).where(eq(stepItemProgress.userId, user.id))) {
      items.set(`${row.stepId}\u0000${row.itemId}`, row.doneAt);
    }
  }
  const flat = scopes.flatMap((scope) => scope.steps.map((step) => ({ scope, step })));
  const { statuses } = deriveProgress(
    flat.map((s) => s.step.id),
    completed.keys(),
  );
  const steps: MemberStep[] = flat.map(({ scope, step }, i) => {
    const itemOf = (id: string, kind: 'checklist' | 'acknowledgment', text: string) => ({
      id,
      kind,
      text,
      doneAt: items.get(`${step.id}\u0000${id}`)?.toISOString() ?? null,
    });
    return {
      id: step.id,
      title: step.title,
      scopeTitle: scope.title,
      status: statuses[i] ?? 'pending',
      completedAt: completed.get(step.id)?.toISOString() ?? null,
      items: [
        ...(step.isChecklistStep ? step.content.checklist.map((c) => itemOf(c.id, 'checklist', c.text)) : []),
        ...(step.isAcknowledgmentStep
          ? step.content.acknowledgments.map((a) => itemOf(a.id, 'acknowledgment', a.content))
          : []),
      ],
    };
  });
  const published = new Set([...ctx.catalog.values()].flatMap((c) => c.scopes.flatMap((s) => s.steps.map((st) => st.id))));
  const removedSteps = [];
  for (const [id, at] of completed) {
    if (published.has(id)) continue;
    removedSteps.push({ id, title: (await lastKnownStepTitle(db, id)) ?? id, completedAt: at.toISOString() });
  }
  removedSteps.sort((a, b) => a.completedAt.localeCompare(b.completedAt));
  return {
    member,
    roleText,
    hasMemberRecord: record !== undefined,
    leadOf: record?.leadOf ?? [],
    isEditor: record?.isEditor ?? false,
    left: record?.leftAt ? { at: record.leftAt.toISOString(), note: record.leftNote } : null,
    steps,
    removedSteps,
  };
}

/**
 * The title a step had in the newest content version that has it (a step removed since), or undefined when no
 * version ever had it.
 */
async function lastKnownStepTitle(db: Database, stepId: string): Promise<string | undefined> {
  const vars = sql`jsonb_build_object('id', ${stepId}::text)`;
  const [row] = await db
    .select({ title: sql<string | null>`jsonb_path_query_first(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $id).title', ${vars}) #>> '{}'` })
    .from(contentVersions)
    .where(sql`jsonb_path_exists(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $id)', ${vars})`)
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row?.title ?? undefined;
}

import { desc, eq, sql } from 'drizzle-orm';
import type { MemberDetail, MemberStep } from '../../../shared/admin-api.js';
import { adjustScopes } from '../../../shared/adjustments.js';
import { deriveProgress } from '../../../shared/progress.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { RoleConfigurationError, type ResolvedScope } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { contentVersions, stepItemProgress, stepProgress, users } from '../../db/schema.js';
import { getMember } from '../members/index.js';
import { preboardingSummary } from '../preboarding/index.js';
import {
  adjustmentRule,
  getMemberOverview,
  listStepAdjustments,
  type MembersContext,
} from '../member-overview/index.js';

/**
 * A member's page in the admin console (docs/product.md#admin-area): their resolved role's steps in order, after
 * their adjustments (docs/product.md#per-person-adjustments, listed in `adjustments`), each with
 * its status (docs/product.md#progress-rules), completion time, and the checklist ticks and acknowledgments with their
 * times.
 * @param db the database
 * @param ctx the catalog and ADMIN_EMAILS
 * @param email lower case
 * @returns the page, or undefined when the address is neither a user nor a member record
 */
export async function getMemberDetail(
  db: Database,
  ctx: MembersContext,
  email: string,
): Promise<MemberDetail | undefined> {
  const member = await getMemberOverview(db, ctx, email);
  if (!member) return undefined;
  const record = await getMember(db, email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const roleText = record?.role ?? user?.role ?? '';
  let roleScopes: readonly ResolvedScope[] = [];
  try {
    roleScopes = resolveMemberRole(ctx.catalog, roleText).role.scopes;
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
  }
  // docs/product.md#per-person-adjustments: the member's own steps (skips left out, extra steps in).
  const adjustmentRows = await listStepAdjustments(db, email);
  const scopes = adjustScopes(roleScopes, adjustmentRows.map(adjustmentRule));
  const roleStepTitles = new Map(roleScopes.flatMap((scope) => scope.steps.map((step) => [step.id, step.title])));
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
  const steps: MemberStep[] = [];
  for (const [i, { scope, step }] of flat.entries()) {
    const itemOf = (id: string, kind: 'checklist' | 'acknowledgment', text: string) => ({
      id,
      kind,
      text,
      doneAt: items.get(`${step.id}\u0000${id}`)?.toISOString() ?? null,
    });
    const current = [
      ...(step.isChecklistStep ? step.content.checklist.map((c) => itemOf(c.id, 'checklist', c.text)) : []),
      ...(step.isAcknowledgmentStep
        ? step.content.acknowledgments.map((a) => itemOf(a.id, 'acknowledgment', a.content))
        : []),
    ];
    // Items the member ticked that the published step no longer has: kept, marked as removed.
    const currentIds = new Set(current.map((item) => item.id));
    const removed = [];
    for (const [key, at] of items) {
      const [stepId, itemId] = key.split('\u0000') as [string, string];
      if (stepId !== step.id || currentIds.has(itemId)) continue;
      const known = await lastKnownItem(db, step.id, itemId);
      removed.push({
        id: itemId,
        kind: known?.kind ?? 'checklist',
        text: known?.text ?? itemId,
        doneAt: at.toISOString(),
        removed: true,
      });
    }
    steps.push({
      id: step.id,
      title: step.title,
      scopeTitle: scope.title,
      status: statuses[i] ?? 'pending',
      completedAt: completed.get(step.id)?.toISOString() ?? null,
      items: [...current, ...removed],
    });
  }
  const published = new Set([
    ...[...ctx.catalog.values()].flatMap((c) => c.scopes.flatMap((s) => s.steps.map((st) => st.id))),
    // An extra step the member completed, then undone by an admin, is not a step the content removed.
    ...adjustmentRows.map((row) => row.stepId),
  ]);
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
    // Whether one is set, never the address: reading it is audited (docs/product.md#private-e-mail-address).
    hasPrivateEmail: record?.privateEmail != null,
    leadOf: record?.leadOf ?? [],
    isEditor: record?.isEditor ?? false,
    buddy: record?.buddy ?? null,
    left: record?.leftAt ? { at: record.leftAt.toISOString(), note: record.leftNote } : null,
    steps,
    removedSteps,
    preboarding: await preboardingSummary(db, ctx.catalog, email),
    adjustments: adjustmentRows.map((row) => ({
      id: row.id,
      kind: row.kind === 'extra' ? 'extra' : 'skip',
      stepId: row.stepId,
      title: row.title ?? roleStepTitles.get(row.stepId) ?? row.stepId,
      description: row.description,
      dueAfterDays: row.dueAfterDays,
      reason: row.reason,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * The title a step had in the newest content version that has it (a step removed since), or undefined when no
 * version ever had it.
 */
async function lastKnownStepTitle(db: Database, stepId: string): Promise<string | undefined> {
  const vars = sql`jsonb_build_object('id', ${stepId}::text)`;
  const [row] = await db
    .select({
      title: sql<
        string | null
      >`jsonb_path_query_first(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $id).title', ${vars}) #>> '{}'`,
    })
    .from(contentVersions)
    .where(sql`jsonb_path_exists(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $id)', ${vars})`)
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row?.title ?? undefined;
}

/**
 * The kind and text an item of a step had in the newest content version that has it (an item removed since), or
 * undefined when no version ever had it.
 * @param db the database
 * @param stepId the step's id
 * @param itemId the checklist or acknowledgment item's id
 * @returns `{ kind, text }` (an acknowledgment's text is its `content`), or undefined
 */
async function lastKnownItem(
  db: Database,
  stepId: string,
  itemId: string,
): Promise<{ kind: 'checklist' | 'acknowledgment'; text: string } | undefined> {
  const vars = sql`jsonb_build_object('step', ${stepId}::text, 'item', ${itemId}::text)`;
  const [row] = await db
    .select({
      checklist: sql<
        string | null
      >`jsonb_path_query_first(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $step).content.checklist[*] ? (@.id == $item).text', ${vars}) #>> '{}'`,
      acknowledgment: sql<
        string | null
      >`jsonb_path_query_first(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $step).content.acknowledgments[*] ? (@.id == $item).content', ${vars}) #>> '{}'`,
    })
    .from(contentVersions)
    .where(
      sql`jsonb_path_exists(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $step).content.checklist[*] ? (@.id == $item)', ${vars})
        or jsonb_path_exists(${contentVersions.catalog}, '$[*].scopes[*].steps[*] ? (@.id == $step).content.acknowledgments[*] ? (@.id == $item)', ${vars})`,
    )
    .orderBy(desc(contentVersions.version))
    .limit(1);
  if (row === undefined) return undefined;
  if (row.checklist !== null) return { kind: 'checklist', text: row.checklist };
  if (row.acknowledgment !== null) return { kind: 'acknowledgment', text: row.acknowledgment };
  return undefined;
}

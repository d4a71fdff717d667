import { asc, eq } from 'drizzle-orm';
import type { OrgUnitRule } from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { workspaceMappings } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from '../members/index.js';

/**
 * The admins' mapping of roles and departments to Google Workspace org units
 * (docs/product.md#google-workspace-accounts): which org unit a new account goes to.
 */

/** The mapping's rows of org units (the table's `kind`). */
const ORG_UNIT = 'org-unit' as const;

/** The org unit of an account no rule matches: the domain's top. */
export const TOP_ORG_UNIT = '/';

/**
 * The org unit rules, in the order they were written.
 * @param db the database
 */
export async function listOrgUnitRules(db: Database): Promise<OrgUnitRule[]> {
  const rows = await db
    .select()
    .from(workspaceMappings)
    .where(eq(workspaceMappings.kind, ORG_UNIT))
    .orderBy(asc(workspaceMappings.updatedAt), asc(workspaceMappings.id));
  return rows.map((r) => ({ roleKey: r.roleKey, department: r.department, orgUnitPath: r.target }));
}

/**
 * Replaces the org unit rules, audited as `workspace-account` (reason 'org-units').
 * @param db the database
 * @param rules the new rules (checked by the shared schema)
 * @param actor who changes them
 * @param now when
 */
export async function replaceOrgUnitRules(
  db: Database,
  rules: OrgUnitRule[],
  actor: MemberWriteActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(workspaceMappings).where(eq(workspaceMappings.kind, ORG_UNIT));
    if (rules.length > 0) {
      await tx.insert(workspaceMappings).values(
        rules.map((r, i) => ({
          kind: ORG_UNIT,
          roleKey: r.roleKey,
          department: r.department,
          target: r.orgUnitPath,
          // The order written is kept by the time (one millisecond apart).
          updatedAt: new Date(now.getTime() + i),
        })),
      );
    }
    await recordAudit(tx, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...actor,
      reason: 'org-units',
      details: { rules },
      at: now,
    });
  });
}

/**
 * The org unit of a member: the most specific matching rule (role and department, then role, then department, then a
 * rule for anyone), the first written among equals; {@link TOP_ORG_UNIT} when none matches. Departments match in any
 * case.
 * @param rules the mapping
 * @param member the member's role key and department
 */
export function orgUnitFor(rules: readonly OrgUnitRule[], member: { roleKey: string; department: string }): string {
  const department = member.department.trim().toLowerCase();
  const score = (rule: OrgUnitRule): number => {
    if (rule.roleKey !== null && rule.roleKey !== member.roleKey) return -1;
    if (rule.department !== null && rule.department.trim().toLowerCase() !== department) return -1;
    return (rule.roleKey === null ? 0 : 2) + (rule.department === null ? 0 : 1);
  };
  let best: { rule: OrgUnitRule; score: number } | undefined;
  for (const rule of rules) {
    const s = score(rule);
    if (s >= 0 && (best === undefined || s > best.score)) best = { rule, score: s };
  }
  return best?.rule.orgUnitPath ?? TOP_ORG_UNIT;
}

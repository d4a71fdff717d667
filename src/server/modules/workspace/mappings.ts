import { asc, eq } from 'drizzle-orm';
import type { OrgUnitRule } from '../../../shared/workspace-api.js';
import type { Database } from '../../db/client.js';
import { workspaceMappings } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import type { MemberWriteActor } from '../members/index.js';

/**
 * The admins' mapping of roles and departments to Google Workspace org units
 * (docs/product.md#google-workspace-accounts): which org unit a new account goes to. The mapping's table holds the
 * groups' rules too (groups.ts), each kind read and replaced the same way.
 */

/** The mapping's rows of org units (the table's `kind`). */
const ORG_UNIT = 'org-unit' as const;

/** One rule of the mapping as stored: a role key and a department (null: any), and what they map to. */
export interface MappingRule {
  roleKey: string | null;
  department: string | null;
  /** An org unit's path, or a group's address (lower case). */
  target: string;
}

/**
 * The rules of one kind, in the order they were written.
 * @param db the database
 * @param kind 'org-unit' or 'group'
 */
export async function listMapping(db: Database, kind: 'org-unit' | 'group'): Promise<MappingRule[]> {
  const rows = await db
    .select()
    .from(workspaceMappings)
    .where(eq(workspaceMappings.kind, kind))
    .orderBy(asc(workspaceMappings.updatedAt), asc(workspaceMappings.id));
  return rows.map((r) => ({ roleKey: r.roleKey, department: r.department, target: r.target }));
}

/**
 * Replaces the rules of one kind in one transaction, audited as `workspace-account` with the rules as given.
 * @param db the database
 * @param kind 'org-unit' or 'group'
 * @param rules the new rules, in order
 * @param audit the audit entry's `reason` ('org-units', 'group-rules'), `details` (the rules as the admin sent them),
 *   `actor` and `now`
 */
export async function replaceMapping(
  db: Database,
  kind: 'org-unit' | 'group',
  rules: readonly MappingRule[],
  audit: { reason: string; details: Record<string, unknown>; actor: MemberWriteActor; now: Date },
): Promise<void> {
  const { now } = audit;
  await db.transaction(async (tx) => {
    await tx.delete(workspaceMappings).where(eq(workspaceMappings.kind, kind));
    if (rules.length > 0) {
      await tx.insert(workspaceMappings).values(
        rules.map((r, i) => ({
          kind,
          roleKey: r.roleKey,
          department: r.department,
          target: r.target,
          // The order written is kept by the time (one millisecond apart).
          updatedAt: new Date(now.getTime() + i),
        })),
      );
    }
    await recordAudit(tx, {
      kind: 'workspace-account',
      outcome: 'ok',
      ...audit.actor,
      reason: audit.reason,
      details: audit.details,
      at: now,
    });
  });
}

/** The org unit of an account no rule matches: the domain's top. */
export const TOP_ORG_UNIT = '/';

/**
 * The org unit rules, in the order they were written.
 * @param db the database
 */
export async function listOrgUnitRules(db: Database): Promise<OrgUnitRule[]> {
  const rows = await listMapping(db, ORG_UNIT);
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
  const rows = rules.map((r) => ({ roleKey: r.roleKey, department: r.department, target: r.orgUnitPath }));
  await replaceMapping(db, ORG_UNIT, rows, { reason: 'org-units', details: { rules }, actor, now });
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

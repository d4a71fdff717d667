import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuditKind } from '../../../shared/audit-kinds.js';

/**
 * The audit log (docs/product.md#shared-passwords: every reveal is written to it;
 * docs/product.md#admin-area: admins read it). Rows are only added, never changed. Other modules write with {@link
 * recordAudit}; the admin console reads with {@link listAudit}.
 */

export type { AuditKind };

/** 'allowed' / 'refused' for access decisions, 'ok' for actions that simply happened. */
export type AuditOutcome = 'allowed' | 'refused' | 'ok';

/** One entry to write. Never put a secret value into any field. */
export interface AuditEntry {
  kind: AuditKind;
  outcome: AuditOutcome;
  /** The acting user's id, or null (anonymous request). */
  actorUserId?: string | null;
  /** The acting person's e-mail address (stored lower case), or null when unknown. */
  actorEmail?: string | null;
  /** What was acted on, e.g. a secret's name ('FINANCE_PASS') or a member's e-mail address. */
  subject?: string | null;
  /** Why, e.g. a refusal reason ('role-mismatch'). */
  reason?: string | null;
  /** Anything else worth keeping (step id, role, session kind…), as JSON. */
  details?: Record<string, unknown> | null;
  /** When; default the database's now(). */
  at?: Date;
}

/** A stored audit entry. */
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Writes one audit entry.
 * @param db the database
 * @param entry kind, outcome, and optional actor, subject, reason, details and time
 * @returns the stored row
 * @throws the database error when the write fails (callers that must not reveal anything unaudited rely on this)
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<AuditRow> {
  const [row] = await db
    .insert(auditLog)
    .values({
      kind: entry.kind,
      outcome: entry.outcome,
      actorUserId: entry.actorUserId ?? null,
      actorEmail: entry.actorEmail?.toLowerCase() ?? null,
      subject: entry.subject ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    })
    .returning();
  if (!row) throw new Error('insert into audit_log returned no row');
  return row;
}

/** Filters of {@link listAudit}; every one is optional and they combine with AND. */
export interface AuditFilters {
  kind?: string;
  /** Any case. */
  actorEmail?: string;
  subject?: string;
  outcome?: AuditOutcome;
  /** Entries at or after this time. */
  from?: Date;
  /** Entries before this time. */
  to?: Date;
}

/** Largest page {@link listAudit} returns. */
export const MAX_AUDIT_PAGE_SIZE = 200;

/**
 * Reads the audit log, newest first.
 * @param db the database
 * @param options.filters see {@link AuditFilters}
 * @param options.page `number` (1-based, default 1) and `size` (default 50, at most {@link MAX_AUDIT_PAGE_SIZE})
 * @returns the page's entries and the total number of entries that match the filters
 */
export async function listAudit(
  db: Database,
  options: { filters?: AuditFilters; page?: { number?: number; size?: number } } = {},
): Promise<{ entries: AuditRow[]; total: number }> {
  const f = options.filters ?? {};
  const conditions: SQL[] = [];
  if (f.kind !== undefined) conditions.push(eq(auditLog.kind, f.kind));
  if (f.actorEmail !== undefined) conditions.push(eq(auditLog.actorEmail, f.actorEmail.toLowerCase()));
  if (f.subject !== undefined) conditions.push(eq(auditLog.subject, f.subject));
  if (f.outcome !== undefined) conditions.push(eq(auditLog.outcome, f.outcome));
  if (f.from !== undefined) conditions.push(gte(auditLog.at, f.from));
  if (f.to !== undefined) conditions.push(lt(auditLog.at, f.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const size = Math.min(Math.max(1, Math.floor(options.page?.size ?? 50)), MAX_AUDIT_PAGE_SIZE);
  const number = Math.max(1, Math.floor(options.page?.number ?? 1));
  const entries = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(size)
    .offset((number - 1) * size);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  return { entries, total: totals?.total ?? 0 };
}

import { sql, type SQL } from 'drizzle-orm';
import { STALLED_AFTER_DAYS, type InsightsQuery } from '../../../shared/insights-api.js';
import { type RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { memberStartsSql, refreshAdminMembers, stalledSql, waitingSinceSql } from '../member-overview/index.js';

/** What the insights queries share: their context, the population of members the filters choose, and reading rows (docs/product.md#admin-area). */

/** What the insights queries need besides the database. */
export interface InsightsContext {
  catalog: RoleCatalog;
  /** The moment "now" (the app's clock): waits, cohort ages and the activity window are measured from it. */
  now: Date;
  /** The organisation's IANA time zone (TIME_ZONE): weeks and start months are local, as the digest's are. */
  timeZone: string;
  /**
   * The departments this viewer may see (any case); undefined = every department (an admin). An empty list sees
   * nobody. For people who may see only their own departments.
   */
  departments?: readonly string[] | undefined;
  /** STALLED_AFTER_DAYS (default {@link STALLED_AFTER_DAYS}): the one definition of stalled (member-overview/stalled.ts). */
  stalledAfterDays?: number | undefined;
}

/** STALLED_AFTER_DAYS as the context says, else the default. */
export const stalledAfterDaysOf = (ctx: InsightsContext): number => ctx.stalledAfterDays ?? STALLED_AFTER_DAYS;

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
export const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
/** Rounds to one decimal (medians and percentiles of whole days are often x.5). */
export const oneDecimal = (value: unknown): number | null => {
  const n = numOrNull(value);
  return n === null ? null : Math.round(n * 10) / 10;
};

/**
 * Brings `admin_members` up to date and returns the common table expressions every chart starts with: `pop`, the
 * people matching the filters and the viewer's departments who do an onboarding, with `started_at`, `is_complete`,
 * `has_left` (left the organisation), `waiting_since` and `is_stalled` (the one definition: member-overview/stalled.ts).
 */
export async function populationCtes(db: Database, ctx: InsightsContext, query: InsightsQuery): Promise<SQL> {
  await refreshAdminMembers(db, ctx.catalog, ctx.timeZone);
  // docs/product.md#who-starts-an-onboarding: someone only looking around is no newcomer.
  const conditions: SQL[] = [sql`a.onboarding`];
  if (query.role !== undefined && query.role !== '') conditions.push(sql`a.role_key = ${query.role.toLowerCase()}`);
  if (query.department !== undefined && query.department !== '') {
    conditions.push(sql`a.department_key = ${query.department.toLowerCase()}`);
  }
  if (query.started !== undefined && query.started !== '') {
    conditions.push(sql`to_char(s.started_at at time zone ${ctx.timeZone}, 'YYYY-MM') = ${query.started}`);
  }
  if (ctx.departments !== undefined) {
    const allowed = JSON.stringify(ctx.departments.map((d) => d.toLowerCase()));
    conditions.push(sql`a.department_key in (select jsonb_array_elements_text(${allowed}::jsonb))`);
  }
  const hasLeft = sql`exists (select 1 from members m where m.email = a.email and m.left_at is not null)`;
  const clock = { now: ctx.now, timeZone: ctx.timeZone, stalledAfterDays: stalledAfterDaysOf(ctx) };
  return sql`
    with starts as (${memberStartsSql()}),
    pop as materialized (
      select a.email, a.user_id, a.role_key, a.current_step_title, a.last_progress_at, s.started_at,
        (a.total_steps > 0 and a.completed_steps >= a.total_steps) as is_complete,
        ${hasLeft} as has_left, ${waitingSinceSql('a', ctx.timeZone)} as waiting_since,
        ${stalledSql('a', hasLeft, clock)} as is_stalled
      from admin_members a join starts s on s.user_id = a.user_id
      where ${sql.join(conditions, sql` and `)}
    )`;
}

export const nowSql = (ctx: InsightsContext): SQL => sql`${ctx.now.toISOString()}::timestamptz`;

/** No filter and no restriction to some departments: every member counts. */
export function isUnfiltered(ctx: InsightsContext, query: InsightsQuery): boolean {
  return (
    ctx.departments === undefined &&
    (query.role ?? '') === '' &&
    (query.department ?? '') === '' &&
    (query.started ?? '') === ''
  );
}

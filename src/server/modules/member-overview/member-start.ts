import { sql, type SQL } from 'drizzle-orm';

/**
 * When a member started, for the insights and the members table's start filters: the one place that says so.
 *
 * The product rule: a member's start is their start date where one is recorded, else their first sign-in. No start
 * dates are recorded yet, so this is the first sign-in (`users.created_at`, written once when the person first signs
 * in). When a start date is added to member records, join `members` here by e-mail address and answer
 * `coalesce(m.start_date, u.created_at)`; every chart and filter follows.
 * @returns a SELECT of `(user_id uuid, started_at timestamptz)`, one row per person who signed in, to use as a
 *   subquery or common table expression
 */
export function memberStartsSql(): SQL {
  return sql`select u.id as user_id, u.created_at as started_at from users u`;
}

/**
 * Whole days (24 hours, rounded down, never below 0) from one timestamp expression to another.
 * @param from SQL of the earlier moment
 * @param to SQL of the later moment
 */
export function wholeDaysSql(from: SQL, to: SQL): SQL {
  return sql`greatest(0, floor(extract(epoch from (${to} - ${from})) / 86400))::int`;
}

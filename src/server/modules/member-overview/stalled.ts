import { sql, type SQL } from 'drizzle-orm';

/**
 * "Stalled", one definition for the members table, the Insights page and the admins' digest
 * (docs/product.md#due-dates-and-reminders, "Stalled"): someone who signed in, does an onboarding, has not left, has a
 * step left, and has completed no step for STALLED_AFTER_DAYS days or more — counted from their start date (its first
 * moment in the organisation's time zone) or their last completed step, whichever is later. The members table's badge
 * and filter, the Insights funnel's counts and call-out, and the digest's list all use {@link stalledSql}; the page's
 * explanation is `stalledMeaning` in src/shared/stalled.ts.
 */

/** The moment and the settings "stalled" is measured with. */
export interface StalledClock {
  now: Date;
  /** The organisation's IANA time zone (TIME_ZONE). */
  timeZone: string;
  /** STALLED_AFTER_DAYS. */
  stalledAfterDays: number;
}

/**
 * Since when a person has been waiting: their last step completion or the start of their start day (the start date an
 * admin set, else the local day of their first sign-in), whichever is later; null for someone who never signed in and
 * has no start date.
 * @param row the alias of a row with `admin_members`' columns (`start_on`, `first_sign_in_at`, `last_progress_at`)
 * @param timeZone the organisation's IANA time zone
 * @returns a timestamptz SQL expression
 */
export function waitingSinceSql(row: string, timeZone: string): SQL {
  const r = sql.raw(row);
  return sql`greatest(${r}.last_progress_at,
    coalesce(${r}.start_on, (${r}.first_sign_in_at at time zone ${timeZone})::date)::timestamp at time zone ${timeZone})`;
}

/**
 * Whether a person is stalled (the definition above), as a boolean SQL expression.
 * @param row the alias of a row with `admin_members`' columns (`onboarding`, `first_sign_in_at`, `start_on`,
 *   `completed_steps`, `total_steps`, `last_progress_at`)
 * @param left SQL that is true when the person left the organisation
 * @param clock now, the time zone and STALLED_AFTER_DAYS
 */
export function stalledSql(row: string, left: SQL, clock: StalledClock): SQL {
  const r = sql.raw(row);
  const before = new Date(clock.now.getTime() - clock.stalledAfterDays * 86_400_000).toISOString();
  return sql`coalesce(${r}.onboarding and ${r}.first_sign_in_at is not null and not (${left})
    and ${r}.completed_steps < ${r}.total_steps
    and ${waitingSinceSql(row, clock.timeZone)} <= ${before}::timestamptz, false)`;
}

import { DateTime } from 'luxon';

/**
 * Calendar days in the organisation's time zone (docs/product.md#due-dates-and-reminders), with luxon: start dates and
 * due dates are calendar days (YYYY-MM-DD); "today", quiet hours and the weekly digest follow the local clock across
 * DST changes. No hand-rolled arithmetic: a day is a calendar day, not 24 hours.
 */

/** Reminders are never sent from this local hour… */
export const QUIET_FROM_HOUR = 21;
/** …until this local hour. */
export const QUIET_UNTIL_HOUR = 8;

/**
 * The calendar day of an instant in a time zone.
 * @param instant the moment
 * @param zone an IANA time zone, e.g. "Europe/London"
 * @returns the day as YYYY-MM-DD
 */
export function dayIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/**
 * A calendar day plus a number of days (negative: before).
 * @param day YYYY-MM-DD
 * @param days whole days
 * @returns YYYY-MM-DD
 */
export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate() ?? '';
}

/**
 * Calendar days from one day to another (positive when `to` is later).
 * @param from YYYY-MM-DD
 * @param to YYYY-MM-DD
 */
export function daysFrom(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days);
}

/**
 * Days a member has after a material change of a step (its `versionDate`, docs/product.md#content-studio) before the
 * step shows as overdue again (docs/product.md#due-dates-and-reminders).
 */
export const MATERIAL_CHANGE_GRACE_DAYS = 14;

/**
 * The day a step with a due date is due for a member (docs/product.md#due-dates-and-reminders): `dueAfterDays` after
 * the start date; but a member who started before the step's current version was published (a material change, which
 * asks them to read and agree again) has at least {@link MATERIAL_CHANGE_GRACE_DAYS} days from that day.
 * @param startOn the member's start day, YYYY-MM-DD
 * @param dueAfterDays the step's `dueAfterDays` (0–365)
 * @param versionDate the step's `versionDate` (YYYY-MM-DD), if any
 * @returns the due day, YYYY-MM-DD
 */
export function stepDueOn(startOn: string, dueAfterDays: number, versionDate?: string | null): string {
  const due = addDays(startOn, dueAfterDays);
  if (versionDate === undefined || versionDate === null || versionDate <= startOn) return due;
  const grace = addDays(versionDate, MATERIAL_CHANGE_GRACE_DAYS);
  return grace > due ? grace : due;
}

/**
 * Whether reminders may be sent at this moment: not between 21:00 and 08:00 local time.
 * @param instant the moment
 * @param zone the organisation's time zone
 */
export function isSendingHour(instant: Date, zone: string): boolean {
  const hour = DateTime.fromJSDate(instant, { zone }).hour;
  return hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR;
}

/**
 * The first moment at or after `instant` when reminders may be sent (the same moment outside quiet hours, else the
 * next 08:00 local time, whatever the DST change in between).
 * @param instant the moment
 * @param zone the organisation's time zone
 */
export function nextSendingTime(instant: Date, zone: string): Date {
  if (isSendingHour(instant, zone)) return instant;
  const local = DateTime.fromJSDate(instant, { zone });
  const day = local.hour >= QUIET_FROM_HOUR ? local.plus({ days: 1 }) : local;
  return day.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}

/**
 * The start of the week of a moment in a time zone: Monday 00:00 local time, as an instant (docs/product.md#admin-area, insights:
 * the activity chart's weeks, like the digest's, are the organisation's local weeks).
 * @param instant the moment
 * @param zone an IANA time zone, e.g. "Europe/London"
 * @returns the instant local Monday 00:00 falls on (a week across a DST change is 167 or 169 hours long)
 */
export function weekStartIn(instant: Date, zone: string): Date {
  return DateTime.fromJSDate(instant, { zone }).startOf('week').toJSDate();
}

/**
 * The local Mondays of a run of weeks: `count` weeks up to and including the week of `instant`, oldest first, and the
 * Monday after the last, so that week i is the half-open range [starts[i], starts[i + 1]).
 * @param instant the moment whose week is the last
 * @param zone an IANA time zone
 * @param count how many weeks (≥ 1)
 * @returns count + 1 instants, each a local Monday 00:00, and the same Mondays as calendar days (YYYY-MM-DD)
 */
export function weekStartsIn(instant: Date, zone: string, count: number): { instants: Date[]; days: string[] } {
  const last = DateTime.fromJSDate(instant, { zone }).startOf('week');
  const mondays = Array.from({ length: count + 1 }, (_, i) => last.minus({ weeks: count - 1 - i }));
  return { instants: mondays.map((m) => m.toJSDate()), days: mondays.map((m) => m.toISODate() ?? '') };
}

/**
 * The ISO week of a moment in the organisation's time zone, e.g. "2026-W49" (the weekly digest's key), and whether
 * the week's digest is due: from Monday 08:00 local time.
 * @param instant the moment
 * @param zone the organisation's time zone
 */
export function digestWeek(instant: Date, zone: string): { week: string; due: boolean } {
  const local = DateTime.fromJSDate(instant, { zone });
  const week = `${local.weekYear}-W${String(local.weekNumber).padStart(2, '0')}`;
  return { week, due: local.weekday > 1 || local.hour >= QUIET_UNTIL_HOUR };
}

/** The most reminders one step gets for one due date: 3 days before, 1 day after, then weekly. */
export const MAX_REMINDERS_PER_STEP = 6;

/**
 * Which reminder of a step is due on a day (docs/product.md#due-dates-and-reminders): occasion 0 three days before
 * the due date, occasion 1 one day after it, then one a week (8, 15, 22, 29 days after), at most
 * {@link MAX_REMINDERS_PER_STEP}. A day between two occasions answers the latest one passed, for a week at most, so a
 * day the server was down is caught up (the caller sends each occasion once).
 * @param dueOn the step's due date, YYYY-MM-DD
 * @param today the local day, YYYY-MM-DD
 * @returns the occasion (0 to 5), or null when none is due
 */
export function reminderOccasion(dueOn: string, today: string): number | null {
  const late = daysFrom(dueOn, today);
  if (late < -3) return null;
  if (late < 1) return 0;
  const occasion = Math.min(MAX_REMINDERS_PER_STEP - 1, 1 + Math.floor((late - 1) / 7));
  const occasionDay = 1 + 7 * (occasion - 1);
  return late - occasionDay < 7 ? occasion : null;
}

/**
 * The deadline of the demo page's 'Step Examples' note (docs/product.md#demo-page): a Saturday, counted from today, so
 * the note never names a date that has passed.
 */

/** At least this many days from today to the deadline, so that a team has a full week. */
export const DEMO_DEADLINE_MIN_DAYS = 7;

const SATURDAY = 6;

/**
 * The first Saturday at least {@link DEMO_DEADLINE_MIN_DAYS} days after `today` (local time).
 * @param today the current date (its time of day is ignored)
 * @returns that Saturday at local midnight, 7 to 13 days after `today`
 */
export function demoDeadline(today: Date): Date {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + DEMO_DEADLINE_MIN_DAYS);
  day.setDate(day.getDate() + ((SATURDAY - day.getDay() + 7) % 7));
  return day;
}

/**
 * The deadline as the note writes it, e.g. 'Saturday, April 18' (English, the weekday and the month spelled out).
 * @param date the deadline
 */
export function formatDemoDeadline(date: Date): string {
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}

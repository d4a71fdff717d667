import { formatSentenceDay } from '@/lib/dates';

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
 * The deadline as the note writes it, the organisation's way (docs/product.md#dates-and-times): 'Saturday 5 December'
 * in en-GB.
 * @param date the deadline (local midnight)
 */
export function formatDemoDeadline(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatSentenceDay(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

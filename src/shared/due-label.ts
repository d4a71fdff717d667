/**
 * How a step's due date reads (docs/product.md#due-dates-and-reminders): "Due Fri 5 Dec", "Due today", "Due tomorrow"
 * or "Overdue by 2 days". The server works out the days (in the organisation's time zone, with luxon); this only words
 * them, so the client needs no date library.
 * @param dueOn the due date, YYYY-MM-DD
 * @param daysLate calendar days from the due date to today (negative: still to come)
 * @returns the label
 */
export function dueLabel(dueOn: string, daysLate: number): string {
  if (daysLate > 0) return `Overdue by ${daysLate} ${daysLate === 1 ? 'day' : 'days'}`;
  if (daysLate === 0) return 'Due today';
  if (daysLate === -1) return 'Due tomorrow';
  // A calendar day: its weekday and month from the date itself (at UTC midnight, so no time zone moves it to another
  // day), in the label's fixed words (en-GB's, 'Sept' included). Not Intl.DateTimeFormat: making the page's first one loads the locale's
  // data, about 17 ms of a phone's CPU in one piece (docs/decisions/028-dashboard-render-on-a-phone.md).
  const date = new Date(`${dueOn}T00:00:00Z`);
  return `Due ${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

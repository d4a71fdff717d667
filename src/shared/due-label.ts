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
  // A calendar day, formatted at UTC midnight so no time zone moves it to another day.
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${dueOn}T00:00:00Z`))
    .replace(',', '');
  return `Due ${day}`;
}

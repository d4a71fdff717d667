import { formatDateTime, formatDay } from '@/lib/dates';

/**
 * An ISO day ("2026-11-01") or moment ("2026-12-06T21:08:00.000Z") standing on its own in a text: not part of a longer
 * name such as a backup's file name ("backup-2026-12-06T21-26-00"), which stays as it is.
 */
const ISO_DATE =
  /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])/gu;

/** Whether year, month and day name a day of the calendar (not "2026-02-30"). */
function isDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}

/**
 * A text with its ISO days and moments written the organisation's way (docs/product.md#dates-and-times): "2026-11-01"
 * → "1 Nov 2026", "2026-12-06T21:08:00.000Z" → "6 Dec 2026, 21:08" in the organisation's time zone. Anything that
 * does not name a real day is left as it is.
 * @param text any text
 * @returns the text, its dates rewritten
 */
export function writeDatesIn(text: string): string {
  return text.replace(ISO_DATE, (found: string, year: string, month: string, day: string, time?: string) => {
    if (!isDay(year, month, day)) return found;
    if (time === undefined) return formatDay(`${year}-${month}-${day}`);
    const written = formatDateTime(found);
    return written === '—' ? found : written;
  });
}

/**
 * An audit entry's reason and details as the audit log shows them (docs/product.md#admin-area): the reason, then the
 * details as JSON, every date in them written the organisation's way (a start date, a leaving date, a due day).
 * @param reason the entry's reason, or null
 * @param detail the entry's details (any JSON object), or null
 * @returns the text of the log's Details column ('' when there is neither)
 */
export function auditDetailsText(reason: string | null, detail: Record<string, unknown> | null): string {
  const details = detail === null ? null : JSON.stringify(detail);
  return [reason, details]
    .filter((part): part is string => part !== null && part !== '')
    .map(writeDatesIn)
    .join(' ');
}

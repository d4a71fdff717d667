import { DateTime } from 'luxon';

/**
 * Dates as an organisation writes them, read the same way by a CSV import and by the admin's date fields
 * (docs/product.md#dates-and-times, docs/product.md#admin-area, CSV import): ISO (`2026-11-16`)
 * and the usual forms of the organisation's locale (LOCALE, default en-GB: `16/11/2026`, `16.11.2026`, `16/11/26`,
 * `16 Nov 2026`, `16 November 2026`; in en-US `11/16/2026`), read with luxon.
 */

/** A date cell as the import read it. */
export interface ReadDate {
  /** The day, YYYY-MM-DD. */
  date: string;
  /** The day in words in the locale ('Monday, 16 November 2026'), for the preview to say how it was read. */
  said: string;
}

/** The order of day, month and year in the locale's short numeric dates ('en-GB' → ['d', 'M', 'y']). */
function numericOrder(locale: string): ('d' | 'M' | 'y')[] {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 10, 16)));
  const order: ('d' | 'M' | 'y')[] = [];
  for (const p of parts) {
    if (p.type === 'day') order.push('d');
    else if (p.type === 'month') order.push('M');
    else if (p.type === 'year') order.push('y');
  }
  return order.length === 3 ? order : ['d', 'M', 'y'];
}

const formatsCache = new Map<string, string[]>();

/** The luxon formats tried for a locale, ISO first. */
function formatsOf(locale: string): string[] {
  const cached = formatsCache.get(locale);
  if (cached) return cached;
  const order = numericOrder(locale);
  const formats = ['yyyy-MM-dd', 'yyyy-M-d'];
  for (const separator of ['/', '.', '-', ' ']) {
    for (const year of ['yyyy', 'yy']) {
      formats.push(order.map((p) => (p === 'y' ? year : p)).join(separator));
    }
  }
  // Month names ('16 Nov 2026', '16-Nov-2026', '16. November 2026', 'November 16, 2026').
  for (const month of ['MMM', 'MMMM']) {
    formats.push(`d ${month} yyyy`, `d-${month}-yyyy`, `d. ${month} yyyy`, `${month} d, yyyy`, `${month} d yyyy`);
  }
  formatsCache.set(locale, formats);
  return formats;
}

/**
 * Reads one date cell of an import.
 * @param text the cell, trimmed (not empty)
 * @param locale a BCP 47 locale ('en-GB'): the order of day and month in numeric dates, and the month names
 * @returns the day and how it reads in words, or null when the text is no date in any accepted form (31/02/2026
 *   included)
 */
export function readImportDate(text: string, locale: string): ReadDate | null {
  const cell = text.trim();
  for (const format of formatsOf(locale)) {
    const parsed = DateTime.fromFormat(cell, format, { locale, zone: 'utc' });
    if (parsed.isValid) {
      return { date: parsed.toISODate() ?? '', said: parsed.toLocaleString(DateTime.DATE_HUGE, { locale }) };
    }
  }
  return null;
}

/**
 * How a day is written in the locale's short form, for messages ('2026-11-16' in en-GB → '16/11/2026').
 * @param date YYYY-MM-DD
 * @param locale a BCP 47 locale
 */
export function shortDate(date: string, locale: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).toLocaleString(DateTime.DATE_SHORT, { locale });
}

/**
 * A day in words in the locale ('2026-11-16' in en-GB → 'Monday, 16 November 2026').
 * @param date YYYY-MM-DD
 * @param locale a BCP 47 locale
 */
export function dateInWords(date: string, locale: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).toLocaleString(DateTime.DATE_HUGE, { locale });
}

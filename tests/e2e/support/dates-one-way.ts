import { expect, type Page } from '@playwright/test';
import { visibleText } from './visible-text';
import {
  DEFAULT_DATE_SETTINGS,
  formatDay,
  formatDueDay,
  formatSentenceDay,
  formatShortDay,
} from '../../../src/shared/dates';
import { shortDate } from '../../../src/shared/read-day';

/**
 * Every date a page shows is written the organisation's one way (docs/product.md#dates-and-times; en-GB and
 * Europe/London on the e2e server): each date found in the visible text is written again by the shared formatter from
 * the day it names and must come out the same ("1 Nov 2026", "6 Dec 2026, 21:08", "Sat 12 Dec", "Saturday 5 December"),
 * and no date is written another way (ISO days, US month-first dates, 12-hour times, numeric dates outside a date field).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Dates written another way than the organisation's, with what each is called in a failure. */
const OTHER_WAYS: readonly [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}\b/gu, 'an ISO day'],
  [
    new RegExp(`\\b(?:${[...LONG_MONTHS, ...MONTHS].join('|')})\\.? \\d{1,2}(?:st|nd|rd|th)?\\b`, 'gu'),
    'a month-first date',
  ],
  [/\b\d{1,2}:\d{2}(?::\d{2})? ?(?:AM|PM|am|pm)\b/gu, 'a 12-hour time'],
];

/** A numeric date ("16/11/2026", how the date fields ask for a day) that is not the organisation's way of typing it. */
const notTypedTheOrganisationsWay = (numeric: string): boolean => {
  const [d = 0, m = 0, y = 0] = numeric.split('/').map(Number);
  return m < 1 || m > 12 || d < 1 || d > 31 || shortDate(iso(y, m, d), DEFAULT_DATE_SETTINGS.locale) !== numeric;
};

/**
 * The dates of one text that are written the organisation's way, each with what the formatter writes for its day
 * (the year of a date without one: this year, next or last — the one its weekday fits).
 * @param text visible text
 * @returns `[as shown, as the formatter writes it]` pairs
 */
export function datesAgainstFormatter(text: string, thisYear: number): [string, string][] {
  const settings = DEFAULT_DATE_SETTINGS;
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3)) + 1;
  const pairs: [string, string][] = [];
  let rest = text;
  /** Takes the matches of `pattern` out of the text, each with what `write` gives for its day in some year. */
  const take = (pattern: RegExp, write: (isoDay: string) => string, dayAt: number, monthAt: number) => {
    rest = rest.replace(pattern, (...m: string[]) => {
      const days = [thisYear, thisYear + 1, thisYear - 1].map((y) => iso(y, month(m[monthAt] ?? ''), Number(m[dayAt])));
      const written = days.map(write);
      pairs.push([m[0] ?? '', written.find((w) => w === m[0]) ?? written[0] ?? '']);
      return ' ';
    });
  };
  const weekdays = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
  take(
    new RegExp(`\\b(?:${weekdays}) (\\d{1,2}) (${LONG_MONTHS.join('|')})\\b`, 'gu'),
    (d) => formatSentenceDay(d, settings),
    1,
    2,
  );
  take(
    new RegExp(`\\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\\d{1,2}) (${MONTHS.join('|')})\\b(?! \\d{4})`, 'gu'),
    (d) => formatDueDay(d, settings),
    1,
    2,
  );
  const day = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')})(?: (\\d{4}))?(?:, (\\d{1,2}):(\\d{2}))?\\b`, 'gu');
  for (const m of rest.matchAll(day)) {
    const [shown, d, mon, year, hh, mm] = m;
    const isoDay = iso(year === undefined ? thisYear : Number(year), month(mon ?? ''), Number(d));
    const date = year === undefined ? formatShortDay(isoDay, thisYear, settings) : formatDay(isoDay, settings);
    const time = hh === undefined ? '' : `, ${pad(Number(hh))}:${mm ?? ''}`;
    pairs.push([shown, `${date}${time}`]);
  }
  return pairs;
}

/**
 * Fails when a date on the page is not written the organisation's one way. Input values are left out (a date field
 * shows the day as the organisation types it, "16/11/2026"), and so is the text of the disclosures for technical
 * readers ("Advanced", "Details for whoever runs the server").
 * @param page the page, on the screen to check
 * @param where the screen's name for the failure message
 * @returns how many dates were checked
 */
export async function expectDatesOneWay(page: Page, where: string): Promise<number> {
  const text = await visibleText(page);
  const cleaned = text.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu, ' ').replace(/https?:\/\/\S+/gu, ' ');
  const otherWays = OTHER_WAYS.flatMap(([pattern, what]) =>
    [...cleaned.matchAll(pattern)].map((m) => `${what}: “${m[0]}”`),
  );
  for (const m of cleaned.matchAll(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/gu)) {
    if (notTypedTheOrganisationsWay(m[0])) otherWays.push(`a numeric date not as the organisation types it: “${m[0]}”`);
  }
  expect(otherWays, `dates written another way on ${where}`).toEqual([]);
  const pairs = datesAgainstFormatter(cleaned, new Date().getUTCFullYear());
  expect(
    pairs.filter(([shown, written]) => shown !== written),
    `dates on ${where} that the formatter writes otherwise`,
  ).toEqual([]);
  return pairs.length;
}

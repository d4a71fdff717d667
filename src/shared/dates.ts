/**
 * The one way the app writes dates and times (docs/product.md#dates-and-times): in the organisation's locale and time
 * zone (`LOCALE`, `TIME_ZONE`; en-GB and Europe/London by default), e.g. "1 Nov 2026" and "6 Dec 2026, 21:08".
 * Every page, e-mail and the admin's console use these functions, so one setting changes all of them.
 */

/** The organisation's way of writing dates: a BCP 47 locale and an IANA time zone. */
export interface DateSettings {
  locale: string;
  timeZone: string;
}

/** What the app uses when the organisation set nothing. */
export const DEFAULT_DATE_SETTINGS: DateSettings = Object.freeze({ locale: 'en-GB', timeZone: 'Europe/London' });

const cache = new Map<string, Intl.DateTimeFormat>();

type Kind =
  'day' | 'dayOfInstant' | 'dateTime' | 'weekday' | 'longWeekday' | 'dayMonth' | 'month' | 'shortMonth' | 'longDay';

const OPTIONS: Record<Exclude<Kind, 'dayOfInstant' | 'dateTime'>, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
  longWeekday: { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  shortMonth: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  longDay: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
};

function formatter(settings: DateSettings, kind: Kind): Intl.DateTimeFormat {
  const key = `${settings.locale}|${settings.timeZone}|${kind}`;
  let found = cache.get(key);
  if (found === undefined) {
    const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'dayOfInstant'
        ? { ...day, timeZone: settings.timeZone }
        : kind === 'dateTime'
          ? { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: settings.timeZone }
          : OPTIONS[kind];
    found = new Intl.DateTimeFormat(settings.locale, options);
    cache.set(key, found);
  }
  return found;
}

/**
 * A calendar day (a start date, a leaving date, a content version date) as the organisation writes it: "1 Nov 2026".
 * @param isoDay `YYYY-MM-DD`; anything else is returned as it is
 * @param settings the organisation's locale and time zone
 */
export function formatDay(isoDay: string, settings: DateSettings = DEFAULT_DATE_SETTINGS): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(isoDay)) return isoDay;
  return formatter(settings, 'day').format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A calendar day with its weekday, for due dates: "Sat 12 Dec".
 * @param isoDay `YYYY-MM-DD`; anything else is returned as it is
 * @param settings the organisation's locale and time zone
 */
export function formatDueDay(isoDay: string, settings: DateSettings = DEFAULT_DATE_SETTINGS): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(isoDay)) return isoDay;
  return formatter(settings, 'weekday').format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A calendar day in a sentence, with its weekday and month spelled out: "Saturday 5 December".
 * @param isoDay `YYYY-MM-DD`; anything else is returned as it is
 * @param settings the organisation's locale and time zone
 */
export function formatSentenceDay(isoDay: string, settings: DateSettings = DEFAULT_DATE_SETTINGS): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(isoDay)) return isoDay;
  return formatter(settings, 'longWeekday').format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A calendar day without its year when it is in `thisYear`: "3 Dec", else "3 Dec 2025".
 * @param isoDay `YYYY-MM-DD`; anything else is returned as it is
 * @param thisYear the current year in the organisation's time zone
 * @param settings the organisation's locale and time zone
 */
export function formatShortDay(
  isoDay: string,
  thisYear: number,
  settings: DateSettings = DEFAULT_DATE_SETTINGS,
): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(isoDay)) return isoDay;
  const kind = Number(isoDay.slice(0, 4)) === thisYear ? 'dayMonth' : 'day';
  return formatter(settings, kind).format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A month: "March 2025" (`short`: "Mar 2025", for a chart's axis).
 * @param isoMonth `YYYY-MM`; anything else is returned as it is
 * @param settings the organisation's locale and time zone
 * @param short the month's name shortened
 */
export function formatMonth(isoMonth: string, settings: DateSettings = DEFAULT_DATE_SETTINGS, short = false): string {
  if (!/^\d{4}-\d{2}$/u.test(isoMonth)) return isoMonth;
  return formatter(settings, short ? 'shortMonth' : 'month').format(new Date(`${isoMonth}-01T00:00:00Z`));
}

/**
 * A calendar day as a chart's axis or a sentence names it: "3 Mar" (`long`: "3 March 2025").
 * @param isoDay `YYYY-MM-DD`; anything else is returned as it is
 * @param settings the organisation's locale and time zone
 * @param long with the month's full name and the year
 */
export function formatChartDay(isoDay: string, settings: DateSettings = DEFAULT_DATE_SETTINGS, long = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(isoDay)) return isoDay;
  return formatter(settings, long ? 'longDay' : 'dayMonth').format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A moment (a sign-in, a signature, a mail sent) as the organisation's local date and time: "6 Dec 2026, 21:08";
 * "—" for none.
 * @param instant an ISO 8601 time with its offset, or a Date; null for none
 * @param settings the organisation's locale and time zone
 */
export function formatDateTime(instant: string | Date | null, settings: DateSettings = DEFAULT_DATE_SETTINGS): string {
  if (instant === null) return '—';
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '—';
  return formatter(settings, 'dateTime').format(date);
}

/**
 * The local day of a moment, in the organisation's time zone: "6 Dec 2026".
 * @param instant an ISO 8601 time with its offset, or a Date
 * @param settings the organisation's locale and time zone
 */
export function formatDayOf(instant: string | Date, settings: DateSettings = DEFAULT_DATE_SETTINGS): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '—';
  return formatter(settings, 'dayOfInstant').format(date);
}

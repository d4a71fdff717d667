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

function formatter(settings: DateSettings, kind: 'day' | 'dayOfInstant' | 'dateTime' | 'weekday'): Intl.DateTimeFormat {
  const key = `${settings.locale}|${settings.timeZone}|${kind}`;
  let found = cache.get(key);
  if (found === undefined) {
    const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { ...day, timeZone: 'UTC' }
        : kind === 'dayOfInstant'
          ? { ...day, timeZone: settings.timeZone }
          : kind === 'weekday'
            ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
            : { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: settings.timeZone };
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

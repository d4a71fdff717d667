import {
  DEFAULT_DATE_SETTINGS,
  formatDateTime as formatDateTimeIn,
  formatDay as formatDayIn,
  formatDayOf as formatDayOfIn,
  formatDueDay as formatDueDayIn,
  formatChartDay as formatChartDayIn,
  formatMonth as formatMonthIn,
  formatSentenceDay as formatSentenceDayIn,
  formatShortDay as formatShortDayIn,
  type DateSettings,
} from '@shared/dates';

/**
 * The client's one way of writing dates and times (docs/product.md#dates-and-times): the shared formatters with the
 * organisation's locale and time zone from GET /api/config (en-GB, Europe/London until it has answered).
 */

let settings: DateSettings = DEFAULT_DATE_SETTINGS;

/**
 * Takes the organisation's date settings (from GET /api/config); every date written afterwards follows them.
 * @param next the locale (BCP 47) and IANA time zone
 */
export function setDateSettings(next: DateSettings): void {
  settings = next;
}

/** The settings dates are written with now. */
export function dateSettings(): DateSettings {
  return settings;
}

/** A calendar day (`YYYY-MM-DD`) as "1 Nov 2026"; see {@link formatDayIn}. */
export const formatDay = (isoDay: string): string => formatDayIn(isoDay, settings);
/** A day (`YYYY-MM-DD`) in a sentence: "Saturday 5 December"; see {@link formatSentenceDayIn}. */
export const formatSentenceDay = (isoDay: string): string => formatSentenceDayIn(isoDay, settings);
/** A due day (`YYYY-MM-DD`) as "Sat 12 Dec"; see {@link formatDueDayIn}. */
export const formatDueDay = (isoDay: string): string => formatDueDayIn(isoDay, settings);
/** A moment as "6 Dec 2026, 21:08" in the organisation's time zone; "—" for null. */
export const formatDateTime = (instant: string | Date | null): string => formatDateTimeIn(instant, settings);
/** A month (`YYYY-MM`) as "March 2025" (`short`: "Mar 2025"). */
export const formatMonth = (isoMonth: string, short = false): string => formatMonthIn(isoMonth, settings, short);
/** A day (`YYYY-MM-DD`) as a chart names it: "3 Mar" (`long`: "3 March 2025"). */
export const formatChartDay = (isoDay: string, long = false): string => formatChartDayIn(isoDay, settings, long);
/** A day (`YYYY-MM-DD`) as "3 Dec", with its year ("3 Dec 2025") when it is not this year in the organisation. */
export const formatShortDay = (isoDay: string, today: Date = new Date()): string =>
  formatShortDayIn(isoDay, Number(isoDayOf(today).slice(0, 4)), settings);

/** The organisation's local day of a moment as `YYYY-MM-DD` (the en-CA locale writes days that way). */
export function isoDayOf(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: settings.timeZone,
  }).format(date);
}
/** The organisation's local day of a moment: "6 Dec 2026". */
export const formatDayOf = (instant: string | Date): string => formatDayOfIn(instant, settings);

/**
 * A calendar day in full words with its weekday and year, as a letter writes it: "Monday 14 December 2026" (the
 * pre-boarding page, where the newcomer reads when they start). The locale is the organisation's, given by the page
 * (a pre-boarding session does not read GET /api/config).
 * @param isoDay `YYYY-MM-DD`
 * @param locale the organisation's locale (BCP 47)
 */
export function formatDayInWords(isoDay: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A moment as "6 Dec 2026, 21:08" with settings the caller has (the pre-boarding page's own), not those of
 * GET /api/config; see {@link formatDateTime}.
 */
export const formatDateTimeWith = (instant: string | Date, given: DateSettings): string =>
  formatDateTimeIn(instant, given);

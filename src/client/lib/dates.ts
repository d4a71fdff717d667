import {
  DEFAULT_DATE_SETTINGS,
  formatDateTime as formatDateTimeIn,
  formatDay as formatDayIn,
  formatDayOf as formatDayOfIn,
  formatDueDay as formatDueDayIn,
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
/** A due day (`YYYY-MM-DD`) as "Sat 12 Dec"; see {@link formatDueDayIn}. */
export const formatDueDay = (isoDay: string): string => formatDueDayIn(isoDay, settings);
/** A moment as "6 Dec 2026, 21:08" in the organisation's time zone; "—" for null. */
export const formatDateTime = (instant: string | Date | null): string => formatDateTimeIn(instant, settings);
/** The organisation's local day of a moment: "6 Dec 2026". */
export const formatDayOf = (instant: string | Date): string => formatDayOfIn(instant, settings);

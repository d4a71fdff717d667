import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatDateTime, formatDay, formatDueDay, formatMonth, formatShortDay } from '@shared/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * One way of writing dates (docs/product.md#dates-and-times): every date the admin and member pages show goes through
 * src/shared/dates.ts with the organisation's locale and time zone. Checked over the client's source (no page formats
 * a date itself) and over dates (the formatters write en-GB in Europe/London by default, never ISO or US order).
 */

const CLIENT = path.resolve(import.meta.dirname, '..');
/** The files that may format dates themselves: the formatters, and the public demo's note (its own spelled-out day). */
const FORMATTERS = new Set(['lib/dates.ts', 'features/onboarding/utils/demo-deadline.ts']);
const OWN_FORMATTING =
  /Intl\.DateTimeFormat|toLocaleDateString|toLocaleTimeString|new Date\(\)\.toISOString\(\)\.slice\(0, 10\)|toLocaleString\(\s*(?:undefined|'en-US')?\s*,\s*\{\s*(?:dateStyle|timeStyle|day|month|weekday|hour)/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourceFiles(full);
    return /\.(?:ts|tsx)$/u.test(name) && !/\.test\.tsx?$/u.test(name) ? [full] : [];
  });
}

describe('one way of writing dates', () => {
  it('no page of the client formats a date itself', () => {
    const offenders = sourceFiles(CLIENT)
      .map((file) => path.relative(CLIENT, file).split(path.sep).join('/'))
      .filter((file) => !FORMATTERS.has(file))
      .filter((file) => OWN_FORMATTING.test(readFileSync(path.join(CLIENT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('writes every day and moment the organisation way: day, short month, year; 24-hour time in its zone', () => {
    const days = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(days, (date) => {
        const iso = date.toISOString().slice(0, 10);
        const written = [formatDay(iso), formatDateTime(date), formatDueDay(iso), formatMonth(iso.slice(0, 7))];
        written.push(formatShortDay(iso, date.getUTCFullYear()), formatShortDay(iso, date.getUTCFullYear() + 1));
        for (const text of written) {
          // Never as stored (2026-11-01), never in US order (Nov 1, 2026) or with AM/PM.
          expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2} \d{1,2}, \d{4}|\b[AP]M\b/u);
        }
        expect(formatDay(iso)).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/u);
        expect(formatDateTime(date)).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, [0-2]\d:[0-5]\d$/u);
      }),
      { numRuns: 200 },
    );
    // In Europe/London: 21:08 UTC in December is 21:08; in July it is an hour later.
    expect(formatDateTime('2026-12-06T21:08:00Z')).toBe('6 Dec 2026, 21:08');
    expect(formatDateTime('2026-07-06T21:08:00Z')).toBe('6 Jul 2026, 22:08');
    expect(formatDay('2026-11-01')).toBe('1 Nov 2026');
    // Another organisation's settings change every date.
    expect(formatDateTime('2026-12-06T21:08:00Z', { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe(
      '6. Dez. 2026, 22:08',
    );
  });
});

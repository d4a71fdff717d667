import { formatDateTime, formatDay } from '@shared/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditDetailsText, writeDatesIn } from './audit-details';

/**
 * The audit log's Details column writes dates the organisation's way (docs/product.md#dates-and-times): every ISO day
 * and moment a detail holds, at any depth, comes out as the shared formatter writes it, and none is left in ISO.
 */

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const moment = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const ISO = /\d{4}-\d{2}-\d{2}/u;

describe("the audit log's details", () => {
  it('writes every ISO day and moment of the details as the formatter does, wherever it stands', () => {
    fc.assert(
      fc.property(day, moment, fc.stringMatching(/^[a-z ]{0,12}$/u), (d, m, note) => {
        const text = auditDetailsText(`left on ${d}`, {
          startOn: d,
          previous: { startOn: d, at: m },
          days: [d],
          note,
        });
        expect(text).not.toMatch(ISO);
        expect(text).toContain(formatDateTime(m));
        // The day four times (the moment may fall on it too).
        expect(text.replace(formatDateTime(m), '').split(formatDay(d)).length - 1).toBe(4);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves alone what is not a day: names that hold one, impossible days, other numbers', () => {
    expect(writeDatesIn('backup-2026-12-06T21-26-00.tar.gz')).toBe('backup-2026-12-06T21-26-00.tar.gz');
    expect(writeDatesIn('2026-02-30')).toBe('2026-02-30');
    expect(writeDatesIn('2026-13-01')).toBe('2026-13-01');
    expect(writeDatesIn('{"bytes":20261201}')).toBe('{"bytes":20261201}');
    expect(writeDatesIn('{"startOn":"2026-11-01"}')).toBe('{"startOn":"1 Nov 2026"}');
  });

  it('shows the reason, then the details, and nothing for neither', () => {
    expect(auditDetailsText(null, null)).toBe('');
    expect(auditDetailsText('not an admin', null)).toBe('not an admin');
    expect(auditDetailsText(null, { dueOn: '2026-12-24' })).toBe('{"dueOn":"24 Dec 2026"}');
    expect(auditDetailsText('moved', { sessions: 2 })).toBe('moved {"sessions":2}');
  });
});

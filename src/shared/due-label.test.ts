import { describe, expect, it } from 'vitest';
import { stepSchema } from './content-schema.js';
import { dueLabel } from './due-label.js';

/** docs/product.md#due-dates-and-reminders: how a due date reads, and the content's `dueAfterDays`. */
describe('dueLabel', () => {
  it('words days still to come, today, tomorrow and days overdue', () => {
    expect(dueLabel('2026-12-05', -2)).toBe('Due Sat 5 Dec');
    expect(dueLabel('2026-03-29', -10)).toBe('Due Sun 29 Mar');
    expect(dueLabel('2026-12-04', -1)).toBe('Due tomorrow');
    expect(dueLabel('2026-12-03', 0)).toBe('Due today');
    expect(dueLabel('2026-12-02', 1)).toBe('Overdue by 1 day');
    expect(dueLabel('2026-11-30', 3)).toBe('Overdue by 3 days');
  });

  it('names every day of a leap year as the en-GB calendar does, in any time zone of the machine', () => {
    const reference = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const dueOn = date.toISOString().slice(0, 10);
      expect(dueLabel(dueOn, -2)).toBe(`Due ${reference.format(date).replace(',', '')}`);
    }
  });
});

describe('dueAfterDays in the content', () => {
  const step = (dueAfterDays: unknown) =>
    stepSchema.safeParse({ id: 'x', title: 'X', description: 'X.', icon: 'User', category: 'Volunteer', dueAfterDays });
  it('takes whole days from 0 to 365 and says what is wrong otherwise', () => {
    expect(step(0).success).toBe(true);
    expect(step(365).success).toBe(true);
    const tooLate = step(366);
    expect(tooLate.success).toBe(false);
    expect(tooLate.error?.issues[0]).toMatchObject({ path: ['dueAfterDays'], message: 'must be at most 365 days' });
    expect(step(-1).error?.issues[0]?.message).toBe('must be 0 or more days');
    expect(step(1.5).success).toBe(false);
  });
});

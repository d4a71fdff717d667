import { describe, expect, it } from 'vitest';
import { isAppointment, teamTaskSchema } from './content-schema.js';

/** Team tasks that are meetings (docs/product.md#appointments): what the content may say, and what it is told. */
const task = (appointment: unknown) => ({
  id: 'welcome-call',
  title: 'Book a welcome call',
  description: 'A call.',
  who: 'lead',
  dueAfterDays: 5,
  appointment,
});
const messages = (appointment: unknown) => {
  const parsed = teamTaskSchema.safeParse(task(appointment));
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('team task appointments', () => {
  it('takes true, or a time of day with a duration', () => {
    expect(messages(true)).toEqual([]);
    expect(messages({ time: '10:00', durationMinutes: 30 })).toEqual([]);
    expect(isAppointment(true)).toBe(true);
    expect(isAppointment({ time: '23:59', durationMinutes: 5 })).toBe(true);
    expect(isAppointment(false)).toBe(false);
    expect(isAppointment(undefined)).toBe(false);
  });

  it('says what is wrong with a time or a duration', () => {
    expect(messages({ time: '9:00', durationMinutes: 30 })).toEqual([
      'appointment.time: must be a time of day as HH:MM (24-hour), e.g. "10:00"',
    ]);
    expect(messages({ time: '24:00', durationMinutes: 30 })).toEqual([
      'appointment.time: must be a time of day as HH:MM (24-hour), e.g. "10:00"',
    ]);
    expect(messages({ time: '10:00', durationMinutes: 2 })).toEqual([
      'appointment.durationMinutes: must be at least 5 minutes',
    ]);
    expect(messages({ time: '10:00', durationMinutes: 600 })).toEqual([
      'appointment.durationMinutes: must be at most 480 minutes (8 hours)',
    ]);
    expect(messages({ time: '10:00', durationMinutes: 30.5 })).toEqual([
      'appointment.durationMinutes: must be whole minutes',
    ]);
  });
});

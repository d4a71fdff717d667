import { createEvent } from 'ics';
import { DateTime } from 'luxon';

/** A calendar invitation as nodemailer attaches it (its `icalEvent` option): a text/calendar part. */
export interface CalendarInvitation {
  method: 'REQUEST';
  filename: string;
  content: string;
}

/**
 * The calendar invitation of a team task that is a meeting (docs/product.md#appointments), made with the `ics` library
 * (RFC 5545): the meeting starts at `time` on the task's due day in the organisation's time zone — written as the same
 * instant in UTC (`DTSTART:…Z`), which every calendar shows in its own zone — and lasts `durationMinutes`. Its UID is
 * the task's and the due day's, so a calendar that receives it again updates the same event.
 * @param input `taskId` (the team task row's id), `title`, `description`, `newcomer` (their name or address),
 *   `dueOn` (YYYY-MM-DD), `time` ("HH:MM"), `durationMinutes`, `timeZone` (IANA, TIME_ZONE), `organizer` (the
 *   app's From address), `attendee` (the person doing it), `host` (the app's host name, for the UID)
 * @returns the invitation, or null when the day and time do not make a time in that zone
 * @throws Error when the library refuses the event (a bug: every field is checked before)
 */
export function appointmentInvitation(input: {
  taskId: string;
  title: string;
  description: string;
  newcomer: string;
  dueOn: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
  organizer: string;
  attendee: string;
  host: string;
}): CalendarInvitation | null {
  const start = DateTime.fromISO(`${input.dueOn}T${input.time}`, { zone: input.timeZone });
  if (!start.isValid) return null;
  const utc = start.toUTC();
  const { error, value } = createEvent({
    uid: `team-task-${input.taskId}-${input.dueOn}@${input.host}`,
    method: 'REQUEST',
    title: `${input.title}: ${input.newcomer}`,
    description: input.description,
    start: [utc.year, utc.month, utc.day, utc.hour, utc.minute],
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.durationMinutes },
    organizer: { email: addressOf(input.organizer) },
    attendees: [{ email: input.attendee, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
    productId: 'onboarding/ics',
  });
  if (error || value === null) throw error ?? new Error('ics made no event');
  return { method: 'REQUEST', filename: 'invitation.ics', content: value };
}

/** The bare address of a From value such as `"Onboarding" <onboarding@example.org>`. */
function addressOf(from: string): string {
  const match = /<([^>]+)>\s*$/u.exec(from);
  return (match?.[1] ?? from).trim();
}

import { and, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  mailOutbox,
  members,
  OUTBOX_KINDS_TO_PRIVATE_ADDRESS,
  preboardingAnswers,
  preboardingLinks,
  preboardingRecords,
} from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

/** A day in milliseconds. */
const DAY_MS = 86_400_000;

/**
 * Deletes what a member did before their first day (docs/product.md#pre-boarding) once they left the organisation at
 * least `keepDays` days before `now`, as their form answers go (ANSWERS_KEEP_DAYS_AFTER_LEAVING): answers sent or
 * drafted before the first day and never joined (no first Google sign-in), the record of what they did, their links
 * and sessions, and the outbox's copies of the messages to their private address (each names it as its recipient:
 * those before the first day and a new Google account's temporary password, OUTBOX_KINDS_TO_PRIVATE_ADDRESS). One
 * audit entry 'answers-deleted' per person whose rows went. A member who rejoined (no `left_at`) keeps theirs; safe to run from several processes at once.
 * @param deps the database, the clock's time and the days kept after leaving
 * @returns how many people's pre-boarding rows were deleted
 */
export async function deletePreboardingAfterLeaving(deps: {
  db: Database;
  now: Date;
  keepDays: number;
}): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - deps.keepDays * DAY_MS);
  return deps.db.transaction(async (tx) => {
    const left = await tx
      .select({ email: members.email })
      .from(members)
      .where(and(isNotNull(members.leftAt), lte(members.leftAt, cutoff)));
    if (left.length === 0) return 0;
    const emails = left.map((l) => l.email);
    const answers = await tx
      .delete(preboardingAnswers)
      .where(inArray(preboardingAnswers.email, emails))
      .returning({ email: preboardingAnswers.email });
    const records = await tx
      .delete(preboardingRecords)
      .where(inArray(preboardingRecords.email, emails))
      .returning({ email: preboardingRecords.email });
    // Their sessions go with the links (a foreign key that cascades).
    const links = await tx
      .delete(preboardingLinks)
      .where(inArray(preboardingLinks.email, emails))
      .returning({ email: preboardingLinks.email });
    const messages = await tx
      .delete(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.kind, [...OUTBOX_KINDS_TO_PRIVATE_ADDRESS]),
          inArray(sql<string>`${mailOutbox.plan}->>'member'`, emails),
        ),
      )
      .returning({ email: sql<string>`${mailOutbox.plan}->>'member'` });
    const count = (rows: { email: string }[], email: string) => rows.filter((r) => r.email === email).length;
    let people = 0;
    for (const email of emails) {
      const deleted = {
        formVersions: count(answers, email),
        records: count(records, email),
        links: count(links, email),
        messages: count(messages, email),
      };
      if (Object.values(deleted).every((n) => n === 0)) continue;
      people += 1;
      await recordAudit(tx, {
        kind: 'answers-deleted',
        outcome: 'ok',
        subject: email,
        reason: 'kept-days-after-leaving',
        details: { beforeFirstDay: deleted, keepDays: deps.keepDays },
        at: deps.now,
      });
    }
    return people;
  });
}

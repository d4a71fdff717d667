import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberAcknowledgmentsResponseSchema } from '../../shared/acknowledgments-api.js';
import { memberDetailSchema } from '../../shared/admin-api.js';
import { meResponseSchema } from '../../shared/api.js';
import { memberMailResponseSchema } from '../../shared/mail-api.js';
import {
  mailOutbox,
  mailReminderSteps,
  memberSchedules,
  memberStepAdjustments,
  stepProgress,
  teamTasks,
} from '../db/schema.js';
import { insertAcknowledgment } from '../modules/acknowledgments/acknowledgments.repository.js';
import { ADDRESS_RECYCLED_CANCEL_REASON } from '../db/stored-by-id.js';
import { formerAddressOf } from '../modules/auth/users.repository.js';
import { digestRecipients } from '../modules/mail/planner.js';
import { upsertMember } from '../modules/members/members.repository.js';
import { googleAppForFile } from '../test/file-servers.js';
import { signIn } from '../test/test-app.js';

/**
 * A recycled address (docs/decisions/035-a-person-is-their-user-id.md, docs/security.md): when an address passes to
 * another Google account (another `sub`), everything of the former person stays with the former person — their
 * agreements, start date, paused reminders, mail history, an admin's skips and their team tasks — and the new person
 * starts empty (what moves is db/stored-by-id.ts's STORED_BY_ADDRESS). Against a real OpenID
 * Connect provider, on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */

const ADMIN = 'boss@inspired2uplift.org';
const ADA = 'ada@inspired2uplift.org';
/** One app for the file, signing in with Google: `google.signInAs(sub, claims)` returns a session cookie. */
const google = googleAppForFile({ env: { AUTH_DEV_LOGIN: 'true', ADMIN_EMAILS: ADMIN } });

const userIdOf = async (cookie: string) =>
  meResponseSchema.parse((await google.t.app.inject({ url: '/api/me', headers: { cookie } })).json()).user.id;

/** What the admin's member page shows of a person: their agreements, dates and mail, and their steps. */
async function memberPage(admin: string, email: string) {
  const at = encodeURIComponent(email);
  const acknowledgments = await google.t.app.inject({
    url: `/api/admin/members/${at}/acknowledgments`,
    headers: { cookie: admin },
  });
  const mail = await google.t.app.inject({ url: `/api/admin/members/${at}/mail`, headers: { cookie: admin } });
  const detail = await google.t.app.inject({ url: `/api/admin/members/${at}`, headers: { cookie: admin } });
  expect(acknowledgments.statusCode, acknowledgments.body).toBe(200);
  expect(mail.statusCode, mail.body).toBe(200);
  expect(detail.statusCode, detail.body).toBe(200);
  return {
    acknowledgments: memberAcknowledgmentsResponseSchema.parse(acknowledgments.json()).acknowledgments,
    mail: memberMailResponseSchema.parse(mail.json()),
    detail: memberDetailSchema.parse(detail.json()),
  };
}

describe('a recycled address', () => {
  it('leaves the former person their agreements, start date, paused reminders and mail; the new person starts empty', async () => {
    const admin = await signIn(google.t.app, { email: ADMIN });
    // Ada (the first Google account) signs the agreement, completes a step, is given a start date, has her reminders
    // paused and her digest turned off, and was sent a reminder; one more is waiting to be sent.
    const first = await google.signInAs('ada-first', { email: ADA, name: 'Ada Lovelace' });
    const adaId = await userIdOf(first);
    await upsertMember(google.t.database.db, {
      email: ADA,
      role: 'volunteer',
      department: 'Operations',
      isAdmin: true,
    });
    await insertAcknowledgment(google.t.database.db, {
      at: google.t.clock.now,
      userId: adaId,
      email: ADA,
      signInMethod: 'google',
      kind: 'signature',
      stepId: 'sign-in-to-chrome',
      itemId: null,
      stepTitle: 'Sign in to Chrome',
      stepVersion: 1,
      textHash: 'a'.repeat(64),
      documentHash: null,
      signedName: 'Ada Lovelace',
    });
    await google.t.database.db.insert(stepProgress).values({ userId: adaId, stepId: 'sign-in-to-chrome' });
    const set = await google.t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${encodeURIComponent(ADA)}/mail`,
      headers: { cookie: admin },
      payload: { startOn: '2025-03-03', remindersPaused: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const digest = await google.t.app.inject({
      method: 'PUT',
      url: '/api/admin/digest',
      headers: { cookie: first },
      payload: { digestOn: false },
    });
    expect(digest.statusCode, digest.body).toBe(200);
    const [sent] = await google.t.database.db
      .insert(mailOutbox)
      .values({
        kind: 'reminder',
        recipient: ADA,
        dedupeKey: `reminder:${ADA}:2025-03-31`,
        plan: { day: '2025-03-31', steps: [{ stepId: 'change-password', dueOn: '2025-03-31', occasion: 0 }] },
        status: 'sent',
        transport: 'outbox',
        nextAttemptAt: google.t.clock.now,
        createdAt: google.t.clock.now,
        sentAt: google.t.clock.now,
        subject: 'Your onboarding: 1 step due',
        textBody: 'Hello Ada',
      })
      .returning({ id: mailOutbox.id });
    await google.t.database.db.insert(mailOutbox).values({
      kind: 'digest',
      recipient: ADA,
      dedupeKey: `digest:${ADA}:2025-W14`,
      plan: { week: '2025-W14' },
      nextAttemptAt: google.t.clock.now,
      createdAt: google.t.clock.now,
    });
    await google.t.database.db.insert(mailReminderSteps).values({
      email: ADA,
      stepId: 'change-password',
      dueOn: '2025-03-31',
      occasion: 0,
      outboxId: sent?.id ?? '',
    });
    // An admin skipped a step for her, and a team task was made for her.
    await google.t.database.db.insert(memberStepAdjustments).values({
      email: ADA,
      kind: 'skip',
      stepId: 'change-password',
      reason: 'Has changed it already',
      createdBy: ADMIN,
    });
    await google.t.database.db.insert(teamTasks).values({
      newcomerEmail: ADA,
      taskId: 'welcome-call',
      roleKey: 'volunteer',
      title: 'Book a welcome call',
      description: 'A call in the first week.',
      who: 'admins',
      dueOn: '2025-03-03',
      status: 'done',
      createdAt: google.t.clock.now,
      updatedAt: google.t.clock.now,
    });
    const before = await memberPage(admin, ADA);
    expect(before.acknowledgments).toHaveLength(1);
    expect(before.mail).toMatchObject({ startOnSet: '2025-03-03', remindersPaused: true });
    expect(before.mail.messages).toHaveLength(2);

    // The address passes to another Google account.
    const newcomer = await google.signInAs('ada-second', { email: ADA, name: 'Ada Newcomer' });
    const newcomerId = await userIdOf(newcomer);
    expect(newcomerId).not.toBe(adaId);

    // The admin's page for the new person shows none of it.
    const now = await memberPage(admin, ADA);
    expect(now.acknowledgments).toEqual([]);
    expect(now.mail).toMatchObject({ startOnSet: null, remindersPaused: false, unsubscribedAt: null, messages: [] });
    expect(now.detail.steps.filter((s) => s.status === 'completed')).toEqual([]);
    expect(await google.t.database.db.select().from(memberSchedules).where(eq(memberSchedules.email, ADA))).toEqual([]);
    expect(await google.t.database.db.select().from(mailReminderSteps).where(eq(mailReminderSteps.email, ADA))).toEqual(
      [],
    );

    // The former person's record keeps all of it, and their mail not yet sent will not go out.
    const former = formerAddressOf(ADA, adaId);
    const kept = await memberPage(admin, former);
    expect(kept.acknowledgments.map((a) => [a.kind, a.signedName])).toEqual([['signature', 'Ada Lovelace']]);
    expect(kept.mail).toMatchObject({ startOnSet: '2025-03-03', remindersPaused: true });
    expect(kept.mail.messages.map((m) => [m.kind, m.status, m.recipient]).sort()).toEqual([
      ['digest', 'cancelled', former],
      ['reminder', 'sent', former],
    ]);
    expect(kept.detail.steps.find((s) => s.id === 'sign-in-to-chrome')?.status).toBe('completed');
    const [schedule] = await google.t.database.db
      .select()
      .from(memberSchedules)
      .where(eq(memberSchedules.email, former));
    expect(schedule).toMatchObject({ startOn: '2025-03-03', remindersPaused: true, digestOff: true });
    expect(
      await google.t.database.db
        .select({ stepId: mailReminderSteps.stepId })
        .from(mailReminderSteps)
        .where(eq(mailReminderSteps.email, former)),
    ).toEqual([{ stepId: 'change-password' }]);
    // The admin's skip and the team task done for her are hers, not the new person's.
    const skips = await google.t.database.db
      .select({ email: memberStepAdjustments.email })
      .from(memberStepAdjustments)
      .where(eq(memberStepAdjustments.stepId, 'change-password'));
    expect(skips).toEqual([{ email: former }]);
    const tasks = await google.t.database.db
      .select({ email: teamTasks.newcomerEmail })
      .from(teamTasks)
      .where(eq(teamTasks.taskId, 'welcome-call'));
    expect(tasks).toEqual([{ email: former }]);
    const [cancelled] = await google.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'digest'));
    expect(cancelled).toMatchObject({
      dedupeKey: `digest:${former}:2025-W14`,
      cancelReason: ADDRESS_RECYCLED_CANCEL_REASON,
    });

    // No mail is planned to a former address (plus addressing would deliver it to the new holder of the address).
    const recipients = await digestRecipients(google.t.database.db, [ADMIN]);
    expect(recipients).toContain(ADMIN);
    expect(recipients).not.toContain(former);
  });
});

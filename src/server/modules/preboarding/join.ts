import { eq, sql } from 'drizzle-orm';
import type { Form, FormFieldKind } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { memberPreferences, preboardingRecords, stepProgress } from '../../db/schema.js';
import { latestSending, writeFormAnswers } from '../answers/index.js';
import { recordAudit } from '../audit/index.js';
import type { SecretBox } from '../secrets/index.js';
import { takePreboardingAnswers } from './preboarding-answers.js';
import { endPreboardingAndLockRecord } from './preboarding-links.js';

/**
 * The first Google sign-in joins pre-boarding up (docs/product.md#pre-boarding): what the newcomer did before their
 * first day becomes theirs as a member — steps done, forms sent (and a draft), reading preferences — once, and their
 * pre-boarding sessions and links end.
 */

/** The kind of question every answer of a form the content no longer has is kept as. */
const LONG_TEXT: FormFieldKind = 'long-text';

/** The form of a step id anywhere in the published content, or undefined. */
function formOf(catalog: RoleCatalog, stepId: string): Form | undefined {
  for (const config of catalog.values()) {
    for (const scope of config.scopes) {
      const step = scope.steps.find((s) => s.id === stepId);
      if (step?.form !== undefined) return step.form;
    }
  }
  return undefined;
}

/**
 * Joins a member's pre-boarding to their user, in the sign-in's transaction: once (a row's `joinedAt`), then nothing
 * more is moved. Every pre-boarding session and link of the address ends either way. Audited as 'preboarding-joined'
 * with what was moved (never an answer).
 * @param tx the sign-in's transaction
 * @param deps the keys (SECRETS_KEY), the published content and the clock's time
 * @param user the signed-in user's id and address (lower case)
 * @returns whether anything was joined now
 */
export async function joinPreboarding(
  tx: Database,
  deps: { box: SecretBox; catalog: RoleCatalog; now: Date },
  user: { id: string; email: string },
): Promise<boolean> {
  const email = user.email.toLowerCase();
  const record = await endPreboardingAndLockRecord(tx, email, 'signed-in', deps.now);
  if (record === undefined || record.joinedAt !== null) return false;
  const answers = await takePreboardingAnswers(tx, deps.box, email);
  // A sent form whose step the content no longer has: every answer is kept sealed, as if all were sensitive.
  const sealAll = (fieldIds: string[]): Form => ({
    allowChanges: false,
    fields: fieldIds.map((id) => ({ id, kind: LONG_TEXT, label: id, required: false, sensitive: true })),
  });
  for (const row of answers.sort((a, b) => a.version - b.version)) {
    const form = formOf(deps.catalog, row.stepId) ?? sealAll(Object.keys(row.answers));
    const version = row.version === 0 ? 0 : (await latestSending(tx, user.id, row.stepId)).version + 1;
    await writeFormAnswers(tx, deps.box, {
      userId: user.id,
      stepId: row.stepId,
      version,
      stepVersion: row.stepVersion,
      answers: row.answers,
      form,
      at: row.savedAt,
    });
  }
  const completed = [...record.steps, ...record.sentForms];
  if (completed.length > 0) {
    await tx
      .insert(stepProgress)
      .values(completed.map((c) => ({ userId: user.id, stepId: c.stepId, completedAt: new Date(c.at) })))
      .onConflictDoNothing();
  }
  if (record.preferences !== null) {
    await tx
      .insert(memberPreferences)
      .values({ userId: user.id, preferences: record.preferences, updatedAt: deps.now })
      .onConflictDoNothing();
  }
  await tx
    .update(preboardingRecords)
    .set({ joinedAt: deps.now, joinedUserId: user.id, preferences: sql`null`, updatedAt: deps.now })
    .where(eq(preboardingRecords.email, email));
  await recordAudit(tx, {
    kind: 'preboarding-joined',
    outcome: 'ok',
    actorUserId: user.id,
    actorEmail: email,
    subject: email,
    details: {
      steps: record.steps.map((s) => s.stepId),
      formsSent: record.sentForms.map((s) => s.stepId),
      drafts: answers.filter((a) => a.version === 0).map((a) => a.stepId),
      preferences: record.preferences !== null,
    },
    at: deps.now,
  });
  return true;
}

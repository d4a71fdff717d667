import { and, eq, sql } from 'drizzle-orm';
import { stepVersion } from '../../../shared/acknowledgments.js';
import type { Form, Step } from '../../../shared/content-schema.js';
import type { PreboardingFormState } from '../../../shared/preboarding-api.js';
import { checkFormAnswers, type AnswerProblem, type FormAnswers } from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import { preboardingAnswers, preboardingRecords } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import type { SecretBox } from '../secrets/index.js';

/**
 * Form answers given before the first day (docs/product.md#pre-boarding): a draft that the pre-boarding session may
 * read back, and one sending that it never reads back (docs/security.md#pre-boarding). Answers to sensitive questions
 * are sealed with SECRETS_KEY, bound to the member's address and the step, as form_answers seals them.
 */

/** The 409 message of a form sent before the first day and sent (or saved) again. */
export const PREBOARDING_FORM_SENT_MESSAGE =
  'You have sent this form already. Thank you! You can see and change your answers after your first sign-in.';

/** The name the sealed answers of one step are bound to. */
const sealName = (email: string, stepId: string) => `preboarding-answers:${email}:${stepId}`;

/** The form as pre-boarding asks it: without file questions (answered after the first sign-in). */
export function preboardingForm(form: Form): Form {
  return { ...form, fields: form.fields.filter((field) => field.kind !== 'file') };
}

/** The 400 of answers that do not fit (the same shape as the member's form routes). */
function problemsError(problems: AnswerProblem[]): HttpError {
  const [first] = problems;
  const where = first?.fieldId ? `"${first.fieldId}": ` : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new HttpError(400, `Some answers of this form need a change. ${where}${first?.message ?? ''}${more}`, {
    problems,
  });
}

/** Splits answers into the plain ones and the sealed sensitive ones. */
function sealed(box: SecretBox, email: string, stepId: string, form: Form, answers: FormAnswers) {
  const sensitiveIds = new Set(form.fields.filter((f) => f.sensitive).map((f) => f.id));
  const plain: FormAnswers = {};
  const sensitive: FormAnswers = {};
  for (const [id, value] of Object.entries(answers)) (sensitiveIds.has(id) ? sensitive : plain)[id] = value;
  if (Object.keys(sensitive).length === 0) return { answers: plain, sealed: null, keyId: null };
  const { ciphertext, keyId } = box.seal(sealName(email, stepId), JSON.stringify(sensitive));
  return { answers: plain, sealed: ciphertext, keyId };
}

/** Opens a stored row: its plain and sealed answers together. */
function opened(box: SecretBox, row: typeof preboardingAnswers.$inferSelect): FormAnswers {
  const sensitive =
    row.sealed === null || row.keyId === null
      ? {}
      : (JSON.parse(
          box.open(
            sealName(row.email, row.stepId),
            { ciphertext: row.sealed, keyId: row.keyId },
            `sensitive pre-boarding answers of the step ${row.stepId}`,
          ),
        ) as FormAnswers);
  return { ...(row.answers as FormAnswers), ...sensitive };
}

/** When the form was sent before the first day, or null. */
async function sentAt(db: Database, email: string, stepId: string): Promise<Date | null> {
  const [row] = await db
    .select({ savedAt: preboardingAnswers.savedAt })
    .from(preboardingAnswers)
    .where(
      and(
        eq(preboardingAnswers.email, email),
        eq(preboardingAnswers.stepId, stepId),
        eq(preboardingAnswers.version, 1),
      ),
    );
  return row?.savedAt ?? null;
}

/** SQL: the draft (version 0) of a person's answers to a form step, by their address. */
const draftOf = (email: string, stepId: string) =>
  and(eq(preboardingAnswers.email, email), eq(preboardingAnswers.stepId, stepId), eq(preboardingAnswers.version, 0));

/**
 * The pre-boarding state of a form: its draft, opened, and when it was sent — never the sent answers.
 * @param db the database
 * @param box the keys
 * @param email the member's address
 * @param step a form step marked "before the first day"
 */
export async function preboardingFormState(
  db: Database,
  box: SecretBox,
  email: string,
  step: Step,
): Promise<PreboardingFormState> {
  const [draft] = await db.select().from(preboardingAnswers).where(draftOf(email, step.id));
  const sent = await sentAt(db, email, step.id);
  return {
    stepId: step.id,
    draft: draft === undefined ? null : { answers: opened(box, draft), savedAt: draft.savedAt.toISOString() },
    sentAt: sent?.toISOString() ?? null,
  };
}

/**
 * Saves (`send` false) or sends the form: answers that fit the questions (a sending: the required ones answered), no
 * file. A sending is kept once, replaces the draft and marks the step done before the first day.
 * @throws HttpError 400 with `problems` (nothing stored); 409 {@link PREBOARDING_FORM_SENT_MESSAGE} after a sending
 */
export async function savePreboardingForm(
  deps: { db: Database; box: SecretBox; now: Date },
  email: string,
  step: Step & { form: Form },
  input: Record<string, unknown>,
  send: boolean,
): Promise<PreboardingFormState> {
  const form = preboardingForm(step.form);
  const checked = checkFormAnswers(form, input, send ? 'submit' : 'draft');
  if (!checked.ok) throw problemsError(checked.problems);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`preboarding-form:${email}:${step.id}`}))`);
    if ((await sentAt(tx, email, step.id)) !== null) throw new HttpError(409, PREBOARDING_FORM_SENT_MESSAGE);
    const values = {
      ...sealed(deps.box, email, step.id, form, checked.answers),
      stepVersion: stepVersion(step),
      savedAt: deps.now,
    };
    await tx
      .insert(preboardingAnswers)
      .values({ email, stepId: step.id, version: send ? 1 : 0, ...values })
      .onConflictDoUpdate({
        target: [preboardingAnswers.email, preboardingAnswers.stepId, preboardingAnswers.version],
        set: values,
      });
    if (send) {
      await tx.delete(preboardingAnswers).where(draftOf(email, step.id));
      const entry = JSON.stringify([{ stepId: step.id, at: deps.now.toISOString() }]);
      await tx
        .insert(preboardingRecords)
        .values({ email, sentForms: [{ stepId: step.id, at: deps.now.toISOString() }], updatedAt: deps.now })
        .onConflictDoUpdate({
          target: preboardingRecords.email,
          set: { sentForms: sql`${preboardingRecords.sentForms} || ${entry}::jsonb`, updatedAt: deps.now },
        });
    }
  });
  return preboardingFormState(deps.db, deps.box, email, step);
}

/**
 * The forms a member sent before their first day that are not theirs yet (no first Google sign-in since), opened, for
 * the admins and leads who read the member's answers (docs/product.md#pre-boarding): the pre-boarding session itself
 * never reads them back. Drafts are left out.
 * @param db the database
 * @param box the keys (SECRETS_KEY)
 * @param email the member's address, lower case
 * @returns the sending of each form, by step id (version 1)
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function sentPreboardingAnswers(
  db: Database,
  box: SecretBox,
  email: string,
): Promise<Map<string, OpenedPreboardingAnswers>> {
  const rows = await db
    .select()
    .from(preboardingAnswers)
    .where(and(eq(preboardingAnswers.email, email), eq(preboardingAnswers.version, 1)));
  return new Map(
    rows.map((row) => [
      row.stepId,
      { stepId: row.stepId, version: 1, stepVersion: row.stepVersion, answers: opened(box, row), savedAt: row.savedAt },
    ]),
  );
}

/** One stored version of pre-boarding answers, opened (the first Google sign-in's join; the readers of answers). */
export interface OpenedPreboardingAnswers {
  stepId: string;
  /** 0: the draft; 1: the sending. */
  version: number;
  stepVersion: number;
  answers: FormAnswers;
  savedAt: Date;
}

/**
 * Takes every pre-boarding answer of a member out of pre-boarding: opens them and deletes the rows, in the caller's
 * transaction (the join of the first Google sign-in writes them as the member's form answers in the same one).
 * @param db the join's transaction
 * @param box the keys
 * @param email the member's address
 */
export async function takePreboardingAnswers(
  db: Database,
  box: SecretBox,
  email: string,
): Promise<OpenedPreboardingAnswers[]> {
  const rows = await db.delete(preboardingAnswers).where(eq(preboardingAnswers.email, email)).returning();
  return rows.map((row) => ({
    stepId: row.stepId,
    version: row.version,
    stepVersion: row.stepVersion,
    answers: opened(box, row),
    savedAt: row.savedAt,
  }));
}

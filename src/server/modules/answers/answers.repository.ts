import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Form } from '../../../shared/content-schema.js';
import type { FormAnswers } from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import { formAnswers, members, quizTries, users } from '../../db/schema.js';
import type { SecretBox } from '../secrets/index.js';
import { fileIdsOf } from './form-files.js';

/**
 * Stored answers of form steps and tries of quiz steps (docs/decisions/044-form-and-quiz-steps.md). Answers to
 * questions marked sensitive never reach the database in clear: they are sealed together as one JSON text under
 * SECRETS_KEY, bound to the member and step (a sealed value copied to another member's row does not open).
 */

/** The name a member's sealed answers to one step are bound to (authenticated with AES-GCM, not encrypted). */
const sealName = (userId: string, stepId: string): string => `form-answers:${userId}:${stepId}`;
/** What a sealed row is, in the errors of a key that does not open it. */
const sealLabel = (userId: string, stepId: string): string =>
  `sensitive form answers of the step ${stepId} (user ${userId})`;

/** One stored version of a form's answers, opened. */
export interface StoredFormAnswers {
  stepId: string;
  /** 0: the draft; 1, 2, …: sendings. */
  version: number;
  /** The step's content version the answers were given to (`stepVersion`). */
  stepVersion: number;
  answers: FormAnswers;
  savedAt: Date;
}

/**
 * Writes one version of a member's answers (version 0 replaces the draft), sealing the sensitive ones.
 * @param db the database or the caller's transaction
 * @param box the keys (SECRETS_KEY)
 * @param row whose answers, to which step, which version, the step's content version, checked answers, the step's
 *   form and the time
 */
export async function writeFormAnswers(
  db: Database,
  box: SecretBox,
  row: {
    userId: string;
    stepId: string;
    version: number;
    stepVersion: number;
    answers: FormAnswers;
    form: Form;
    at: Date;
  },
): Promise<void> {
  const sensitiveIds = new Set(row.form.fields.filter((f) => f.sensitive).map((f) => f.id));
  const plain: FormAnswers = {};
  const sensitive: FormAnswers = {};
  for (const [id, value] of Object.entries(row.answers)) (sensitiveIds.has(id) ? sensitive : plain)[id] = value;
  const sealed =
    Object.keys(sensitive).length === 0
      ? { sealed: null, keyId: null }
      : (({ ciphertext, keyId }) => ({ sealed: ciphertext, keyId }))(
          box.seal(sealName(row.userId, row.stepId), JSON.stringify(sensitive)),
        );
  const values = {
    answers: plain,
    ...sealed,
    fileIds: fileIdsOf(row.answers),
    stepVersion: row.stepVersion,
    savedAt: row.at,
  };
  await db
    .insert(formAnswers)
    .values({ userId: row.userId, stepId: row.stepId, version: row.version, ...values })
    .onConflictDoUpdate({ target: [formAnswers.userId, formAnswers.stepId, formAnswers.version], set: values });
}

/** Opens a stored row: its plain answers and its sealed ones together. */
function opened(box: SecretBox, row: typeof formAnswers.$inferSelect): StoredFormAnswers {
  const sensitive =
    row.sealed === null || row.keyId === null
      ? {}
      : (JSON.parse(
          box.open(
            sealName(row.userId, row.stepId),
            { ciphertext: row.sealed, keyId: row.keyId },
            sealLabel(row.userId, row.stepId),
          ),
        ) as FormAnswers);
  return {
    stepId: row.stepId,
    version: row.version,
    stepVersion: row.stepVersion,
    answers: { ...(row.answers as FormAnswers), ...sensitive },
    savedAt: row.savedAt,
  };
}

/**
 * A member's draft and latest sending of one form step.
 * @returns `draft` (version 0) and `latest` (highest version), each undefined when absent
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function readFormAnswers(
  db: Database,
  box: SecretBox,
  userId: string,
  stepId: string,
): Promise<{ draft: StoredFormAnswers | undefined; latest: StoredFormAnswers | undefined }> {
  const rows = await db
    .select()
    .from(formAnswers)
    .where(and(eq(formAnswers.userId, userId), eq(formAnswers.stepId, stepId)))
    .orderBy(desc(formAnswers.version));
  const draft = rows.find((r) => r.version === 0);
  const latest = rows.find((r) => r.version > 0);
  return {
    draft: draft && opened(box, draft),
    latest: latest && opened(box, latest),
  };
}

/**
 * One sending of a member's form, opened (a send repeated with its key shows that sending's answers).
 * @param version the sending's version (1, 2, …)
 * @returns the sending, or undefined when there is none of that version
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function readFormSending(
  db: Database,
  box: SecretBox,
  userId: string,
  stepId: string,
  version: number,
): Promise<StoredFormAnswers | undefined> {
  const [row] = await db
    .select()
    .from(formAnswers)
    .where(and(eq(formAnswers.userId, userId), eq(formAnswers.stepId, stepId), eq(formAnswers.version, version)));
  return row && opened(box, row);
}

/**
 * The highest version sent of a member's form (0 when never sent) and the step's content version it was sent to (0
 * when never sent), read in `db` (the caller's transaction).
 */
export async function latestSending(
  db: Database,
  userId: string,
  stepId: string,
): Promise<{ version: number; stepVersion: number }> {
  const [row] = await db
    .select({ version: formAnswers.version, stepVersion: formAnswers.stepVersion })
    .from(formAnswers)
    .where(and(eq(formAnswers.userId, userId), eq(formAnswers.stepId, stepId), gt(formAnswers.version, 0)))
    .orderBy(desc(formAnswers.version))
    .limit(1);
  return row ?? { version: 0, stepVersion: 0 };
}

/** Removes a member's draft of a step (after sending it). */
export async function deleteDraft(db: Database, userId: string, stepId: string): Promise<void> {
  await db
    .delete(formAnswers)
    .where(and(eq(formAnswers.userId, userId), eq(formAnswers.stepId, stepId), eq(formAnswers.version, 0)));
}

/**
 * The latest sending of each form step of a member, by step id (drafts left out).
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function latestSubmissions(
  db: Database,
  box: SecretBox,
  userId: string,
): Promise<Map<string, StoredFormAnswers>> {
  const rows = await db
    .select()
    .from(formAnswers)
    .where(and(eq(formAnswers.userId, userId), gt(formAnswers.version, 0)))
    .orderBy(asc(formAnswers.stepId), desc(formAnswers.version));
  const latest = new Map<string, StoredFormAnswers>();
  for (const row of rows) if (!latest.has(row.stepId)) latest.set(row.stepId, opened(box, row));
  return latest;
}

/** One member's latest sending of a form step, for an export (docs/product.md#form-steps). */
export interface StepSubmission {
  email: string;
  name: string;
  /** The member record's department, else the account's. */
  department: string;
  version: number;
  savedAt: Date;
  answers: FormAnswers;
}

/**
 * The latest sending of one form step by every member who sent it, by e-mail address. Sealed answers are opened only
 * when `withSensitive` is true; otherwise only the plain answers are read (nothing is decrypted).
 * @param db the database
 * @param box the keys (SECRETS_KEY)
 * @param stepId the form step
 * @param withSensitive whether to open the sensitive answers
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function submissionsOfStep(
  db: Database,
  box: SecretBox,
  stepId: string,
  withSensitive: boolean,
): Promise<StepSubmission[]> {
  const rows = await db
    .select({
      row: formAnswers,
      email: users.email,
      name: users.name,
      department: sql<string>`coalesce(${members.department}, ${users.department})`,
    })
    .from(formAnswers)
    .innerJoin(users, eq(users.id, formAnswers.userId))
    .leftJoin(members, eq(members.email, users.email))
    .where(and(eq(formAnswers.stepId, stepId), gt(formAnswers.version, 0)))
    .orderBy(asc(users.email), desc(formAnswers.version));
  const seen = new Set<string>();
  const out: StepSubmission[] = [];
  for (const { row, email, name, department } of rows) {
    if (seen.has(email)) continue;
    seen.add(email);
    const answers = withSensitive ? opened(box, row).answers : (row.answers as FormAnswers);
    out.push({ email, name, department, version: row.version, savedAt: row.savedAt, answers });
  }
  return out;
}

/** One stored quiz try. */
export type QuizTryRow = typeof quizTries.$inferSelect;

/** A member's tries of a quiz step, first to last. */
export async function quizTriesOf(db: Database, userId: string, stepId: string): Promise<QuizTryRow[]> {
  return db
    .select()
    .from(quizTries)
    .where(and(eq(quizTries.userId, userId), eq(quizTries.stepId, stepId)))
    .orderBy(asc(quizTries.try));
}

/** Stores one quiz try (its number one more than the tries before; two tries sent at once cannot share it). */
export async function insertQuizTry(db: Database, row: typeof quizTries.$inferInsert): Promise<void> {
  await db.insert(quizTries).values(row);
}

/**
 * Start-up after a key rotation (SECRETS_KEY_PREVIOUS; docs/operations.md#configuration): re-seals under SECRETS_KEY
 * every stored sensitive answer still under another key, as the shared passwords are.
 * @returns how many rows were re-sealed
 * @throws SecretsKeyError when a row opens with neither configured key
 */
export async function reencryptFormAnswers(db: Database, box: SecretBox): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(formAnswers).where(ne(formAnswers.keyId, box.currentKeyId)).for('update');
    for (const row of rows) {
      if (row.sealed === null || row.keyId === null) continue;
      const name = sealName(row.userId, row.stepId);
      const { ciphertext, keyId } = box.seal(
        name,
        box.open(name, { ciphertext: row.sealed, keyId: row.keyId }, sealLabel(row.userId, row.stepId)),
      );
      await tx
        .update(formAnswers)
        .set({ sealed: ciphertext, keyId })
        .where(
          and(
            eq(formAnswers.userId, row.userId),
            eq(formAnswers.stepId, row.stepId),
            eq(formAnswers.version, row.version),
          ),
        );
    }
    return rows.length;
  });
}

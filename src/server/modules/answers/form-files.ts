import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Form } from '../../../shared/content-schema.js';
import { isFileAnswer, type AnswerProblem, type FileAnswer, type FormAnswers } from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import { formAnswers, formFiles } from '../../db/schema.js';
import type { SecretBox } from '../secrets/index.js';

/**
 * Files members give to file questions of form steps (docs/product.md#form-steps). A file of a question marked
 * sensitive never reaches the database in clear: its bytes are sealed under SECRETS_KEY like sensitive answers, bound to
 * the member and the file's id (a sealed file copied to another member's row does not open). Answers hold a file by
 * its id (`form_answers.file_ids`); a file no stored answer holds is a draft's replaced file and is deleted.
 */

/** The name a sealed file is bound to (authenticated with AES-GCM, not encrypted). */
const sealName = (userId: string, fileId: string): string => `form-file:${userId}:${fileId}`;
const sealLabel = (userId: string, fileId: string): string => `sensitive form file ${fileId} (user ${userId})`;

/** A stored file's name: sealed too (base64 text, under its own bound name) when the file is. */
const sealFileName = (box: SecretBox, userId: string, fileId: string, name: string): string =>
  box.seal(`${sealName(userId, fileId)}:name`, name).ciphertext;
const openFileName = (box: SecretBox, row: { userId: string; id: string; name: string; keyId: string | null }) =>
  row.keyId === null
    ? row.name
    : box.open(
        `${sealName(row.userId, row.id)}:name`,
        { ciphertext: row.name, keyId: row.keyId },
        `name of the ${sealLabel(row.userId, row.id)}`,
      );

/** A stored file, opened. */
export interface OpenedFormFile {
  id: string;
  userId: string;
  stepId: string;
  fieldId: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The ids of the files a form's answers hold. */
export const fileIdsOf = (answers: FormAnswers): string[] =>
  Object.values(answers).flatMap((value) => (isFileAnswer(value) ? [value.fileId] : []));

/** SQL: no stored answer of the file's member and step holds it (only sendings when `sentOnly`). */
const unheld = (sentOnly = false): SQL =>
  sql`not exists (select 1 from ${formAnswers} where ${formAnswers.userId} = ${formFiles.userId}
    and ${formAnswers.stepId} = ${formFiles.stepId} and ${formFiles.id} = any(${formAnswers.fileIds})
    ${sentOnly ? sql`and ${formAnswers.version} > 0` : sql``})`;

/**
 * Stores an uploaded file (already checked by `checkUpload`), sealed when its question is sensitive, and deletes the
 * earlier files of the same question that no stored answer holds (a file chosen and replaced before saving).
 * @param db the database
 * @param box the keys (SECRETS_KEY)
 * @param file whose, to which step and question, its name, type (by its bytes), bytes, whether sensitive, the time
 * @returns the answer the member then saves with their draft or sending
 */
export async function storeFormFile(
  db: Database,
  box: SecretBox,
  file: Omit<OpenedFormFile, 'id'> & { sensitive: boolean; at: Date },
): Promise<FileAnswer> {
  const id = randomUUID();
  const stored = file.sensitive
    ? box.sealBytes(sealName(file.userId, id), file.bytes)
    : { bytes: file.bytes, keyId: null };
  await db.transaction(async (tx) => {
    await tx
      .delete(formFiles)
      .where(
        and(
          eq(formFiles.userId, file.userId),
          eq(formFiles.stepId, file.stepId),
          eq(formFiles.fieldId, file.fieldId),
          unheld(),
        ),
      );
    await tx.insert(formFiles).values({
      id,
      userId: file.userId,
      stepId: file.stepId,
      fieldId: file.fieldId,
      name: file.sensitive ? sealFileName(box, file.userId, id, file.name) : file.name,
      contentType: file.contentType,
      size: file.bytes.byteLength,
      bytes: stored.bytes,
      keyId: stored.keyId,
      uploadedAt: file.at,
    });
  });
  return { fileId: id, name: file.name, type: file.contentType, size: file.bytes.byteLength };
}

/**
 * Checks the file answers of a member's answers against the files they uploaded, and fills in each file's name, type
 * and size as stored (what the browser says of them is not trusted).
 * @param db the database or the caller's transaction
 * @param row whose answers to which step, of which form
 * @returns the answers with stored file details, or problems (a file that is not theirs, not of this step and
 *   question, or no longer kept) saying to upload it again
 */
export async function resolveFileAnswers(
  db: Database,
  box: SecretBox,
  row: { userId: string; stepId: string; form: Form; answers: FormAnswers },
): Promise<{ ok: true; answers: FormAnswers } | { ok: false; problems: AnswerProblem[] }> {
  const wanted = fileIdsOf(row.answers);
  if (wanted.length === 0) return { ok: true, answers: row.answers };
  const files = await db
    .select({
      id: formFiles.id,
      userId: formFiles.userId,
      fieldId: formFiles.fieldId,
      name: formFiles.name,
      keyId: formFiles.keyId,
      contentType: formFiles.contentType,
      size: formFiles.size,
    })
    .from(formFiles)
    .where(and(eq(formFiles.userId, row.userId), eq(formFiles.stepId, row.stepId), inArray(formFiles.id, wanted)));
  const byId = new Map(files.map((f) => [f.id, f]));
  const answers: FormAnswers = { ...row.answers };
  const problems: AnswerProblem[] = [];
  for (const [fieldId, value] of Object.entries(row.answers)) {
    if (!isFileAnswer(value)) continue;
    const file = byId.get(value.fileId);
    if (file === undefined || file.fieldId !== fieldId) {
      problems.push({ fieldId, message: 'This file is not kept any more: choose the file again.' });
      continue;
    }
    answers[fieldId] = { fileId: file.id, name: openFileName(box, file), type: file.contentType, size: file.size };
  }
  return problems.length === 0 ? { ok: true, answers } : { ok: false, problems };
}

/** Opens a stored file row. */
function openedFile(box: SecretBox, row: typeof formFiles.$inferSelect): OpenedFormFile {
  const bytes =
    row.keyId === null
      ? row.bytes
      : box.openBytes(sealName(row.userId, row.id), row.bytes, row.keyId, sealLabel(row.userId, row.id));
  return {
    id: row.id,
    userId: row.userId,
    stepId: row.stepId,
    fieldId: row.fieldId,
    name: openFileName(box, row),
    contentType: row.contentType,
    bytes,
  };
}

/** Whether a text is a UUID (a file id): anything else is no file, never a database error. */
const isUuid = (text: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu.test(text);

/**
 * A member's own file of a step, drafts' files included.
 * @returns the opened file, undefined when the member has no such file
 * @throws SecretsKeyError when a sealed file does not open with the configured keys
 */
export async function readOwnFormFile(
  db: Database,
  box: SecretBox,
  key: { userId: string; stepId: string; fileId: string },
): Promise<OpenedFormFile | undefined> {
  if (!isUuid(key.fileId)) return undefined;
  const [row] = await db
    .select()
    .from(formFiles)
    .where(and(eq(formFiles.id, key.fileId), eq(formFiles.userId, key.userId), eq(formFiles.stepId, key.stepId)));
  return row && openedFile(box, row);
}

/**
 * A file of a member's sending (never of a draft), as admins and leads read it with the member's answers.
 * @returns the opened file, undefined when no sending of the member holds it
 * @throws SecretsKeyError when a sealed file does not open with the configured keys
 */
export async function readSentFormFile(
  db: Database,
  box: SecretBox,
  key: { userId: string; fileId: string },
): Promise<OpenedFormFile | undefined> {
  if (!isUuid(key.fileId)) return undefined;
  const [row] = await db
    .select()
    .from(formFiles)
    .where(and(eq(formFiles.id, key.fileId), eq(formFiles.userId, key.userId), sql`not ${unheld(true)}`));
  return row && openedFile(box, row);
}

/**
 * Deletes the files no stored answer holds: of everyone, those uploaded before `before` (uploaded and never saved,
 * or replaced); or of one member and step, those of the questions named (replaced by the answers just saved).
 * @param db the database or the caller's transaction
 * @param scope `{ before }`, or `{ userId, stepId, fieldIds }`
 * @returns how many files were deleted
 */
export async function deleteUnheldFiles(
  db: Database,
  scope: { before: Date } | { userId: string; stepId: string; fieldIds: string[] },
): Promise<number> {
  if ('fieldIds' in scope && scope.fieldIds.length === 0) return 0;
  const where =
    'before' in scope
      ? and(lt(formFiles.uploadedAt, scope.before), unheld())
      : and(
          eq(formFiles.userId, scope.userId),
          eq(formFiles.stepId, scope.stepId),
          inArray(formFiles.fieldId, scope.fieldIds),
          unheld(),
        );
  const deleted = await db.delete(formFiles).where(where).returning({ id: formFiles.id });
  return deleted.length;
}

/**
 * Start-up after a key rotation: re-seals under SECRETS_KEY every sensitive file still under another key.
 * @returns how many files were re-sealed
 * @throws SecretsKeyError when a file opens with neither configured key
 */
export async function reencryptFormFiles(db: Database, box: SecretBox): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await tx.select({ id: formFiles.id }).from(formFiles).where(ne(formFiles.keyId, box.currentKeyId));
    for (const { id } of ids) {
      const [row] = await tx.select().from(formFiles).where(eq(formFiles.id, id)).for('update');
      if (row === undefined || row.keyId === null) continue;
      const file = openedFile(box, row);
      const sealed = box.sealBytes(sealName(row.userId, row.id), file.bytes);
      await tx
        .update(formFiles)
        .set({ bytes: sealed.bytes, keyId: sealed.keyId, name: sealFileName(box, row.userId, row.id, file.name) })
        .where(eq(formFiles.id, id));
    }
    return ids.length;
  });
}

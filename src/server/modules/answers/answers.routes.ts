import { DEFAULT_DATE_SETTINGS, type DateSettings } from '../../../shared/dates.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  formAnswersBodySchema,
  formExportQuerySchema,
  formFileFieldParamsSchema,
  formFileParamsSchema,
  formFileUploadQuerySchema,
  memberFileParamsSchema,
  formStateSchema,
  formSubmitAnswerSchema,
  memberFormAnswersSchema,
  myAnswersQuerySchema,
  myAnswersSchema,
  quizStateSchema,
  quizTryAnswerSchema,
  type MyAnswers,
} from '../../../shared/answers-api.js';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/client-request.js';
import { stepIdParamsSchema } from '../../../shared/api.js';

import { FORM_FILE_MAX_BYTES } from '../../../shared/content-schema.js';
import { answerText, fileAnswerSchema, quizTryBodySchema } from '../../../shared/step-answers.js';
import { toCsv } from '../../csv.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { forbidden, HttpError, notFound } from '../../http-errors.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { recordAudit } from '../audit/index.js';
import { getMember } from '../members/index.js';
import { checkAdminPermission, mayReadDepartment } from '../permissions/index.js';
import { memberStep, stepWriteRoute, writableStep } from '../progress/index.js';
import type { SecretBox } from '../secrets/index.js';
import { quizTriesOf, submissionsOfStep, type StoredFormAnswers } from './answers.repository.js';
import {
  formState,
  quizState,
  saveFormDraft,
  submitForm,
  tryQuiz,
  uploadFormFile,
  type AnswersDeps,
} from './answers.service.js';
import { readOwnFormFile, readSentFormFile, type OpenedFormFile } from './form-files.js';
import { answeredForms, formStepById, stepsOfRole } from './answered-forms.js';
import { sendKeyOf, type SendKey } from './send-keys.js';

/** The Idempotency-Key header as Node names it (lower case). */
const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** The kinds of send a key is kept for (send-keys.ts); not audit kinds. */
const FORM_SEND = 'form';
const QUIZ_SEND = 'quiz';
/** A kind of send (the type of {@link FORM_SEND} and {@link QUIZ_SEND}). */
type SendKind = SendKey['kind'];

/** The refusal of a newcomer's answers to anyone but admins and leads (a buddy, another member). */
export const ANSWERS_READERS_MESSAGE = "Only admins and the newcomer's department leads can read their answers.";

/**
 * `onRequest` of the routes that read a member's answers: the admins' permission check, its refusal saying what it is
 * about (docs/product.md#form-steps) rather than naming the admin console.
 */
async function checkAnswersReader(request: FastifyRequest): Promise<void> {
  try {
    await checkAdminPermission(request);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) throw forbidden(ANSWERS_READERS_MESSAGE);
    throw error;
  }
}

export const NOT_YOUR_MEMBER_MESSAGE =
  'You can read the answers of members of the departments you lead only. Ask an admin if you need these.';

/**
 * Sends a stored file as a download (never shown in place: `attachment`, `nosniff`, not cached), named as uploaded
 * (RFC 6266 with an RFC 8187 UTF-8 name).
 */
function sendFile(reply: FastifyReply, file: OpenedFormFile): FastifyReply {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const encoded = encodeURIComponent(file.name).replace(
    /['()*]/gu,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}

/** Options of {@link answersRoutes}. */
export interface AnswersRoutesOptions {
  db: Database;
  box: SecretBox;
  now: () => Date;
  /**
   * The forms a member sent before their first day and not joined to their user yet, by step id
   * (docs/product.md#pre-boarding; the pre-boarding module's): the readers of answers see them from the moment they
   * are sent.
   */
  sentBeforeFirstDay?: (db: Database, box: SecretBox, email: string) => Promise<ReadonlyMap<string, StoredFormAnswers>>;
  /** The organisation's locale and time zone: date answers are written its way (default en-GB, Europe/London). */
  dateSettings?: DateSettings;
}

/**
 * Form and quiz steps (docs/product.md#form-steps, docs/product.md#quiz-steps; docs/decisions/044-form-and-quiz-steps.md).
 * The member's own, for a step of their role (404 otherwise: nobody can address another member's answers):
 *
 * - GET /api/steps/:stepId/form → their draft and latest sending.
 * - PUT /api/steps/:stepId/form/draft `{ answers }` → saves the draft (answers must fit their questions; none required).
 * - POST /api/steps/:stepId/form `{ answers }` → sends the form: a new version, and the step completes (one
 *   transaction). 400 `{ …, problems: [{ fieldId, message }] }` naming what to change, and nothing stored, for answers
 *   that do not fit; 409 when the form was sent and allows no changes.
 * - GET /api/steps/:stepId/quiz → their tries; POST `{ answers: { questionId: [answerId] } }` → one try scored here,
 *   completing the step on a pass; 409 when passed already or no try is left.
 * - Both sends take an `Idempotency-Key` header (send-keys.ts, docs/reliability.md#a-send-that-counts-once): sent
 *   again with the same key, the send is not stored again and gets the first answer; 422 when the key was used for a
 *   different send, 400 for a key that is not a quoted string of the published form.
 * - GET /api/answers/mine?format=json|csv → a download of their own answers (every form's latest sending, the tries;
 *   a file question by the file's name).
 * - POST /api/steps/:stepId/form/files/:fieldId?name= (the file as the body, its Content-Type) → 201 the file's answer
 *   `{ fileId, name, type, size }`, to save with the draft or sending; refused (nothing stored) with 413/415/422 by
 *   type (by the bytes) and size. GET /api/steps/:stepId/form/files/:fileId → their own file.
 *
 * Admins and the member's leads: GET /api/admin/members/:email/answers → the latest sending of each form, sensitive
 * answers included, and the forms sent before the first day not joined yet (`beforeFirstDay`); every read is audited
 * ('answers-read'); a lead of another department gets 403 (audited 'refused'). GET /api/admin/members/:email/answers/files/:fileId → a file of the member's sendings, under the same
 * rule and audit ('answers-read' with the file). Writes from a role preview answer 409. The hourly sweep of retention.ts deletes the answers of members
 * who left.
 */
export const answersRoutes: FastifyPluginAsyncZod<AnswersRoutesOptions> = async (
  app,
  { db, box, now, sentBeforeFirstDay, dateSettings = DEFAULT_DATE_SETTINGS },
) => {
  const deps: AnswersDeps = { db, box, now };

  const own = (request: FastifyRequest<{ Params: { stepId: string } }>) =>
    memberStep(request.catalog, request, request.params.stepId);
  /** Route options of a read of the member's own step: signed in, the step id, the answer's schema. */
  const ownStepRead = <A extends z.ZodType>(answer: A) => ({
    preValidation: requireUser,
    schema: { params: stepIdParamsSchema, response: { 200: answer } },
  });
  /**
   * The member's step a send is about (a form's sending, a quiz's try) and the send's key, when it has one.
   * @throws HttpError as {@link writableStep} and {@link sendKeyOf}
   */
  const keyedSend = (
    request: FastifyRequest<{ Params: { stepId: string }; Querystring: { previewRole?: string | undefined } }>,
    kind: SendKind,
  ) => {
    const step = writableStep(request, request.params.stepId);
    return { step, key: sendKeyOf(request.headers[KEY_HEADER], { kind, stepId: step.id, body: request.body }) };
  };
  /**
   * The member whose answers an admin or lead reads, and the read's audit entry (without its outcome): a lead of
   * another department is refused, audited 'refused' with `details`.
   * @param details what the read was for, in the refusal's audit entry (e.g. the file)
   * @throws HttpError 404 for an address no member or user has; 403 {@link NOT_YOUR_MEMBER_MESSAGE}
   */
  const answersOwner = async (
    request: FastifyRequest<{ Params: { email: string } }>,
    details?: Record<string, unknown>,
  ) => {
    const email = request.params.email.toLowerCase();
    const record = await getMember(db, email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!record && !user) throw notFound(`No member has the address ${email}.`);
    const reader = signedInUser(request);
    const audit = { kind: 'answers-read', actorUserId: reader.id, actorEmail: reader.email, subject: email } as const;
    if (!mayReadDepartment(request.memberRole, record?.department ?? user?.department ?? '')) {
      await recordAudit(db, {
        ...audit,
        outcome: 'refused',
        reason: 'not-their-department',
        details: details ?? null,
        at: now(),
      });
      throw forbidden(NOT_YOUR_MEMBER_MESSAGE);
    }
    return { email, record, user, audit };
  };

  app.get('/api/steps/:stepId/form', ownStepRead(formStateSchema), async function getStepsByStepIdForm(request) {
    return formState(deps, request, own(request));
  });

  app.put(
    '/api/steps/:stepId/form/draft',
    stepWriteRoute(stepIdParamsSchema, formAnswersBodySchema, formStateSchema),
    async function putStepsByStepIdFormDraft(request) {
      const step = writableStep(request, request.params.stepId);
      return saveFormDraft(deps, request, step, request.body.answers);
    },
  );

  app.post(
    '/api/steps/:stepId/form',
    stepWriteRoute(stepIdParamsSchema, formAnswersBodySchema, formSubmitAnswerSchema),
    async function postStepsByStepIdForm(request) {
      const { step, key } = keyedSend(request, FORM_SEND);
      return submitForm(deps, request, step, request.body.answers, key);
    },
  );

  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    // The file comes as the raw body, whatever its Content-Type: its type is decided by its bytes (checkUpload).
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_FILE_MAX_BYTES }, (_req, body, done) => {
      done(null, body);
    });
    uploads.post(
      '/api/steps/:stepId/form/files/:fieldId',
      {
        preValidation: requireUser,
        bodyLimit: FORM_FILE_MAX_BYTES,
        schema: {
          params: formFileFieldParamsSchema,
          querystring: formFileUploadQuerySchema,
          response: { 201: fileAnswerSchema },
        },
      },
      async function postStepsByStepIdFormFilesByFieldId(request, reply) {
        const step = writableStep(request, request.params.stepId);
        const body: unknown = request.body;
        if (!(body instanceof Buffer))
          throw new HttpError(415, 'Send the file itself as the body, with its type as the Content-Type.');
        const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const answer = await uploadFormFile(deps, request, step, request.params.fieldId, {
          bytes: new Uint8Array(body),
          declared,
          name: request.query.name,
        });
        return reply.code(201).send(answer);
      },
    );
  });

  app.get(
    '/api/steps/:stepId/form/files/:fileId',
    { preValidation: requireUser, schema: { params: formFileParamsSchema } },
    async function getStepsByStepIdFormFilesByFileId(request, reply) {
      const step = own(request);
      const file = await readOwnFormFile(db, box, {
        userId: signedInUser(request).id,
        stepId: step.id,
        fileId: request.params.fileId,
      });
      if (!file) throw notFound('You have no such file in this step.');
      return sendFile(reply, file);
    },
  );

  app.get('/api/steps/:stepId/quiz', ownStepRead(quizStateSchema), async function getStepsByStepIdQuiz(request) {
    return quizState(deps, request, own(request));
  });

  app.post(
    '/api/steps/:stepId/quiz',
    stepWriteRoute(stepIdParamsSchema, quizTryBodySchema, quizTryAnswerSchema),
    async function postStepsByStepIdQuiz(request) {
      const { step, key } = keyedSend(request, QUIZ_SEND);
      return tryQuiz(deps, request, step, request.body.answers, key);
    },
  );

  app.get(
    '/api/answers/mine',
    { preValidation: requireUser, schema: { querystring: myAnswersQuerySchema } },
    async function getAnswersMine(request, reply) {
      const user = signedInUser(request);
      const steps = stepsOfRole(request.catalog, request.memberRole?.roleText ?? user.role);
      const quizzes: MyAnswers['quizzes'] = [];
      for (const step of steps.filter((s) => s.quiz !== undefined)) {
        const tries = await quizTriesOf(db, user.id, step.id);
        if (tries.length === 0) continue;
        quizzes.push({
          stepId: step.id,
          stepTitle: step.title,
          tries: tries.map((t) => ({
            try: t.try,
            at: t.at.toISOString(),
            correct: t.correct,
            total: t.total,
            passed: t.passed,
          })),
        });
      }
      const mine: MyAnswers = myAnswersSchema.parse({
        email: user.email,
        downloadedAt: now().toISOString(),
        forms: await answeredForms(db, box, user.id, steps, new Map(), dateSettings),
        quizzes,
      });
      const date = now().toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="my-answers-${date}.json"`)
          .send(JSON.stringify(mine, null, 2));
      }
      const rows = [
        ...mine.forms.flatMap((f) =>
          f.answers.map((a) => [f.stepTitle, `version ${f.version}`, f.submittedAt, a.label, a.text]),
        ),
        ...mine.quizzes.flatMap((q) =>
          q.tries.map((t) => [
            q.stepTitle,
            `try ${t.try}`,
            t.at,
            'Score',
            `${t.correct} of ${t.total}${t.passed ? ' (passed)' : ''}`,
          ]),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-answers-${date}.csv"`)
        .send(toCsv(rows, ['Step', 'Version', 'When', 'Question', 'Answer']));
    },
  );

  app.get(
    '/api/admin/members/:email/answers',
    {
      config: { permission: 'members:read', ownSiteOnly: true },
      onRequest: checkAnswersReader,
      schema: { params: memberEmailParamsSchema, response: { 200: memberFormAnswersSchema } },
    },
    async function getAdminMembersByEmailAnswers(request) {
      const { email, record, user, audit } = await answersOwner(request);
      const steps = stepsOfRole(request.catalog, record?.role ?? user?.role ?? '');
      const early = sentBeforeFirstDay === undefined ? undefined : await sentBeforeFirstDay(db, box, email);
      const forms = await answeredForms(db, box, user?.id ?? null, steps, early, dateSettings);
      await recordAudit(db, {
        ...audit,
        outcome: 'allowed',
        details: { forms: forms.map((f) => f.stepId) },
        at: now(),
      });
      return { email, forms };
    },
  );

  app.get(
    '/api/admin/members/:email/answers/files/:fileId',
    {
      config: { permission: 'members:read', ownSiteOnly: true },
      onRequest: checkAnswersReader,
      schema: { params: memberFileParamsSchema },
    },
    async function getAdminMembersByEmailAnswersFilesByFileId(request, reply) {
      const { email, user, audit } = await answersOwner(request, { file: request.params.fileId });
      const file = user
        ? await readSentFormFile(db, box, { userId: user.id, fileId: request.params.fileId })
        : undefined;
      if (!file) throw notFound(`${email} has sent no such file.`);
      await recordAudit(db, {
        ...audit,
        outcome: 'allowed',
        details: { file: file.id, stepId: file.stepId, fieldId: file.fieldId },
        at: now(),
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/api/admin/forms/:stepId/answers.csv',
    {
      config: { permission: 'members:read', ownSiteOnly: true },
      onRequest: checkAnswersReader,
      schema: { params: stepIdParamsSchema, querystring: formExportQuerySchema },
    },
    async function getAdminFormsByStepIdAnswersCsv(request, reply) {
      const found = formStepById(request.catalog, request.params.stepId);
      if (!found) throw notFound(`No form step has the id ${request.params.stepId}.`);
      const { step, form } = found;
      const withSensitive = request.query.sensitive === 'include';
      const fields = form.fields.filter((field) => withSensitive || !field.sensitive);
      const rows = (await submissionsOfStep(db, box, step.id, withSensitive)).filter((s) =>
        mayReadDepartment(request.memberRole, s.department),
      );
      const reader = signedInUser(request);
      await recordAudit(db, {
        kind: 'answers-read',
        outcome: 'allowed',
        actorUserId: reader.id,
        actorEmail: reader.email,
        subject: step.id,
        details: { export: 'csv', sensitive: withSensitive, members: rows.length },
        at: now(),
      });
      const date = now().toISOString().slice(0, 10);
      const suffix = withSensitive ? '-with-sensitive' : '';
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="answers-${step.id}${suffix}-${date}.csv"`)
        .send(
          toCsv(
            rows.map((r) => [
              r.email,
              r.name,
              r.department,
              r.version,
              r.savedAt.toISOString(),
              ...fields.map((field) => answerText(field, r.answers[field.id])),
            ]),
            ['Email', 'Name', 'Department', 'Version', 'Sent at', ...fields.map((field) => field.label)],
          ),
        );
    },
  );
};

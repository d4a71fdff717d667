import { z } from 'zod';

import { stableIdSchema } from './content-ids.js';
import { contentUrlSchema } from './content-urls.js';

/**
 * The parts of a role configuration file about the days before the first day (docs/product.md#pre-boarding): which
 * steps may be marked "before the first day", the role's first day, and the messages sent to the private address.
 */

/**
 * What keeps a step from being done before the first day (docs/product.md#pre-boarding): whatever needs the member's
 * Google account or shows others' data — a shared password, a signature, acknowledgments, a checklist, contacts, a
 * document to read through, a quiz, a file question.
 * @param step the step's fields that matter
 * @returns one problem per reason, at the field that causes it
 */
export function beforeFirstDayProblems(step: {
  envVariable?: unknown;
  signature?: boolean | undefined;
  isAcknowledgmentStep?: boolean;
  isChecklistStep?: boolean;
  isContactStep?: boolean;
  requiresScrollOrDownload?: boolean;
  quiz?: unknown;
  form?: { fields: { kind: string }[] } | undefined;
}): { path: (string | number)[]; message: string }[] {
  const why = 'a step before the first day cannot';
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (step.envVariable !== undefined)
    problems.push({ path: ['envVariable'], message: `${why} show a shared password` });
  if (step.signature === true) problems.push({ path: ['signature'], message: `${why} ask for a signature` });
  if (step.isAcknowledgmentStep === true)
    problems.push({ path: ['isAcknowledgmentStep'], message: `${why} ask for acknowledgments` });
  if (step.isChecklistStep === true) problems.push({ path: ['isChecklistStep'], message: `${why} be a checklist` });
  if (step.isContactStep === true) problems.push({ path: ['isContactStep'], message: `${why} show contacts` });
  if (step.requiresScrollOrDownload === true)
    problems.push({ path: ['requiresScrollOrDownload'], message: `${why} ask to read a document through` });
  if (step.quiz !== undefined) problems.push({ path: ['quiz'], message: `${why} be a quiz` });
  step.form?.fields.forEach((field, i) => {
    if (field.kind === 'file')
      problems.push({
        path: ['form', 'fields', i, 'kind'],
        message: `${why} ask for a file (ask after the first sign-in)`,
      });
  });
  return problems;
}

/**
 * The first day of a role's newcomers, as the pre-boarding page shows it (docs/product.md#pre-boarding): the time
 * (HH:MM, 24-hour, in the organisation's time zone), the place and/or the call link, and a few sentences (what to
 * bring, what happens). Anything left out shows as 'to be confirmed'.
 */
export const firstDaySchema = z
  .object({
    time: z
      .string()
      .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/u, 'must be a time of day as HH:MM, e.g. "17:30"')
      .optional(),
    place: z.string().min(1).max(300).optional(),
    callLink: contentUrlSchema.optional(),
    details: z.array(z.string().min(1).max(1000)).max(10).default([]),
  })
  .strict();

/**
 * A message sent to the newcomer's private address before their first day (docs/product.md#pre-boarding):
 * `daysBefore` days before the start date, once, with a link to the pre-boarding page; not sent once the step named by
 * `unlessDone` was done before the first day (e.g. a reminder to fill in a form).
 */
export const preboardingMailSchema = z
  .object({
    id: stableIdSchema,
    daysBefore: z.number().int().min(0, 'must be 0 or more days').max(60, 'must be at most 60 days'),
    subject: z.string().min(1).max(150),
    paragraphs: z.array(z.string().min(1).max(2000)).min(1).max(10),
    unlessDone: stableIdSchema.optional(),
  })
  .strict();

/**
 * What is wrong with a role's pre-boarding messages as a whole (docs/product.md#pre-boarding): an id used twice.
 * @param mails the role's `preboardingMails`
 * @returns one problem per repeated id, at the `id` of the repeat
 */
export function preboardingMailProblems(
  mails: readonly { id: string }[],
): { path: (string | number)[]; message: string }[] {
  const seen = new Set<string>();
  const problems: { path: (string | number)[]; message: string }[] = [];
  mails.forEach((mail, index) => {
    if (seen.has(mail.id))
      problems.push({
        path: ['preboardingMails', index, 'id'],
        message: `pre-boarding message id "${mail.id}" is used twice`,
      });
    seen.add(mail.id);
  });
  return problems;
}

export type FirstDay = z.infer<typeof firstDaySchema>;
export type PreboardingMail = z.infer<typeof preboardingMailSchema>;

import { z } from 'zod';
import { formAnswersBodySchema, storedAnswersSchema } from './answers-api.js';
import { easyReadSchema, formSchema, helpfulLinkSchema } from './content-schema.js';
import { preferencesSchema } from './preferences-api.js';

/**
 * The pre-boarding page's API (docs/product.md#pre-boarding): what a pre-boarding session reads and writes, under
 * `/api/preboarding`. Nothing here is anyone else's data but the names of the newcomer's lead(s) and buddy.
 */

/** The path of the pre-boarding page (server pages redirect there; the app shows it). */
export const PREBOARDING_PAGE_PATH = '/preboarding';

/** One step marked "before the first day", as the pre-boarding page shows it. */
export const preboardingStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  details: z.array(z.string()),
  tasks: z.array(z.string()),
  helpfulLinks: z.array(helpfulLinkSchema),
  footnote: z.string().optional(),
  easyRead: easyReadSchema.optional(),
  /** A form step's questions (file questions are answered after the first sign-in, not here). */
  form: formSchema.optional(),
  /** When the step was marked done before the first day (a form: when it was sent); null while not done. */
  doneAt: z.string().nullable(),
});
export type PreboardingStep = z.infer<typeof preboardingStepSchema>;

/** GET /api/preboarding answer: the page. */
export const preboardingPageSchema = z.object({
  orgName: z.string(),
  supportEmail: z.string(),
  roleLabel: z.string(),
  department: z.string(),
  /** The first day (YYYY-MM-DD). */
  startOn: z.string(),
  firstDay: z.object({
    /** HH:MM, 24-hour, in the organisation's time zone; null: to be confirmed. */
    time: z.string().nullable(),
    place: z.string().nullable(),
    callLink: z.string().nullable(),
    details: z.array(z.string()),
  }),
  /** Who meets them, by name: their department's lead(s) and their buddy (null: none chosen yet). */
  people: z.object({ leads: z.array(z.string()), buddy: z.string().nullable() }),
  steps: z.array(preboardingStepSchema),
  preferences: preferencesSchema,
  /** When the page closes (ISO time): a few days after the first day, or at the first Google sign-in. */
  endsAt: z.string(),
  /** The last day the page is open (YYYY-MM-DD), unless the first Google sign-in closes it sooner. */
  closesOn: z.string(),
  /** The organisation's date settings, to write days and times its way. */
  locale: z.string(),
  timeZone: z.string(),
});
export type PreboardingPage = z.infer<typeof preboardingPageSchema>;

/** PUT /api/preboarding/steps/:stepId body: done or not (a form step is done by sending it). */
export const putPreboardingStepBodySchema = z.object({ done: z.boolean() }).strict();

/**
 * GET /api/preboarding/steps/:stepId/form answer: the draft (answers saved, sensitive ones included: they have not
 * been sent) and whether the form was sent — never the answers sent: a sent form's sensitive answers are never read
 * back by a pre-boarding session (docs/security.md#pre-boarding).
 */
export const preboardingFormStateSchema = z.object({
  stepId: z.string(),
  draft: z.object({ answers: storedAnswersSchema, savedAt: z.string() }).nullable(),
  sentAt: z.string().nullable(),
});
export type PreboardingFormState = z.infer<typeof preboardingFormStateSchema>;

/** PUT …/form/draft and POST …/form body. */
export const preboardingFormBodySchema = formAnswersBodySchema;

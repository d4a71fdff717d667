import { z } from 'zod';

import { renamedFromSchema, stableIdSchema } from './content-ids.js';
import { contentUrlSchema } from './content-urls.js';
import {
  beforeFirstDayProblems,
  firstDaySchema,
  preboardingMailProblems,
  preboardingMailSchema,
} from './content-preboarding.js';
import { formSchema, quizKeyProblems, quizSchema } from './content-forms.js';

/**
 * The zod schema of one role configuration file (`content/roles/*.yaml`) with its scopes, steps,
 * "Scope", "Step", "Contact", "Checklist item", "Acknowledgment item", "Media item".
 *
 * See docs/product.md#roles and docs/product.md#scopes-and-steps. Every step, checklist item and acknowledgment item
 * has a stable `id` (progress is stored by id, never by index), and a scope may `include` the steps of other role
 * configurations (departments' pre-meeting scopes include the volunteer steps: docs/product.md#roles).
 */

export { APP_VERSION } from './version.js';
export * from './content-ids.js';
export * from './content-urls.js';
export * from './content-forms.js';
export * from './content-preboarding.js';
export * from './content-icons.js';

/** Step category badges (docs/product.md#roles), 'Account' being the account notice step's. */
export const STEP_CATEGORIES = [
  'Volunteer',
  'Chapters',
  'Executives',
  'External',
  'Content Creator',
  'Blog Writer',
  'Finance',
  'HR',
  'Internal',
  'Test',
  'Account',
] as const;
export type StepCategory = (typeof STEP_CATEGORIES)[number];

/** Complete button texts (docs/product.md#step-cards; 'Complete' / 'Done' are the defaults). */
export const COMPLETE_BUTTON_TEXTS = ['Complete', 'Done', 'Send', 'Sign', 'Read', 'Acknowledge', 'OK'] as const;

/** The shared-password environment variable names (docs/product.md#shared-passwords). */
export const SECRET_NAMES = [
  'CHAPTERS_PASS',
  'DESIGN_PASS',
  'WIX_PASS',
  'INSTAGRAM_PASS',
  'FINANCE_PASS',
  'HR_PASS',
  'TEST_PASS',
] as const;

const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like "#1d4ed8"');

export const helpfulLinkSchema = z.object({ text: z.string().min(1), url: contentUrlSchema }).strict();

export const contactSchema = z
  .object({
    name: z.string().min(1),
    email: z.email(),
    position: z.string().min(1),
    picture: contentUrlSchema.optional(),
    bio: z.string().optional(),
  })
  .strict();

export const checklistItemSchema = z
  .object({
    id: stableIdSchema,
    text: z.string().min(1),
    icon: z.string().optional(),
    renamedFrom: renamedFromSchema,
  })
  .strict();

export const acknowledgmentItemSchema = z
  .object({
    id: stableIdSchema,
    content: z.string().min(1),
    icon: z.string().optional(),
    renamedFrom: renamedFromSchema,
  })
  .strict();

export const MEDIA_SIZES = ['full', 'text', 'small', 'medium', 'large', 'banner', 'stretch', 'fit'] as const;

export const mediaItemSchema = z
  .object({
    type: z.enum(['youtube', 'image', 'video']),
    src: contentUrlSchema,
    alt: z.string().optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    aspectRatio: z
      .string()
      .regex(/^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/, 'must look like "16/9"')
      .default('16/9'),
    size: z.enum(MEDIA_SIZES).default('full'),
  })
  .strict();

export const stepContentSchema = z
  .object({
    details: z.array(z.string().min(1)).default([]),
    tasks: z.array(z.string().min(1)).default([]),
    helpfulLinks: z.array(helpfulLinkSchema).default([]),
    contacts: z.array(contactSchema).default([]),
    checklistHeader: z.string().optional(),
    checklist: z.array(checklistItemSchema).default([]),
    acknowledgmentHeader: z.string().optional(),
    acknowledgments: z.array(acknowledgmentItemSchema).default([]),
  })
  .strict();

/** The longest sentence of an easy-read version, in characters (docs/product.md#easy-read). */
export const EASY_READ_SENTENCE_MAX = 120;
/** The most sentences an easy-read version has. */
export const EASY_READ_SENTENCES_MAX = 20;

/**
 * One sentence of a step's easy-read version (docs/product.md#easy-read): one short sentence saying one thing, and
 * optionally a picture of it (an image asset with its alt text). A text that holds two sentences ("Open Chrome. Sign
 * in.") is refused with a message saying to split it.
 */
export const easyReadSentenceSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'write the sentence')
      .max(EASY_READ_SENTENCE_MAX, `must be a short sentence: at most ${EASY_READ_SENTENCE_MAX} characters`)
      .refine(
        (text) => !/[.!?]["'’”)]?\s+["'‘“(]?\p{Lu}/u.test(text),
        'must be one sentence saying one thing: split it into two sentences',
      ),
    picture: z
      .object({
        src: contentUrlSchema,
        alt: z
          .string()
          .trim()
          .min(1, 'a picture needs alt text: say what it shows, for people who cannot see it')
          .max(200),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * A step's easy-read version (docs/product.md#easy-read): short sentences, one thing each, shown in place of the
 * step's details and tasks to a member who chose 'Easy read'.
 */
export const easyReadSchema = z
  .array(easyReadSentenceSchema)
  .min(1, 'an easy-read version needs at least one sentence')
  .max(EASY_READ_SENTENCES_MAX, `an easy-read version has at most ${EASY_READ_SENTENCES_MAX} sentences`);

export const stepSchema = z
  .object({
    id: stableIdSchema,
    renamedFrom: renamedFromSchema,
    title: z.string().min(1),
    description: z.string().min(1),
    icon: z.string().min(1),
    iconColor: hexColorSchema.optional(),
    category: z.enum(STEP_CATEGORIES),
    completeButtonText: z.string().min(1).optional(),
    mobileCompleteButtonText: z.string().min(1).optional(),
    footnote: z.string().optional(),
    requiresScrollOrDownload: z.boolean().default(false),
    pdfUrl: contentUrlSchema.optional(),
    /**
     * The PDF at `pdfUrl` is a draft, not the final text (docs/product.md#placeholders): the viewer shows a "DRAFT"
     * banner, every signed receipt of it is stamped "DRAFT", and the admin's launch checklist lists it. Remove it
     * (and raise `version`) when the final document replaces the draft.
     */
    pdfDraft: z.boolean().optional(),
    isContactStep: z.boolean().default(false),
    isChecklistStep: z.boolean().default(false),
    isAcknowledgmentStep: z.boolean().default(false),
    envVariable: z
      .object({ name: z.enum(SECRET_NAMES), requiredRole: z.array(z.string().min(1)).min(1) })
      .strict()
      .optional(),
    image: z
      .object({ src: contentUrlSchema, alt: z.string().min(1) })
      .strict()
      .optional(),
    /**
     * The step asks for a signature: the member types their full name and confirms they have read and agree
     * before the step completes (the volunteer agreement).
     */
    signature: z.boolean().optional(),
    /**
     * The content version members agree to (default 1). Raise it for a material change: members who agreed to an
     * older version must read and agree again.
     */
    version: z.number().int().min(1).max(1_000_000).optional(),
    /** The day the current `version` was published (YYYY-MM-DD), shown as "this changed on 3 Dec". */
    versionDate: z.iso.date().optional(),
    /** What changed in the current `version`, in a sentence or two, shown to members asked to agree again. */
    versionNote: z.string().min(1).optional(),
    /** Days an agreement to this step lasts (e.g. 365 for a yearly code of conduct); then it is due again. */
    renewEveryDays: z.number().int().min(1).max(3660).optional(),
    /**
     * Days after the member's start date by which the step should be done (0 = on the start day); reminders and the
     * admin's overdue figures follow it (docs/product.md#due-dates-and-reminders). No due date when absent.
     */
    dueAfterDays: z.number().int().min(0, 'must be 0 or more days').max(365, 'must be at most 365 days').optional(),
    /** A form step: the questions it asks (docs/product.md#form-steps). It completes when the member sends it. */
    form: formSchema.optional(),
    /**
     * The step can be done before the first day, on the pre-boarding page opened from the link sent to the private
     * e-mail address (docs/product.md#pre-boarding). Only a step that reads, or asks a form without file questions.
     */
    beforeFirstDay: z.boolean().optional(),
    /** A quiz step (docs/product.md#quiz-steps). It completes when the member passes it. */
    quiz: quizSchema.optional(),
    media: z.array(mediaItemSchema).default([]),
    /**
     * The step's easy-read version (docs/product.md#easy-read): shown in place of its details and tasks to a member
     * who chose 'Easy read'. None when absent: such a member sees the standard text.
     */
    easyRead: easyReadSchema.optional(),
    content: stepContentSchema.default({
      details: [],
      tasks: [],
      helpfulLinks: [],
      contacts: [],
      checklist: [],
      acknowledgments: [],
    }),
  })
  .strict()
  .superRefine((step, ctx) => {
    if (step.isChecklistStep && step.content.checklist.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['content', 'checklist'],
        message: 'a checklist step needs at least one item',
      });
    }
    if (step.isAcknowledgmentStep && step.content.acknowledgments.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['content', 'acknowledgments'],
        message: 'an acknowledgment step needs at least one item',
      });
    }
    if (step.isContactStep && step.content.contacts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['content', 'contacts'],
        message: 'a contact step needs at least one contact',
      });
    }
    if (step.pdfDraft === true && !step.pdfUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['pdfDraft'],
        message: 'only a step with a pdfUrl can mark its PDF as a draft',
      });
    }
    if (step.form !== undefined || step.quiz !== undefined) {
      const kind = step.form !== undefined ? 'form' : 'quiz';
      const others = [
        step.form !== undefined && step.quiz !== undefined ? 'quiz' : null,
        step.isChecklistStep ? 'isChecklistStep' : null,
        step.isAcknowledgmentStep ? 'isAcknowledgmentStep' : null,
        step.requiresScrollOrDownload ? 'requiresScrollOrDownload' : null,
        step.signature === true ? 'signature' : null,
      ].filter((other) => other !== null);
      for (const other of others) {
        ctx.addIssue({
          code: 'custom',
          path: [other],
          message: `a ${kind} step completes when the member sends it, so it cannot also be a ${other} step`,
        });
      }
    }
    if (step.beforeFirstDay === true) {
      for (const problem of beforeFirstDayProblems(step)) ctx.addIssue({ code: 'custom', ...problem });
    }
    if (step.requiresScrollOrDownload && !step.pdfUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['pdfUrl'],
        message: 'a step that requires scroll or download needs a pdfUrl',
      });
    }
  });

export const scopeSchema = z
  .object({
    id: stableIdSchema,
    title: z.string().min(1),
    description: z.string().optional(),
    /**
     * Steps that come first in this scope (docs/product.md#scopes-and-steps: departments' pre-meeting scopes include
     * the volunteer steps): a role configuration key ("volunteer": all its steps) or key/scope id
     * ("external/during-call": that scope's steps).
     */
    include: z
      .array(
        z.string().regex(/^[a-z][a-z ]*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'must be a role key, or role key/scope id'),
      )
      .default([]),
    steps: z.array(stepSchema).default([]),
  })
  .strict()
  // The quiz answer key is checked here, not on the step: members receive steps without it (docs/product.md#quiz-steps).
  .superRefine((scope, ctx) => {
    scope.steps.forEach((step, i) => {
      if (step.quiz === undefined) return;
      for (const problem of quizKeyProblems(step.quiz)) {
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'quiz', ...problem.path], message: problem.message });
      }
    });
  });

/** Who does a team task (docs/product.md#team-tasks), as the newcomer's people are on their member records. */
export const TEAM_TASK_ASSIGNEES = ['lead', 'buddy', 'admins'] as const;

/**
 * When a team task's meeting is (docs/product.md#appointments): the time of day on its due day, in the organisation's
 * time zone (TIME_ZONE), and how long it lasts.
 */
export const appointmentSchema = z
  .object({
    time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/u, 'must be a time of day as HH:MM (24-hour), e.g. "10:00"'),
    durationMinutes: z
      .number()
      // multipleOf rather than int: inside the union, an int failure would only say "Invalid input".
      .multipleOf(1, 'must be whole minutes')
      .min(5, 'must be at least 5 minutes')
      .max(480, 'must be at most 480 minutes (8 hours)'),
  })
  .strict();

/**
 * Whether a team task is a meeting with the newcomer (`appointment: true`, or a time and duration).
 * @param appointment a team task's `appointment`
 */
export function isAppointment(appointment: TeamTask['appointment']): boolean {
  return appointment !== undefined && appointment !== false;
}

/**
 * A team task (docs/product.md#team-tasks): work that people around a newcomer do for them (the lead books a welcome
 * call, the buddy says hello, an admin creates the Google account), created once for each member of the role when
 * they have a start date.
 */
export const teamTaskSchema = z
  .object({
    id: stableIdSchema,
    /** The id it has in the published version, set by the studio when the id changes (docs/product.md#renaming-a-step). */
    renamedFrom: renamedFromSchema,
    title: z.string().min(1),
    description: z.string().min(1),
    /**
     * Who does it: `lead` (the lead(s) of the newcomer's department), `buddy` (the newcomer's buddy), `admins` (any
     * admin), or `{ members: [e-mail, …] }` (named members).
     */
    who: z.union([
      z.enum(TEAM_TASK_ASSIGNEES),
      z.object({ members: z.array(z.email()).min(1, 'name at least one member by e-mail address') }).strict(),
    ]),
    /** Days after the newcomer's start date it is due (negative: before it; 0: on the start day). */
    dueAfterDays: z
      .number()
      .int()
      .min(-90, 'must be at most 90 days before the start date')
      .max(365, 'must be at most 365 days after the start date'),
    /**
     * The task is a meeting with the newcomer (a welcome call, docs/product.md#appointments): `true`, or
     * `{ time: "HH:MM", durationMinutes }` — then its due-day e-mail carries a calendar invitation for that time.
     */
    appointment: z.union([z.boolean(), appointmentSchema]).optional(),
  })
  .strict();

export const roleColorsSchema = z
  .object({
    baseColor: hexColorSchema,
    secondaryColor: hexColorSchema.optional(),
    gradientStartColor: hexColorSchema.optional(),
  })
  .strict();

/**
 * One role configuration file (docs/product.md#roles). `key` is lower case; `aliases` are matched case-insensitively.
 */
export const roleConfigurationSchema = z
  .object({
    key: z
      .string()
      .min(1)
      .regex(/^[a-z][a-z ]*$/, 'must be lower-case letters and spaces, e.g. "blog writer"'),
    /**
     * The key the role has in the published version, set by the studio when an editor changes the key of a published
     * role (docs/product.md#renaming-a-step): publishing moves members' role and the team tasks made for them to the
     * new key and removes the mark.
     */
    renamedFrom: z
      .string()
      .regex(/^[a-z][a-z ]*$/, 'must be lower-case letters and spaces, e.g. "blog writer"')
      .optional(),
    displayName: z.string().min(1),
    version: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/, 'must look like "1.0"'),
    isDepartment: z.boolean().default(false),
    /**
     * The admin's Role lists (invite, member page, filters) offer this role (docs/product.md#roles). `false` for a role
     * meant only to be inherited (common), for the demo (test), for shared accounts or as the fallback (default): a
     * coordinator cannot give it to a person by mistake.
     */
    offered: z.boolean().default(true),
    parentDepartment: z.string().nullable().default(null),
    icon: z.string().min(1),
    colors: roleColorsSchema,
    inherits: z.array(z.string().min(1)).default([]),
    aliases: z.array(z.string().min(1)).default([]),
    scopes: z.array(scopeSchema).default([]),
    /** Work the people around a newcomer of this role do (docs/product.md#team-tasks). */
    teamTasks: z.array(teamTaskSchema).default([]),
    /** The first day of this role's newcomers (docs/product.md#pre-boarding); else the first one of a role it inherits. */
    firstDay: firstDaySchema.optional(),
    /** Messages to a newcomer's private address before their first day (docs/product.md#pre-boarding). */
    preboardingMails: z.array(preboardingMailSchema).optional(),
  })
  .strict()
  .superRefine((role, ctx) => {
    const seen = new Set<string>();
    role.teamTasks.forEach((task, index) => {
      if (seen.has(task.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['teamTasks', index, 'id'],
          message: `team task id "${task.id}" is used twice`,
        });
      }
      seen.add(task.id);
    });
    for (const problem of preboardingMailProblems(role.preboardingMails ?? []))
      ctx.addIssue({ code: 'custom', ...problem });
  });

export type HelpfulLink = z.infer<typeof helpfulLinkSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export type AcknowledgmentItem = z.infer<typeof acknowledgmentItemSchema>;
export type MediaItem = z.infer<typeof mediaItemSchema>;
export type EasyReadSentence = z.infer<typeof easyReadSentenceSchema>;
export type Step = z.infer<typeof stepSchema>;
export type TeamTask = z.infer<typeof teamTaskSchema>;
export type Scope = z.infer<typeof scopeSchema>;
export type RoleColors = z.infer<typeof roleColorsSchema>;
export type RoleConfiguration = z.infer<typeof roleConfigurationSchema>;

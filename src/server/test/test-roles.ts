import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';
import { safeguardingQuiz } from '../../shared/test-quiz.js';
import { createTestCatalog } from './test-app.js';

/**
 * The role configurations the server tests build their catalogs from: one role, `volunteer` (version 1.0), with the
 * steps and team tasks a test is about. Parsed with the content schema, as the server reads content.
 */

/** The volunteer role around `scopes` and any further settings (e.g. `teamTasks`); throws ZodError when invalid. */
function volunteerRole(scopes: readonly unknown[], more: Record<string, unknown> = {}): RoleConfiguration {
  return roleConfigurationSchema.parse({
    key: 'volunteer',
    displayName: 'Volunteer',
    version: '1.0',
    icon: 'HeartHandshake',
    colors: { baseColor: '#15803d' },
    scopes,
    ...more,
  });
}

/**
 * A catalog of one role, `volunteer` (version 1.0), with one scope whose steps are "Say hello" (`say-hello`) and then
 * `steps`: the set-up of the tests about a form or quiz step (answers, retakes, form files, quiz insights).
 * @param steps the further steps, as a role configuration writes them (parsed with its schema)
 * @param scope the scope's id and title (default `pre-meeting`, "Before your first meeting")
 * @throws ZodError when a step is not a valid step
 */
export function volunteerCatalog(
  steps: readonly unknown[],
  scope: { id: string; title: string } = { id: 'pre-meeting', title: 'Before your first meeting' },
): RoleCatalog {
  return createRoleCatalog([
    volunteerRole([
      {
        ...scope,
        steps: [
          { id: 'say-hello', title: 'Say hello', description: 'Hello.', icon: 'User', category: 'Volunteer' },
          ...steps,
        ],
      },
    ]),
  ]);
}

/**
 * A form step that may be sent again and changed, "<title>" (`id`) with the questions `fields`, as a role configuration
 * writes it, for {@link volunteerCatalog}.
 * @param id the step's id
 * @param title its title
 * @param fields its questions, as a role configuration writes them
 */
export const formStep = (id: string, title: string, fields: readonly unknown[]) => ({
  id,
  title,
  description: `${title}.`,
  icon: 'Heart',
  category: 'Volunteer',
  form: { allowChanges: true, fields },
});

/**
 * A form step of one question, sent once (no changes after): "One question" (`final-form`), its question `tshirt`
 * ("T-shirt size", short text). As a role configuration writes it, for {@link volunteerCatalog}.
 */
export const FINAL_FORM_STEP = {
  id: 'final-form',
  title: 'One question',
  description: 'Once.',
  icon: 'User',
  category: 'Volunteer',
  form: { fields: [{ id: 'tshirt', kind: 'short-text', label: 'T-shirt size' }] },
} as const;

/**
 * A quiz step of one question and two tries, passed with every answer right: "Safeguarding quiz"
 * (`safeguarding-quiz`), question `who` with the right answer `lead` and the wrong `nobody`. As a role configuration
 * writes it, for {@link volunteerCatalog}.
 */
export const SAFEGUARDING_QUIZ_STEP = {
  id: 'safeguarding-quiz',
  title: 'Safeguarding quiz',
  description: 'Check.',
  icon: 'ClipboardCheck',
  category: 'Volunteer',
  quiz: safeguardingQuiz(2),
} as const;

/**
 * A plain step of the volunteer role, as a role configuration writes it: "<title>." as its description, one detail
 * ("How to <title, lower case>.") and one task ("<title>.").
 * @param id the step's id
 * @param title its title
 * @param dueAfterDays days after the start date it is due (none by default)
 */
export const plainStep = (id: string, title: string, dueAfterDays?: number) => ({
  id,
  title,
  description: `${title}.`,
  icon: 'User',
  category: 'Volunteer',
  ...(dueAfterDays === undefined ? {} : { dueAfterDays }),
  content: { details: [`How to ${title.toLowerCase()}.`], tasks: [`${title}.`] },
});

/**
 * The volunteer role (version 1.0) with one scope, "Getting started" (`getting-started`), of `steps`: the set-up of the
 * tests about reminders, adjustments, pre-boarding messages and team tasks.
 * @param steps the scope's steps, as a role configuration writes them (e.g. {@link plainStep})
 * @param more further settings of the role (e.g. `teamTasks`, `preboardingMails`)
 * @throws ZodError when a step or setting is not valid
 */
export const gettingStartedRole = (steps: readonly unknown[], more: Record<string, unknown> = {}): RoleConfiguration =>
  volunteerRole([{ id: 'getting-started', title: 'Getting started', steps }], more);

/** A catalog of {@link gettingStartedRole} alone. */
export const gettingStartedCatalog = (...args: Parameters<typeof gettingStartedRole>): RoleCatalog =>
  createRoleCatalog([gettingStartedRole(...args)]);

/**
 * The role of the tests about team tasks (docs/product.md#team-tasks), who starts an onboarding and Google Workspace
 * accounts: {@link gettingStartedRole} of one {@link plainStep} ("Set up Slack", `set-up-slack`, unless `step` says
 * otherwise) and `teamTasks`.
 * @param teamTasks the role's team tasks, as a role configuration writes them
 * @param step the one step's id, title and `dueAfterDays` (none by default)
 * @throws ZodError when a task is not a valid team task
 */
export function teamTaskRole(
  teamTasks: readonly unknown[],
  step: { id?: string; title?: string; dueAfterDays?: number } = {},
): RoleConfiguration {
  const { id = 'set-up-slack', title = 'Set up Slack', dueAfterDays } = step;
  return gettingStartedRole([plainStep(id, title, dueAfterDays)], { teamTasks });
}

/** A catalog of {@link teamTaskRole} alone. */
export const teamTaskCatalog = (...args: Parameters<typeof teamTaskRole>): RoleCatalog =>
  createRoleCatalog([teamTaskRole(...args)]);

/**
 * An acknowledgment step, "Our values" (`our-values`): one detail and two items to tick, `inclusion` ("I will include
 * everyone.") and `integrity` ("I will act with integrity."). As a role configuration writes it, for
 * {@link testRoleCatalog}.
 */
export const VALUES_STEP = {
  id: 'our-values',
  title: 'Our values',
  description: 'Acknowledgments.',
  icon: 'Heart',
  category: 'Test',
  isAcknowledgmentStep: true,
  content: {
    details: ['We treat each other with respect.'],
    acknowledgments: [
      { id: 'inclusion', content: 'I will include everyone.' },
      { id: 'integrity', content: 'I will act with integrity.' },
    ],
  },
} as const;

/**
 * A document step, "Read the handbook" (`read-handbook`): its PDF (`/content/handbook.pdf`) read to the end or
 * downloaded completes it. As a role configuration writes it, for {@link testRoleCatalog}.
 */
export const HANDBOOK_STEP = {
  id: 'read-handbook',
  title: 'Read the handbook',
  description: 'Read it to the end.',
  icon: 'BookOpen',
  category: 'Test',
  requiresScrollOrDownload: true,
  pdfUrl: '/content/handbook.pdf',
} as const;

/**
 * The agreement step, "Sign the Volunteer Agreement" (`sign-agreement`): its PDF (`/content/agreement.pdf`) read to
 * the end, then signed (docs/product.md#signed-acknowledgments). As a role configuration writes it, for {@link testRoleCatalog}.
 * @param more settings to add or replace (e.g. `version`, `pdfDraft`, `content`)
 */
export const agreementStep = (more: Record<string, unknown> = {}) => ({
  id: 'sign-agreement',
  title: 'Sign the Volunteer Agreement',
  description: 'Read and sign.',
  icon: 'Pen',
  category: 'Test',
  completeButtonText: 'Sign',
  requiresScrollOrDownload: true,
  pdfUrl: '/content/agreement.pdf',
  signature: true,
  ...more,
});

/**
 * The server-test catalog ({@link createTestCatalog}: volunteer, finance) and a `test` role (version 1.0) whose first
 * scope, "Step examples" (`examples`), holds `steps`: the set-up of the tests about the kinds of steps (checklists,
 * acknowledgments, agreements, progress). The test role is given to a person with signInWithRole (test-members.ts).
 * @param steps the scope's steps, as a role configuration writes them
 * @param laterScopes further scopes after it
 * @throws ZodError when a step or scope is not valid
 */
export function testRoleCatalog(steps: readonly unknown[], laterScopes: readonly unknown[] = []): RoleCatalog {
  const test = roleConfigurationSchema.parse({
    key: 'test',
    displayName: 'Test',
    version: '1.0',
    icon: 'Microscope',
    colors: { baseColor: '#6d28d9' },
    scopes: [{ id: 'examples', title: 'Step examples', steps }, ...laterScopes],
  });
  return createRoleCatalog([...createTestCatalog().values(), test]);
}

import { roleConfigurationSchema, type RoleConfiguration } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';

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
 * The role of the tests about team tasks (docs/product.md#team-tasks), who starts an onboarding and Google Workspace
 * accounts: `volunteer` with one scope, "Getting started", of one step ("Set up Slack", `set-up-slack`, unless `step`
 * says otherwise) and `teamTasks`.
 * @param teamTasks the role's team tasks, as a role configuration writes them
 * @param step the one step's id, title and `dueAfterDays` (none by default)
 * @throws ZodError when a task is not a valid team task
 */
export function teamTaskRole(
  teamTasks: readonly unknown[],
  step: { id?: string; title?: string; dueAfterDays?: number } = {},
): RoleConfiguration {
  const { id = 'set-up-slack', title = 'Set up Slack', dueAfterDays } = step;
  return volunteerRole(
    [
      {
        id: 'getting-started',
        title: 'Getting started',
        steps: [
          {
            id,
            title,
            description: `${title}.`,
            icon: 'User',
            category: 'Volunteer',
            ...(dueAfterDays === undefined ? {} : { dueAfterDays }),
            content: { details: ['How.'], tasks: ['Do it.'] },
          },
        ],
      },
    ],
    { teamTasks },
  );
}

/** A catalog of {@link teamTaskRole} alone. */
export const teamTaskCatalog = (...args: Parameters<typeof teamTaskRole>): RoleCatalog =>
  createRoleCatalog([teamTaskRole(...args)]);

import { roleConfigurationSchema } from '../../shared/content-schema.js';
import { createRoleCatalog, type RoleCatalog } from '../../shared/roles.js';

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
    roleConfigurationSchema.parse({
      key: 'volunteer',
      displayName: 'Volunteer',
      version: '1.0',
      icon: 'HeartHandshake',
      colors: { baseColor: '#15803d' },
      scopes: [
        {
          ...scope,
          steps: [
            { id: 'say-hello', title: 'Say hello', description: 'Hello.', icon: 'User', category: 'Volunteer' },
            ...steps,
          ],
        },
      ],
    }),
  ]);
}

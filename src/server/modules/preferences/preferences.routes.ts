import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PREFERENCES_PATH } from '../../../shared/preferences.js';
import { preferencesSchema } from '../../../shared/preferences-api.js';
import { requireUser, signedInUser, type SessionDeps } from '../../plugins/sessions.js';
import { preferencesOf, savePreferences } from './preferences.repository.js';

/**
 * The signed-in member's reading and display preferences (docs/product.md#reading-and-display; API in
 * src/shared/preferences-api.ts): GET answers the saved ones or the defaults, PUT saves all of them. A role preview
 * changes nothing here: preferences belong to the person, not to the role they look at.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<Pick<SessionDeps, 'db' | 'now'>> = async (app, { db, now }) => {
  app.get(
    PREFERENCES_PATH,
    { preValidation: requireUser, schema: { response: { 200: preferencesSchema } } },
    async function getMePreferences(request) {
      return preferencesOf(db, signedInUser(request).id);
    },
  );

  app.put(
    PREFERENCES_PATH,
    { preValidation: requireUser, schema: { body: preferencesSchema, response: { 200: preferencesSchema } } },
    async function putMePreferences(request) {
      return savePreferences(db, signedInUser(request).id, request.body, now());
    },
  );
};

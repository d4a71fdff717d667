import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberEmailParamsSchema } from '../../../shared/admin-api.js';
import { apiErrorSchema } from '../../../shared/api.js';
import { directoryFindingsSchema, memberDirectoryStateSchema } from '../../../shared/workspace-directory-api.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-errors.js';
import { apiError } from '../../plugins/error-handler.js';
import { requirePermission } from '../permissions/index.js';
import { directoryFindings, leftInGoogle } from './directory-read.js';
import type { DirectoryReader } from './directory-reader.js';

/** What the directory routes need. */
export interface DirectoryRoutesOptions {
  db: Database;
  /** The periodic read, when a directory is configured. */
  reader: DirectoryReader | undefined;
  /** The organisation's time zone: the day someone left is a day there. */
  timeZone: string;
  now: () => Date;
}

/** The 409 of 'Read now' without a directory. */
export const NO_DIRECTORY_MESSAGE =
  'No Google Workspace directory is set up, so there is nothing to read: whoever runs the server sets it up first (docs/operations.md#google-workspace).';

/**
 * What the periodic directory read found (docs/product.md#who-left-in-google-workspace; shapes in
 * src/shared/workspace-directory-api.ts), admins only (`members:write`: 401 anonymous, 403 otherwise, leads included).
 */
export const directoryRoutes: FastifyPluginAsyncZod<DirectoryRoutesOptions> = async (
  app,
  { db, reader, timeZone, now },
) => {
  const when = () => ({ now: now(), timeZone });
  app.addHook('onRequest', requirePermission('members:write'));

  app.get(
    '/api/admin/workspace/directory',
    { schema: { response: { 200: directoryFindingsSchema } } },
    async function getAdminWorkspaceDirectory() {
      return directoryFindings(db, reader !== undefined, when());
    },
  );

  app.post(
    '/api/admin/workspace/directory/read',
    { schema: { response: { 200: directoryFindingsSchema, 502: apiErrorSchema, 503: apiErrorSchema } } },
    async function postAdminWorkspaceDirectoryRead(request, reply) {
      if (reader === undefined) throw new HttpError(409, NO_DIRECTORY_MESSAGE);
      const outcome = await reader.runNow();
      if (outcome !== null && !outcome.ok) {
        // Google's failure, said as it is (the error handler would hide a 5xx's message): what happened, what to do.
        const status = outcome.failure === 'unavailable' ? 503 : 502;
        if (status === 503) reply.header('Retry-After', '60');
        return reply.code(status).send(apiError(status, outcome.problem));
      }
      return directoryFindings(db, true, when());
    },
  );

  app.get(
    '/api/admin/members/:email/directory',
    { schema: { params: memberEmailParamsSchema, response: { 200: memberDirectoryStateSchema } } },
    async function getAdminMembersByEmailDirectory(request) {
      const [found] = await leftInGoogle(db, when(), request.params.email.toLowerCase());
      return { leftInGoogle: found ?? null };
    },
  );
};

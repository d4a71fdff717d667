import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, healthSchema } from '../../../shared/api.js';
import type { Database } from '../../db/client.js';
import {
  apiError,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseTimeout,
  isDatabaseUnavailable,
} from '../../plugins/error-handler.js';

/**
 * GET /api/health → `{ status: 'ok', database: 'ok' }` after a `select 1` (for load balancers and start-up checks).
 * A database that does not answer within DATABASE_TIMEOUT_SECONDS gives 503 "The database is not answering within N s."
 * with `Retry-After`; one that cannot be reached 503 (plugins/error-handler.ts); another failure a 500
 * (docs/architecture.md#database-unavailable).
 * @param options.databaseTimeoutSeconds the time limit named in the answer
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; databaseTimeoutSeconds: number }> = async (
  app,
  { db, databaseTimeoutSeconds },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: apiErrorSchema } } },
    async function getHealth(request, reply) {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || !isDatabaseTimeout(error)) throw error;
        request.log.warn({ err: error }, 'the database is not answering');
        return reply
          .code(503)
          .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(
            apiError(
              503,
              `The database is not answering within ${databaseTimeoutSeconds} s. Please try again in a moment.`,
            ),
          );
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};

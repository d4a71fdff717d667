import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/api.js';
import type { Database } from '../../db/client.js';

/**
 * GET /api/health → `{ status: 'ok', database: 'ok' }` after a `select 1` (for load balancers and start-up checks).
 * A database that cannot be reached gives 503 (plugins/error-handler.ts); another database failure a 500.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, database: 'ok' as const };
  });
};

import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupParamsSchema,
  backupSchema,
  backupsOverviewSchema,
  type BackupsOverview,
} from '../../../shared/backups-api.js';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http-errors.js';
import { requirePermission } from '../permissions/index.js';
import { recordAudit } from '../audit/index.js';
import { POSTGRES_BACKUP_MESSAGE, type BackupInfo, type BackupService } from './backups.js';

/** What the backup routes need. */
export interface BackupRoutesOptions {
  db: Database;
  backups: BackupService;
}

const shown = (backup: BackupInfo) => ({
  name: backup.name,
  createdAt: backup.createdAt.toISOString(),
  bytes: backup.bytes,
});

/**
 * The admin console's backups (modules/backups/backups.ts). Every route: 401 anonymous, 403 non-admin.
 * - GET /api/admin/backups → the backups and the schedule, or `available: false` and what to do on PostgreSQL.
 * - POST /api/admin/backups → 201 with the new backup; 409 on PostgreSQL. Audited as 'backup'.
 * - GET /api/admin/backups/:name → the file as an attachment; 404 when there is none of that name. Audited as
 *   'backup-download'. A download another site started (a link, a navigation) is refused 403.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { db, backups }) => {
  app.addHook('onRequest', requirePermission('backups:manage'));
  const actorOf = (user: { id: string; email: string } | null) => ({
    actorUserId: user?.id ?? null,
    actorEmail: user?.email ?? null,
  });

  app.get(
    '/api/admin/backups',
    { schema: { response: { 200: backupsOverviewSchema } } },
    async (): Promise<BackupsOverview> => {
      if (!backups.available || backups.directory === undefined)
        return { available: false, message: POSTGRES_BACKUP_MESSAGE };
      return { available: true, directory: backups.directory, ...backups.settings, backups: backups.list().map(shown) };
    },
  );

  app.post('/api/admin/backups', { schema: { response: { 201: backupSchema } } }, async (request, reply) => {
    if (!backups.available) throw new HttpError(409, POSTGRES_BACKUP_MESSAGE);
    const backup = await backups.create();
    await recordAudit(db, {
      kind: 'backup',
      outcome: 'ok',
      ...actorOf(request.user),
      subject: backup.name,
      details: { bytes: backup.bytes },
    });
    return reply.code(201).send(shown(backup));
  });

  // A download writes an audit entry: another site must not start one (plugins/same-origin.ts).
  app.get(
    '/api/admin/backups/:name',
    { config: { ownSiteOnly: true }, schema: { params: backupParamsSchema } },
    async (request, reply) => {
      if (!backups.available) throw new HttpError(409, POSTGRES_BACKUP_MESSAGE);
      const file = backups.pathOf(request.params.name);
      if (file === undefined)
        throw notFound(`There is no backup named ${request.params.name}; it may have been pruned.`);
      await recordAudit(db, {
        kind: 'backup-download',
        outcome: 'ok',
        ...actorOf(request.user),
        subject: request.params.name,
      });
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
};

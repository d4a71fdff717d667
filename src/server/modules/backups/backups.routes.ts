import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupParamsSchema,
  backupSchema,
  backupsOverviewSchema,
  confirmsRestore,
  restoreConfirmationOf,
  restoreRequestSchema,
  restoreResultSchema,
  type BackupsOverview,
  type RestoreResult,
} from '../../../shared/backups-api.js';
import { DEFAULT_DATE_SETTINGS, type DateSettings } from '../../../shared/dates.js';
import type { PublishedContent } from '../../content/published-content.js';
import type { Database } from '../../db/client.js';
import { HttpError, notFound } from '../../http-errors.js';
import { requirePermission } from '../permissions/index.js';
import { recordAudit } from '../audit/index.js';
import { NotABackupError } from './backup-file.js';
import { COPY_FAILED_ADVICE, readCopyStatus } from './backup-copies.js';
import { POSTGRES_BACKUP_MESSAGE, type BackupInfo, type BackupService } from './backups.js';
import { RestoreError } from './restore.js';

/** What the backup routes need. */
export interface BackupRoutesOptions {
  db: Database;
  backups: BackupService;
  /** The served content: it switches to the restored content after a restore. */
  content?: Pick<PublishedContent, 'reload'>;
  /**
   * The organisation's way of writing dates (LOCALE, TIME_ZONE): the typed confirmation of a restore is the backup's
   * date and time written so (docs/product.md#dates-and-times); default en-GB, Europe/London.
   */
  dateSettings?: DateSettings;
}

const shown = (backup: BackupInfo) => ({
  name: backup.name,
  createdAt: backup.createdAt.toISOString(),
  bytes: backup.bytes,
  beforeRestore: backup.beforeRestore,
});

/**
 * The admin console's backups (modules/backups/backups.ts). Every route: 401 anonymous, 403 non-admin.
 * - GET /api/admin/backups → the backups and the schedule, or `available: false` and what to do on PostgreSQL.
 * - POST /api/admin/backups → 201 with the new backup; 409 on PostgreSQL. Audited as 'backup'.
 * - GET /api/admin/backups/:name → the file as an attachment; 404 when there is none of that name. Audited as
 *   'backup-download'. A download another site started (a link, a navigation) is refused 403.
 * - POST /api/admin/backups/:name/restore `{ confirmation }` → restores the backup into the running database after a
 *   safety backup (docs/operations.md#backups): 200 with both backups; 400 when the confirmation is not the backup's
 *   date; 404 unknown backup; 409 on PostgreSQL or while another restore runs; 422 when the backup cannot be
 *   restored (nothing changed). Audited as 'backup-restore' (who, which backup, the safety backup), also when refused
 *   after the safety backup was taken.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (
  app,
  { db, backups, content, dateSettings = DEFAULT_DATE_SETTINGS },
) => {
  app.addHook('onRequest', requirePermission('backups:manage'));
  const actorOf = (user: { id: string; email: string } | null) => ({
    actorUserId: user?.id ?? null,
    actorEmail: user?.email ?? null,
  });

  app.get(
    '/api/admin/backups',
    { schema: { response: { 200: backupsOverviewSchema } } },
    async function getAdminBackups(): Promise<BackupsOverview> {
      if (!backups.available || backups.directory === undefined)
        return { available: false, message: POSTGRES_BACKUP_MESSAGE };
      const copy = readCopyStatus(backups.directory);
      return {
        available: true,
        directory: backups.directory,
        everyHours: backups.settings.everyHours,
        keepDaily: backups.settings.keepDaily,
        keepWeekly: backups.settings.keepWeekly,
        backups: backups.list().map(shown),
        ...(copy === undefined ? {} : { copy: { ...copy, advice: COPY_FAILED_ADVICE } }),
      };
    },
  );

  app.post(
    '/api/admin/backups',
    { schema: { response: { 201: backupSchema } } },
    async function postAdminBackups(request, reply) {
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
    },
  );

  // A download writes an audit entry: another site must not start one (plugins/same-origin.ts).
  app.get(
    '/api/admin/backups/:name',
    { config: { ownSiteOnly: true }, schema: { params: backupParamsSchema } },
    async function getAdminBackupsByName(request, reply) {
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

  app.post(
    '/api/admin/backups/:name/restore',
    {
      config: { ownSiteOnly: true },
      schema: { params: backupParamsSchema, body: restoreRequestSchema, response: { 200: restoreResultSchema } },
    },
    async function postAdminBackupsByNameRestore(request): Promise<RestoreResult> {
      if (!backups.available) throw new HttpError(409, POSTGRES_BACKUP_MESSAGE);
      const { name } = request.params;
      const backup = backups.list().find((b) => b.name === name);
      if (backup === undefined) throw notFound(`There is no backup named ${name}; it may have been pruned.`);
      const createdAt = backup.createdAt.toISOString();
      const expected = restoreConfirmationOf(createdAt, dateSettings);
      if (!confirmsRestore(request.body.confirmation, createdAt, dateSettings)) {
        throw new HttpError(
          400,
          `Nothing was restored: to confirm, type the backup's date and time ${expected} exactly as shown.`,
        );
      }
      let result;
      try {
        result = await backups.restore(name);
      } catch (error) {
        if (error instanceof RestoreError || error instanceof NotABackupError) {
          await recordAudit(db, {
            kind: 'backup-restore',
            outcome: 'refused',
            ...actorOf(request.user),
            subject: name,
            reason: error.message.slice(0, 500),
          });
          const busy = error instanceof RestoreError && error.message.startsWith('A restore is already running');
          throw new HttpError(busy ? 409 : 422, `Nothing was restored. ${error.message}`);
        }
        throw error;
      }
      await content?.reload();
      await recordAudit(db, {
        kind: 'backup-restore',
        outcome: 'ok',
        ...actorOf(request.user),
        subject: name,
        details: { safetyBackup: result.safety.name },
      });
      return {
        restored: shown(backup),
        safetyBackup: shown(result.safety),
        message:
          `Restored the backup of ${expected}. What there was just before is kept as the backup ` +
          `${result.safety.name}: restore that one to undo this.`,
      };
    },
  );
};

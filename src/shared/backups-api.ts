import { z } from 'zod';
import { DEFAULT_DATE_SETTINGS, formatDateTime, type DateSettings } from './dates.js';

/**
 * The admin console's backups API: GET /api/admin/backups lists them, POST /api/admin/backups takes one now,
 * GET /api/admin/backups/:name downloads one, POST /api/admin/backups/:name/restore restores one (embedded database
 * only, docs/operations.md#backups). Admin-only (401 without a session, 403 for anyone else).
 */

/** One backup file. */
export const backupSchema = z.object({
  name: z.string(),
  /** ISO 8601 time it was taken. */
  createdAt: z.string(),
  /** Size in bytes. */
  bytes: z.number().int().nonnegative(),
  /** True for the safety backup taken just before a restore (its name ends in `-before-restore.backup`). */
  beforeRestore: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

/**
 * GET /api/admin/backups: on the embedded database the backups (newest first) and the schedule; on PostgreSQL
 * `available: false` and what to use instead.
 */
export const backupsOverviewSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    /** The backups folder on the server. */
    directory: z.string(),
    /** Hours between scheduled backups; 0 = none scheduled. */
    everyHours: z.number().int().nonnegative(),
    keepDaily: z.number().int().nonnegative(),
    keepWeekly: z.number().int().nonnegative(),
    backups: z.array(backupSchema),
    /** The last copy off the data disk (BACKUP_COPY_DIR, BACKUP_S3_BUCKET); absent when none was made yet. */
    copy: z
      .object({
        at: z.string(),
        backup: z.string(),
        outcomes: z.array(z.object({ target: z.string(), ok: z.boolean(), error: z.string().optional() })),
        /** What to do when a copy failed. */
        advice: z.string(),
      })
      .optional(),
  }),
  z.object({ available: z.literal(false), message: z.string() }),
]);
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

/** The names backups have; anything else is not a backup (400). */
export const backupNameSchema = z
  .string()
  .regex(
    /^onboarding-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-before-restore)?\.backup$/,
    'must be the name of a backup file',
  );

/** GET /api/admin/backups/:name parameters. */
export const backupParamsSchema = z.object({ name: backupNameSchema });

/**
 * What an admin types to confirm a restore: the backup's date and time to the minute as the organisation writes them
 * (docs/product.md#dates-and-times: the title of the restore dialog shows it the same way), so two backups of one day
 * cannot be confused (docs/operations.md#backups).
 * @param createdAt the backup's ISO 8601 time
 * @param settings the organisation's locale and time zone
 * @returns e.g. `6 Dec 2026, 21:26`
 */
export const restoreConfirmationOf = (createdAt: string, settings: DateSettings = DEFAULT_DATE_SETTINGS): string =>
  formatDateTime(createdAt, settings);

/**
 * Whether what an admin typed is the backup's confirmation ({@link restoreConfirmationOf}): case, commas and spaces
 * around and between the words aside.
 * @param typed what was typed
 * @param createdAt the backup's ISO 8601 time
 * @param settings the organisation's locale and time zone
 */
export function confirmsRestore(
  typed: string,
  createdAt: string,
  settings: DateSettings = DEFAULT_DATE_SETTINGS,
): boolean {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s,]+/gu, ' ')
      .trim();
  return norm(typed) === norm(restoreConfirmationOf(createdAt, settings));
}

/** POST /api/admin/backups/:name/restore body. */
export const restoreRequestSchema = z.object({
  /** The backup's date and time, typed by the admin ({@link restoreConfirmationOf}; checked by {@link confirmsRestore}). */
  confirmation: z.string().max(100),
});
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/** POST /api/admin/backups/:name/restore answer. */
export const restoreResultSchema = z.object({
  restored: backupSchema,
  /** The backup of what there was just before, taken first. */
  safetyBackup: backupSchema,
  /** What happened, in plain words, for the admin. */
  message: z.string(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

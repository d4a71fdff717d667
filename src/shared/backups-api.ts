import { z } from 'zod';

/**
 * The admin console's backups API: GET /api/admin/backups lists them, POST /api/admin/backups takes one now,
 * GET /api/admin/backups/:name downloads one. Admin-only (401 without a session, 403 for anyone else).
 */

/** One backup file. */
export const backupSchema = z.object({
  name: z.string(),
  /** ISO 8601 time it was taken. */
  createdAt: z.string(),
  /** Size in bytes. */
  bytes: z.number().int().nonnegative(),
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
  }),
  z.object({ available: z.literal(false), message: z.string() }),
]);
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

/** The names backups have; anything else is not a backup (400). */
export const backupNameSchema = z
  .string()
  .regex(/^onboarding-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup$/, 'must be the name of a backup file');

/** GET /api/admin/backups/:name parameters. */
export const backupParamsSchema = z.object({ name: backupNameSchema });

/** Backups of the embedded database: the module's one public file; other modules import only this. */
export { BACKUP_CHECK_INTERVAL_MS, createBackupService, listBackups, type BackupService } from './backups.js';
export { backupRoutes } from './backups.routes.js';
export { COPY_FAILED_ADVICE, copyTargetsOf, readCopyStatus, type CopyStatus } from './backup-copies.js';

/** Backups of the embedded database: the module's one public file; other modules import only this. */
export { createBackupService, type BackupService } from './backups.js';
export { backupRoutes } from './backups.routes.js';

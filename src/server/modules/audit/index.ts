/** The audit log: the module's one public file; other modules import only this. */
export { listAudit, recordAudit, type AuditEntry, type AuditKind, type AuditRow } from './audit.repository.js';

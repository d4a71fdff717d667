/** Reminders and digests by e-mail (docs/product.md#due-dates-and-reminders): the module's one public file; other modules import only this. */
export { MailWorker } from './mail-worker.js';
export { mailRoutes } from './mail.routes.js';
export { FIRST_DAYS_WITHOUT_REMINDERS, planWelcomes } from './planner.js';
export { planPreboardingLinkMails } from './preboarding-mails.js';
export { updateSchedule } from './schedules.repository.js';
export { outboxOnlyTransport, smtpTransport, type MailTransport } from './sender.js';
export { planWorkspacePassword } from './workspace-password-mail.js';

import { z } from 'zod';

/**
 * The admin console's launch checklist (docs/product.md#launch-checklist): the checks of `npm run doctor` and of the
 * content, in plain language, each with what to do. Admin only (401 without a session, 403 for anyone else).
 *
 * - GET /api/admin/launch-checklist/state → whether this admin hid the checklist (quick: decides the first page).
 * - PUT /api/admin/launch-checklist/state `{ dismissed }` → hides it, or shows it again (audited).
 * - GET /api/admin/launch-checklist → the checks (a few seconds: Google's discovery document, the mail server).
 * - POST /api/admin/launch-checklist/test-message → sends a test message to the admin's own address through SMTP_URL
 *   and answers with the e-mail check's result.
 */

/** `ok`: ready; `warning`: works, worth a look before launch; `problem`: broken; `skipped`: does not apply. */
export const launchCheckStatusSchema = z.enum(['ok', 'warning', 'problem', 'skipped']);
export type LaunchCheckStatus = z.infer<typeof launchCheckStatusSchema>;

/** The checks, in the order shown. */
export const LAUNCH_CHECK_IDS = [
  'google',
  'workspace',
  'mail',
  'proxy',
  'backups',
  'admins',
  'support-address',
  'placeholders',
  'drafts',
] as const;
export type LaunchCheckId = (typeof LAUNCH_CHECK_IDS)[number];

/** A place in the content studio: one field of one role's content. */
export const studioLinkSchema = z.object({
  /** What is there, e.g. "Volunteer › Meet your team › Contact 2 name: Director of Finance — name to be added". */
  text: z.string(),
  /** The studio's address of the field (`/admin/studio?role=…&field=…`). */
  href: z.string(),
});
export type StudioLink = z.infer<typeof studioLinkSchema>;

/** One check, in plain language. */
export const launchCheckSchema = z.object({
  id: z.enum(LAUNCH_CHECK_IDS),
  title: z.string(),
  status: launchCheckStatusSchema,
  /** What was found, for someone who does not run the server. */
  summary: z.string(),
  /** What to do, when something needs doing. */
  todo: z.string().optional(),
  /** For whoever runs the server: what `npm run doctor` says, with how to fix it. */
  technical: z.string().optional(),
  /** Where in the content studio to fix it (placeholders, draft documents). */
  links: z.array(studioLinkSchema),
});
export type LaunchCheck = z.infer<typeof launchCheckSchema>;

/** GET /api/admin/launch-checklist. */
export const launchChecklistSchema = z.object({
  /** ISO 8601 time the checks ran. */
  checkedAt: z.string(),
  checks: z.array(launchCheckSchema),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;

/** GET and PUT /api/admin/launch-checklist/state. */
export const launchChecklistStateSchema = z.object({ dismissed: z.boolean() }).strict();
export type LaunchChecklistState = z.infer<typeof launchChecklistStateSchema>;

/** POST /api/admin/launch-checklist/test-message: where the message went and the e-mail check after sending. */
export const testMessageResponseSchema = z.object({ to: z.string(), check: launchCheckSchema });
export type TestMessageResponse = z.infer<typeof testMessageResponseSchema>;

/**
 * The content studio's address of one field, as the launch checklist links to it.
 * @param role the role configuration's key, e.g. `volunteer`
 * @param field the field's path in the content check's notation, e.g. `scopes[0].steps[2].content.contacts[1].name`
 */
export function studioFieldHref(role: string, field: string): string {
  return `/admin/studio?${new URLSearchParams({ role, field }).toString()}`;
}

/**
 * Every kind of entry the server writes to the audit log, in the order the audit log filter lists them
 * (docs/product.md#admin-area). The server's writes are typed by it ({@link AuditKind}), the filter's 'Kind' list is
 * this list, and a test finds every kind the server code writes in it.
 */
export const AUDIT_KINDS = [
  'sign-in',
  'sign-in-refused',
  /** A Google sign-in with a new `sub` for a known address: the former person keeps their record elsewhere. */
  'address-recycled',
  'role-change',
  'member-invite',
  'admin-change',
  /** An admin removed a member record. */
  'member-removed',
  /**
   * Sessions of a person were ended: every one (an admin's 'sign out everywhere', or a change of their access), or
   * the member's own choice on their devices page (reason `own-devices`).
   */
  'sessions-ended',
  /** An admin marked a member as having left (offboarding), or undid it ('member-rejoined'). */
  'member-left',
  'member-rejoined',
  /** An admin or the newcomer's department lead set or cleared a member's buddy (docs/product.md#team-tasks). */
  'buddy-change',
  /** Someone who signed in with an admin role to look around started their own onboarding on purpose. */
  'onboarding-started',
  /** Someone marked a team task done, or open again (docs/product.md#team-tasks). */
  'team-task-done',
  /** An admin changed a member's start date or paused / resumed their reminders. */
  'member-schedule-changed',
  /**
   * An admin added an extra step to one member or skipped a step for them (with the reason), or undid either
   * (docs/product.md#per-person-adjustments; `details.action`).
   */
  'step-adjustment',
  /** A person stopped their reminders with the one-click link of a reminder. */
  'reminders-unsubscribed',
  'import',
  /** A member's progress kept in the browser by the app's earlier version was imported (once per member). */
  'progress-import',
  'secret-reveal',
  'secret-refusal',
  /** A shared password was changed, or an admin marked it changed outside the app. */
  'secret-rotated',
  /** A member's agreement to a step no longer counts (newer version, or lapsed): the step was made not completed. */
  'agreement-due-again',
  /** A new version of the content was published in the content studio, or an earlier one restored. */
  'content-publish',
  'content-restore',
  'backup',
  'backup-download',
  /** An admin restored a backup from the Backups tab (details: the safety backup taken first). */
  'backup-restore',
  /**
   * Someone other than the member read the member's form answers (an admin or one of their leads: `allowed`), or was
   * refused (`refused`); docs/product.md#form-steps.
   */
  'answers-read',
  /**
   * A member's sending of a form or pass of a quiz no longer counts: its questions changed materially since
   * (docs/product.md#changing-a-form-or-quiz-after-people-answered); the step was made not completed.
   */
  'answers-due-again',
  /** Form answers and quiz tries of a member were deleted, ANSWERS_KEEP_DAYS_AFTER_LEAVING days after they left. */
  'answers-deleted',
  /**
   * Someone other than the member read the member's private e-mail address (an admin or one of their leads;
   * docs/product.md#private-e-mail-address), or was refused.
   */
  'private-email-read',
  /** An admin added, changed or removed a member's private e-mail address (`details.action`, `details.via`). */
  'private-email-change',
  /** A member's private e-mail address was cleared, ANSWERS_KEEP_DAYS_AFTER_LEAVING days after they left. */
  'private-email-deleted',
  /**
   * A pre-boarding link was opened into a session (`allowed`), or refused (`refused`: used, expired, ended, signed-in);
   * docs/security.md#pre-boarding.
   */
  'preboarding-opened',
  /** Someone asked for a new pre-boarding link for a member's private address (docs/product.md#pre-boarding). */
  'preboarding-link-requested',
  /** The first Google sign-in made what a newcomer did before their first day theirs (docs/product.md#pre-boarding). */
  'preboarding-joined',
  /** An admin hid the launch checklist (`details.dismissed: true`) or showed it again (`false`). */
  'launch-checklist',
  /** An admin added, renamed, retired or restored a department of the list, or moved members to one (`reason`). */
  'department-change',
  /**
   * A change to Google Workspace (docs/product.md#google-workspace-accounts, #google-workspace-groups), by `reason`:
   * 'created' (an account, with where its temporary password went), 'org-units' and 'group-rules' (an admin changed a
   * mapping), 'groups' (members added to and removed from groups: `details.added`, `removed`, `failed`),
   * 'suspension-planned', 'suspension-cancelled', 'suspended', 'suspension-failed', and 'groups-checked' (the nightly
   * check's report in `details`).
   */
  'workspace-account',
] as const;

/** What happened, as the audit log records it. Free text in the database, so a new kind needs no migration. */
export type AuditKind = (typeof AUDIT_KINDS)[number];

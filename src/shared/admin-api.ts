import { z } from 'zod';
import { stepAdjustmentSchema } from './adjustments.js';
import { apiErrorSchema } from './api.js';
import { dateSchema, monthSchema } from './insights-api.js';

/**
 * The admin console's API contract (docs/product.md#admin-area). Every route lives under /api/admin/ and
 * answers 401 without a session and 403 to anyone who is not an admin (ADMIN_EMAILS, or a member record marked admin).
 */

/** Columns the members table may be sorted by. */
export const MEMBER_SORT_COLUMNS = [
  'name',
  'email',
  'role',
  'department',
  'percent',
  'currentStep',
  'lastSignIn',
  'lastProgress',
  'startOn',
  'overdue',
] as const;
export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number];

/** The largest page of the members table and of the audit log. */
export const ADMIN_MAX_PAGE_SIZE = 200;

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);

/**
 * GET /api/admin/members and GET /api/admin/members.csv query: `search` (part of a name or e-mail address, any case),
 * `role` (a role configuration key), `department` (exact), `complete` ('true' / 'false'), the insights page's filters
 * (current step, a completed step, start month, days to complete, a week with activity), sort column and direction,
 * page (from 1) and page size (the CSV export ignores paging and holds every matching member).
 */
export const membersQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    role: z.string().trim().max(80).optional(),
    department: z.string().trim().max(120).optional(),
    complete: z.enum(['true', 'false']).optional(),
    /** The title of the member's current step (first not completed), any case. */
    currentStep: z.string().trim().max(200).optional(),
    /** The id of a step the member completed. */
    completedStep: z.string().trim().max(120).optional(),
    /** The month the member started (YYYY-MM, UTC): people who never signed in have no start and never match. */
    started: z.union([monthSchema, z.literal('')]).optional(),
    /** Complete members who took at least this many whole days from start to completion. */
    completeDaysMin: z.coerce.number().int().min(0).max(100_000).optional(),
    /** Complete members who took at most this many whole days from start to completion. */
    completeDaysMax: z.coerce.number().int().min(0).max(100_000).optional(),
    /** Members who completed a step in the week starting this Monday (YYYY-MM-DD, UTC). */
    activeWeek: z.union([dateSchema, z.literal('')]).optional(),
    /** Members whose start date (set, else the day of the first sign-in) is on or after this day (YYYY-MM-DD). */
    startFrom: z.union([dateSchema, z.literal('')]).optional(),
    /** Members whose start date is on or before this day (YYYY-MM-DD). */
    startTo: z.union([dateSchema, z.literal('')]).optional(),
    /** 'true': members with at least one overdue step; 'false': none. */
    overdue: z.enum(['true', 'false']).optional(),
    /** 'true': stalled members (no step completed for STALLED_AFTER_DAYS, not done); 'false': the others. */
    stalled: z.enum(['true', 'false']).optional(),
    /**
     * 'false': members who have not left (the members table's default); 'true': only those who left the organisation;
     * absent: everyone.
     */
    left: z.enum(['true', 'false']).optional(),
    sort: z.enum(MEMBER_SORT_COLUMNS).default('name'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    page: pageSchema,
    pageSize: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(25),
  })
  .strict();
export type MembersQuery = z.infer<typeof membersQuerySchema>;
/** The query as a client writes it: everything optional. */
export type MembersQueryInput = z.input<typeof membersQuerySchema>;

/** One row of the members table. Times are ISO 8601; null when it never happened. */
export const memberOverviewSchema = z.object({
  email: z.string(),
  /** The user's name; '' for an invited member who has not signed in yet. */
  name: z.string(),
  /** The resolved role configuration key (docs/product.md#role-lookup of the member record's role text). */
  role: z.string(),
  /** The role's display label (docs/product.md#role-colours-and-labels). */
  roleLabel: z.string(),
  department: z.string(),
  /**
   * Completed steps of the role / steps of the role × 100, rounded (docs/product.md#progress-rules); 0 for a role
   * without steps.
   */
  percent: z.number().int(),
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  /** Title of the first step not completed, in order; null when every step is completed. */
  currentStepTitle: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** When the member last completed a step. */
  lastProgressAt: z.string().nullable(),
  isAdmin: z.boolean(),
  /** A member record whose person has never signed in. */
  invited: z.boolean(),
  /** The start date (YYYY-MM-DD): set by an admin, else the day of the first sign-in; null for an invited person. */
  startOn: z.string().nullable().default(null),
  /** Steps not completed whose due date has passed (docs/product.md#due-dates-and-reminders). */
  overdueSteps: z.number().int().default(0),
  /** Stalled, as src/shared/stalled.ts says it (one definition for this table, Insights and the digest). */
  stalled: z.boolean().default(false),
  /**
   * Whether the person does an onboarding (docs/product.md#who-starts-an-onboarding): false for someone who signed in
   * with an admin role to look around, who has no overdue steps and is never stalled.
   */
  onboarding: z.boolean().default(true),
  /**
   * The day the member left the organisation (YYYY-MM-DD, offboarding); null while they are a member. Someone who left
   * has no overdue steps and is never stalled (docs/product.md#admin-area).
   */
  leftOn: z.string().nullable().default(null),
});
export type MemberOverview = z.infer<typeof memberOverviewSchema>;

/** GET /api/admin/members answer. */
export const membersPageSchema = z.object({
  items: z.array(memberOverviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** STALLED_AFTER_DAYS, for the page's explanation of "Stalled" (src/shared/stalled.ts). */
  stalledAfterDays: z.number().int().default(7),
});
export type MembersPage = z.infer<typeof membersPageSchema>;

/** One checklist item or acknowledgment of a step on a member's page. */
export const memberStepItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['checklist', 'acknowledgment']),
  text: z.string(),
  /** ISO time it was ticked; null when not ticked. */
  doneAt: z.string().nullable(),
  /**
   * True for an item the member ticked that the published step no longer has (removed in the content studio): the
   * tick is kept, and `text` is the item's text in the newest content version that had it.
   */
  removed: z.boolean().optional(),
});

/** One step of a member's page, in the member's step order. */
export const memberStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  scopeTitle: z.string(),
  status: z.enum(['completed', 'active', 'pending']),
  completedAt: z.string().nullable(),
  items: z.array(memberStepItemSchema),
});
export type MemberStep = z.infer<typeof memberStepSchema>;

/**
 * What a member did before their first day (docs/product.md#pre-boarding): when they first opened their pre-boarding
 * page, the steps they marked done and the forms they sent (titles and times, never answers), and when it became
 * theirs at their first Google sign-in (null: not yet).
 */
export const memberPreboardingSchema = z.object({
  firstOpenedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
  steps: z.array(z.object({ stepId: z.string(), title: z.string(), at: z.string() })),
  formsSent: z.array(z.object({ stepId: z.string(), title: z.string(), at: z.string() })),
});
export type MemberPreboarding = z.infer<typeof memberPreboardingSchema>;

/** GET /api/admin/members/:email answer: the member's row, the role text of their record, and their steps. */
export const memberDetailSchema = z.object({
  member: memberOverviewSchema,
  /** The role text as stored in the member record (or on the user), before lookup. */
  roleText: z.string(),
  /** Whether an admin-managed member record exists for the address. */
  hasMemberRecord: z.boolean(),
  /** The departments the member leads (their member record; empty without one). */
  leadOf: z.array(z.string()),
  /** Whether the member is a content editor. */
  isEditor: z.boolean(),
  /**
   * Whether the member record has a private e-mail address (docs/product.md#private-e-mail-address); the address
   * itself is read on its own, audited. Absent from servers before it existed.
   */
  hasPrivateEmail: z.boolean().optional(),
  /** The member's buddy (docs/product.md#team-tasks): address, or null. Absent from servers before buddies. */
  buddy: z.string().nullable().optional(),
  /** When the member left the organisation (ISO time) and the admin's note; null while they are a member. */
  left: z.object({ at: z.string(), note: z.string().nullable() }).nullable(),
  steps: z.array(memberStepSchema),
  /**
   * Steps the member completed that the published content no longer has (removed in the content studio): their
   * record is kept; `title` is the step's title in the latest version that had it (docs/product.md#content-studio).
   */
  removedSteps: z.array(z.object({ id: z.string(), title: z.string(), completedAt: z.string() })).optional(),
  /**
   * The member's per-person adjustments, oldest first (docs/product.md#per-person-adjustments): extra steps (also in
   * `steps`) and skipped steps (no longer in `steps`).
   */
  adjustments: z.array(stepAdjustmentSchema).optional(),
  /** What the member did before their first day; null when they never opened a pre-boarding link. */
  preboarding: memberPreboardingSchema.nullable().optional(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** :email of the member routes. */
export const memberEmailParamsSchema = z.object({ email: z.string().trim().min(3).max(254) });

/** PUT /api/admin/members/:email body: the member record to store (creates one = an invitation). */
export const putMemberBodySchema = z
  .object({
    role: z.string().trim().min(1, 'Choose a role.').max(120),
    department: z.string().trim().min(1, 'Enter a department.').max(120),
    isAdmin: z.boolean().default(false),
    /** The departments the person leads (read-only access to their members); absent = unchanged. */
    leadOf: z.array(z.string().trim().min(1).max(120)).max(50).optional(),
    /** A content editor; absent = unchanged. */
    isEditor: z.boolean().optional(),
    /** The start date (YYYY-MM-DD; null: the first sign-in counts); absent = unchanged. */
    startOn: z.iso.date({ error: 'The start date must be a date as YYYY-MM-DD.' }).nullable().optional(),
    /** The buddy's address (docs/product.md#team-tasks; null: none); absent = unchanged. */
    buddy: z.email({ error: 'The buddy must be an e-mail address.' }).max(254).nullable().optional(),
    /**
     * The private e-mail address (docs/product.md#private-e-mail-address; null or '': none), checked by the server with
     * `privateEmailProblem` (src/shared/private-email.ts); absent = unchanged.
     */
    privateEmail: z.string().trim().max(254).nullable().optional(),
  })
  .strict();
export type PutMemberBody = z.input<typeof putMemberBodySchema>;

/** POST /api/admin/members/:email/sign-out answer: how many sessions ended (on every app process). */
export const signOutResultSchema = z.object({ sessionsEnded: z.number().int() });

/** DELETE /api/admin/members/:email answer: the record is gone and the person's sessions ended. */
export const removeMemberResultSchema = z.object({ removed: z.literal(true), sessionsEnded: z.number().int() });

/** POST /api/admin/members/:email/leave body: the day the member left (YYYY-MM-DD) and an optional note. */
export const leaveBodySchema = z
  .object({
    leftOn: z.iso.date('Enter the day they left as YYYY-MM-DD.'),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type LeaveBody = z.input<typeof leaveBodySchema>;

/** One shared password a member revealed, for the offboarding list. */
export const revealedSecretSchema = z.object({
  /** The password's name, e.g. 'FINANCE_PASS'. */
  name: z.string(),
  /** The titles of the steps that show it. */
  steps: z.array(z.string()),
  /** How many times the member revealed it, and when last (ISO time). */
  reveals: z.number().int(),
  lastRevealedAt: z.string(),
  /** When it was marked rotated (or rotated) after the member's last reveal; null while it still needs changing. */
  rotatedAt: z.string().nullable(),
});
export type RevealedSecret = z.infer<typeof revealedSecretSchema>;

/** GET /api/admin/members/:email/revealed-secrets answer. */
export const revealedSecretsSchema = z.object({ items: z.array(revealedSecretSchema) });

/** :name of POST /api/admin/secrets/:name/rotated. */
export const secretNameParamsSchema = z.object({ name: z.string().trim().min(1).max(60) });

/** POST /api/admin/secrets/:name/rotated answer. */
export const markRotatedResultSchema = z.object({ name: z.string(), rotatedAt: z.string() });

/** One shared password as the admin console lists it: never the value. */
export const adminSecretSchema = z.object({
  name: z.string(),
  steps: z.array(z.string()),
  set: z.boolean(),
  /** When an admin last set it (ISO) and who; null for the initial value from the server's environment. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSecret = z.infer<typeof adminSecretSchema>;

/** GET /api/admin/secrets answer. */
export const adminSecretsSchema = z.object({ items: z.array(adminSecretSchema) });

/** PUT /api/admin/secrets/:name body: the new value (sets or rotates the password). */
export const putSecretBodySchema = z
  .object({ value: z.string().trim().min(1, 'Enter the new password.').max(500) })
  .strict();

/** POST /api/admin/secrets/:name/reveal answer (audited). */
export const revealSecretSchema = z.object({ name: z.string(), value: z.string().nullable() });

/** GET /api/admin/roles answer: the role configurations an admin may assign, by display name. */
export const adminRolesSchema = z.object({
  roles: z.array(z.object({ key: z.string(), displayName: z.string() })),
  departments: z.array(z.string()),
});
export type AdminRoles = z.infer<typeof adminRolesSchema>;

/** POST /api/admin/import/preview and POST /api/admin/import JSON body (the CSV may also be sent as text/csv). */
export const importBodySchema = z.object({ csv: z.string().max(5_000_000) }).strict();

/** One data row of an import, numbered as a spreadsheet numbers it (the header is row 1). */
export const importRowSchema = z.object({
  row: z.number().int(),
  email: z.string(),
  role: z.string(),
  /** The role configuration key the role text resolves to; null when it names none. */
  roleKey: z.string().nullable(),
  department: z.string(),
  isAdmin: z.boolean(),
  /** Whether the row makes the person a content editor; absent when the file has no `isEditor` column (unchanged). */
  isEditor: z.boolean().optional(),
  /** The optional `startDate` column (YYYY-MM-DD): the member's start date; null when the column or cell is empty. */
  startOn: z.string().nullable().default(null),
  /**
   * The optional `leadOf` column: the departments the person leads (several separated by `;`), spelt as the departments
   * list spells them; absent when the file has no such column (unchanged).
   */
  leadOf: z.array(z.string()).optional(),
  /** The optional `leftOn` column (YYYY-MM-DD): the day the person left; null when the column or cell is empty. */
  leftOn: z.string().nullable().default(null),
  /**
   * The optional `buddy` column (docs/product.md#team-tasks): the buddy's address in lower case, null for an empty cell
   * (no buddy); absent when the file has no such column (unchanged).
   */
  buddy: z.string().nullable().optional(),
  /**
   * The optional `privateEmail` column (docs/product.md#private-e-mail-address): the address in lower case; null for
   * an empty cell (unchanged) or a file without the column.
   */
  privateEmail: z.string().nullable().optional(),
  /** How each date cell was read: the column, the text as written, the day (YYYY-MM-DD) and the day in words. */
  dates: z.array(z.object({ column: z.string(), written: z.string(), date: z.string(), said: z.string() })).default([]),
  /** Whether the address has a member record already (the row changes it) or not (the row invites the person). */
  existing: z.boolean().default(false),
  /** What the row changes in an existing record, in words ('Department', 'Operations', 'Finance'); empty: nothing. */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })).default([]),
  /** What is wrong with the row; empty when it can be applied. */
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The answer of a preview, and of an import (with `applied`). `errors` lists problems of the file as a whole. */
export const importResultSchema = z.object({
  rows: z.array(importRowSchema),
  errors: z.array(z.string()),
  valid: z.boolean(),
  /** Rows written: 0 for a preview. */
  applied: z.number().int(),
  /** Headers of the file the import did not understand (their columns are ignored), as written. */
  ignoredColumns: z.array(z.string()).default([]),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The 400 answer of POST /api/admin/import when any row has errors: nothing was written. */
export const importRefusalSchema = apiErrorSchema.extend(importResultSchema.shape);

/** GET /api/admin/audit query: filter by actor or subject e-mail (part of it, any case) and kind; paged. */
export const auditQuerySchema = z
  .object({
    actor: z.string().trim().max(254).optional(),
    kind: z.string().trim().max(60).optional(),
    page: pageSchema,
    pageSize: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(50),
  })
  .strict();
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** One audit log entry as the admin console shows it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  /** 'allowed' / 'refused' for access decisions, 'ok' for actions. */
  outcome: z.string(),
  actorEmail: z.string().nullable(),
  subject: z.string().nullable(),
  /** Why, e.g. a refusal's reason. */
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit answer; `kinds` are the kinds a filter may choose. */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  kinds: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema (docs/architecture.md#database). Change it, then run `npm run db:generate` and commit the
 * migration it writes under `src/server/db/migrations/`.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person who signed in (docs/product.md#sign-in). `email` is stored in lower case and identifies the person. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    picture: text('picture'),
    role: text('role').notNull().default('volunteer'),
    department: text('department').notNull().default('Operations'),
    workspaceId: text('workspace_id').notNull(),
    isDevelopmentUser: boolean('is_development_user').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/** A signed-in session. Only the HMAC of the token is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['development', 'google'] }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), check('sessions_kind', sql`${t.kind} in ('development', 'google')`)],
);

/** One completed step of one user, by the step's stable id (docs/product.md#progress-rules). Absent = not completed. */
export const stepProgress = pgTable(
  'step_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    completedAt: timestamptz('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);

/**
 * An admin-managed member record (docs/product.md#member-records): the role text and
 * department of one e-mail address, set with `npm run members` (or, later, the admin console). The role text is kept
 * as written ('Treasurer', 'Director of Finance and Operations') and resolved through the role lookup of
 * docs/product.md#role-lookup when read. A record may exist before the person ever signs in. `email` is stored in lower
 * case.
 */
export const members = pgTable(
  'members',
  {
    email: text('email').primaryKey(),
    role: text('role').notNull(),
    department: text('department').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('members_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/**
 * One ticked checklist item or acknowledged acknowledgment of one user (docs/product.md#progress-rules: ticks and
 * acknowledgments are stored per item with a timestamp; an acknowledgment is a record the organisation may need to
 * produce). Keyed by the stable ids of the step and the item. Absent = not ticked.
 */
export const stepItemProgress = pgTable(
  'step_item_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    itemId: text('item_id').notNull(),
    kind: text('kind', { enum: ['checklist', 'acknowledgment'] }).notNull(),
    doneAt: timestamptz('done_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stepId, t.itemId] }),
    check('step_item_progress_kind', sql`${t.kind} in ('checklist', 'acknowledgment')`),
  ],
);

/**
 * The audit log (docs/product.md#shared-passwords, docs/product.md#admin-area): who did what, when, and with what
 * outcome — every shared-password reveal and refusal, sign-ins, and admin actions. Rows are only ever added.
 * `actorUserId` is null for an anonymous request or a deleted user; `actorEmail` keeps who it was either way.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    /**
     * Insertion order: entries written within the same clock tick (the embedded database's clock counts milliseconds)
     * still read newest first, in the order they were written.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    kind: text('kind').notNull(),
    subject: text('subject'),
    outcome: text('outcome', { enum: ['allowed', 'refused', 'ok'] }).notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.seq),
    index('audit_log_actor_email_idx').on(t.actorEmail),
    index('audit_log_kind_idx').on(t.kind),
    check('audit_log_outcome', sql`${t.outcome} in ('allowed', 'refused', 'ok')`),
  ],
);

/**
 * The admin console's members table, one row per person (users ⟗ member records, by e-mail address), as
 * GET /api/admin/members shows it: resolved role, department, step counts, percent, current step and last activity,
 * plus the lower-case sort keys (docs/decisions/010-admin-members-table.md). Derived data, written only by the admin
 * module (modules/admin/admin-members.ts), which recomputes the rows named in {@link adminMembersPending}.
 * `memberIsAdmin` is the member record's flag only; ADMIN_EMAILS is applied when read.
 */
export const adminMembers = pgTable('admin_members', {
  email: text('email').primaryKey(),
  userId: uuid('user_id'),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  roleKey: text('role_key').notNull(),
  department: text('department').notNull(),
  departmentKey: text('department_key').notNull(),
  memberIsAdmin: boolean('member_is_admin').notNull(),
  lastSignInAt: timestamptz('last_sign_in_at'),
  invited: boolean('invited').notNull(),
  totalSteps: integer('total_steps').notNull(),
  completedSteps: integer('completed_steps').notNull(),
  percent: integer('percent').notNull(),
  currentStepTitle: text('current_step_title'),
  currentStepKey: text('current_step_key'),
  lastProgressAt: timestamptz('last_progress_at'),
});

/**
 * People whose {@link adminMembers} row is out of date: migration 0004's triggers add the address (or 1 to its
 * `changes`) on every write to the person's user, member record or step progress; the admin module removes it once the
 * row is recomputed, unless `changes` moved meanwhile.
 */
export const adminMembersPending = pgTable('admin_members_pending', {
  email: text('email').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(1),
});

/** The fingerprint of the role catalog {@link adminMembers} was computed with (one row; none = never computed). */
export const adminMembersState = pgTable(
  'admin_members_state',
  {
    id: integer('id').primaryKey().default(1),
    catalog: text('catalog').notNull(),
  },
  (t) => [check('admin_members_state_one_row', sql`${t.id} = 1`)],
);

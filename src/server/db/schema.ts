// Longer than 500 lines: every table of the database in one file, which drizzle-kit reads to write the migrations.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /**
     * The identity provider's stable subject id (the ID token's `sub`); null for development users and for people
     * who have not signed in with Google since it was recorded. A Google sign-in whose `sub` differs from the stored
     * one is another person with a recycled address (modules/auth/users.repository.ts `upsertGoogleUser`).
     */
    subject: text('subject').unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
    /**
     * Whether the person does an onboarding (docs/product.md#who-starts-an-onboarding): false for someone who first
     * signed in with an admin role (admin, department lead, content editor) without being invited or imported, until
     * they start one on purpose. Decided once, when the user is created.
     */
    onboarding: boolean('onboarding').notNull().default(true),
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
    /**
     * The session's public name (docs/product.md#your-devices): what the member's device list and its sign-out use,
     * so the token's hash never leaves the server.
     */
    id: uuid('id').notNull().defaultRandom().unique('sessions_id_unique'),
    /** The browser's User-Agent at sign-in (cut to 512 characters); null for sessions from before it was kept. */
    userAgent: text('user_agent'),
    /** The client address (`request.ip`, see TRUST_PROXY) of the latest recorded use; null before it was kept. */
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_kind', sql`${t.kind} in ('development', 'google')`),
  ],
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
 * That a user's progress kept in the browser by the app's earlier, browser-only version was imported
 * (docs/product.md#progress-rules): at most once per user, so a row here refuses every later import. `stepIds` are the
 * steps the import completed (possibly none).
 */
export const progressImports = pgTable('progress_imports', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  importedAt: timestamptz('imported_at').notNull().defaultNow(),
  stepIds: text('step_ids').array().notNull(),
});

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
    /** The departments this person leads: read-only access to their members in the admin console (as written). */
    leadOf: text('lead_of')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A content editor (the content studio; nothing else of the admin console). */
    isEditor: boolean('is_editor').notNull().default(false),
    /** When the person left the organisation (offboarded); null while they are a member. */
    leftAt: timestamptz('left_at'),
    /** An admin's note about the leaving, shown on the member page. */
    leftNote: text('left_note'),
    /**
     * The newcomer's buddy (docs/product.md#team-tasks): a member's address, lower case, who does the role's `buddy`
     * team tasks for this person; null: none.
     */
    buddy: text('buddy'),
    /**
     * The person's private e-mail address (docs/product.md#private-e-mail-address), lower case: where mail goes before
     * their Workspace account works. Personal data: read by admins and the person's department leads only, every
     * read audited; cleared with the form answers after leaving.
     */
    privateEmail: text('private_email'),
    /**
     * When an admin invited or imported the person (the invite form, the CSV import) before their first sign-in; null
     * for a record made otherwise (`npm run members`) or for someone who had signed in already. An invited person
     * starts an onboarding whatever their role (docs/product.md#who-starts-an-onboarding).
     */
    invitedAt: timestamptz('invited_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('members_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('members_private_email_lower_case', sql`${t.privateEmail} = lower(${t.privateEmail})`),
    index('members_private_email_idx').on(t.privateEmail),
  ],
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
 * module (modules/member-overview/admin-members.ts), which recomputes the rows named in {@link adminMembersPending}.
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
  /** The start date an admin set (member_schedules.start_on); null: the day of `firstSignInAt` counts. */
  startOn: date('start_on', { mode: 'string' }),
  /** When the person first signed in (users.created_at); null for an invited person. */
  firstSignInAt: timestamptz('first_sign_in_at'),
  /** users.onboarding (true for an invited person): false, the person has no due dates, team tasks or stalls. */
  onboarding: boolean('onboarding').notNull().default(true),
  /**
   * `dueAfterDays` of the role's steps not completed, ascending: with the start day, the overdue count at any moment
   * (docs/product.md#due-dates-and-reminders) without recomputing rows as days pass.
   */
  openDueAfterDays: integer('open_due_after_days')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
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

/**
 * The acknowledgment record (docs/decisions/021-signed-versioned-acknowledgments.md): one row per acknowledgment item
 * ticked, per completion of a step that asks the member to read something or to sign, and per signature, with the
 * exact content agreed to (the step's `version`, the SHA-256 of its canonical text and, for a PDF step, of the PDF's
 * bytes), when, by whom and how they had signed in. Append-only: the application only inserts (a trigger of migration
 * 0006 refuses UPDATE and DELETE). No foreign key to `users`, so the record outlives the account.
 */
export const acknowledgments = pgTable(
  'acknowledgments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, for records written within one clock tick. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    signInMethod: text('sign_in_method', { enum: ['development', 'google'] }).notNull(),
    kind: text('kind', { enum: ['item', 'completion', 'signature'] }).notNull(),
    stepId: text('step_id').notNull(),
    /** The acknowledgment item ticked (kind 'item'); null otherwise. */
    itemId: text('item_id'),
    stepTitle: text('step_title').notNull(),
    stepVersion: integer('step_version').notNull(),
    /** Hex SHA-256 of the step's canonical text (RFC 8785 JSON of title, details and items). */
    textHash: text('text_hash').notNull(),
    /** Hex SHA-256 of the step's PDF; null for a step without a PDF of ours. */
    documentHash: text('document_hash'),
    /** The full name typed (kind 'signature'); null otherwise. */
    signedName: text('signed_name'),
  },
  (t) => [
    index('acknowledgments_user_idx').on(t.userId, t.stepId, t.seq),
    index('acknowledgments_at_idx').on(t.at, t.seq),
    index('acknowledgments_text_hash_idx').on(t.textHash),
    index('acknowledgments_document_hash_idx').on(t.documentHash),
    check('acknowledgments_kind', sql`${t.kind} in ('item', 'completion', 'signature')`),
    check('acknowledgments_sign_in_method', sql`${t.signInMethod} in ('development', 'google')`),
    check('acknowledgments_signed_name', sql`(${t.kind} = 'signature') = (${t.signedName} is not null)`),
  ],
);

/**
 * The shared team passwords, managed in the admin console (docs/decisions/020-people-and-permissions.md): encrypted at
 * rest with AES-256-GCM under SECRETS_KEY (modules/secrets/secret-box.ts). `keyId` is the fingerprint of the key that
 * encrypted the value (never the key). The `*_PASS` environment variables only give initial values.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  keyId: text('key_id').notNull(),
  /** When the value was last set, and by whom (null: from the environment at start-up). */
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedByEmail: text('updated_by_email'),
});

/** Raw bytes (PostgreSQL `bytea`), read and written as a Node Buffer / Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The published versions of the content (docs/product.md#content-studio, docs/decisions/023-content-studio.md): each
 * row is an immutable catalog of every role configuration. Members read the one with the highest number.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    version: integer('version').primaryKey(),
    /** Every role configuration, sorted by key (the shape of `content/roles/*.yaml`). */
    catalog: jsonb('catalog').notNull(),
    kind: text('kind', { enum: ['publish', 'restore', 'import'] }).notNull(),
    restoredFrom: integer('restored_from'),
    /** Step ids published as a material change (their `version` was raised). */
    materialChanges: jsonb('material_changes').$type<string[]>().notNull().default([]),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [check('content_versions_kind', sql`${t.kind} in ('publish', 'restore', 'import')`)],
);

/** The one shared draft of the content studio (id is always 1); absent = no draft. */
export const contentDraft = pgTable('content_draft', {
  id: integer('id').primaryKey().default(1),
  catalog: jsonb('catalog').notNull(),
  baseVersion: integer('base_version').notNull(),
  /** The problems of the draft as saved (StudioProblem[]). */
  problems: jsonb('problems').notNull().default([]),
  updatedAt: timestamptz('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** Files of the content (PDFs, images), stored by the SHA-256 of their bytes and served at /assets/content/by-hash/. */
export const contentAssets = pgTable(
  'content_assets',
  {
    sha256: text('sha256').primaryKey(),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The original file name (for an import of content/assets/: the path under it, e.g. `images/welcome-team.svg`). */
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [index('content_assets_created_at_idx').on(t.createdAt)],
);

/**
 * Dates and mail settings of one person, by e-mail address (docs/product.md#due-dates-and-reminders): the start date an
 * admin set (else the day of the first sign-in counts), whether an admin paused their reminders, when they unsubscribed
 * (one-click link), and whether an admin turned their own digest off. A row may exist before the person signs in.
 */
export const memberSchedules = pgTable(
  'member_schedules',
  {
    email: text('email').primaryKey(),
    startOn: date('start_on', { mode: 'string' }),
    remindersPaused: boolean('reminders_paused').notNull().default(false),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    digestOff: boolean('digest_off').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('member_schedules_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Per-person adjustments of one member's steps (docs/product.md#per-person-adjustments), by e-mail address: an extra
 * step an admin added for this person only (`kind` 'extra': its own `step_id`, `title`, `description` and optional
 * `due_after_days`), or a step of their role an admin skipped for them (`kind` 'skip': the role step's `step_id` and
 * the `reason`). Undoing one deletes its row; the audit log keeps the history. A row may exist before the person signs
 * in. Writes name the person in `admin_members_pending` (triggers of the migration), so their percentage follows.
 */
export const memberStepAdjustments = pgTable(
  'member_step_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order they were made in (oldest first: extra steps are shown in this order). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    stepId: text('step_id').notNull(),
    title: text('title'),
    description: text('description'),
    dueAfterDays: integer('due_after_days'),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_step_adjustments_email_step_idx').on(t.email, t.stepId),
    check('member_step_adjustments_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('member_step_adjustments_kind', sql`${t.kind} in ('extra', 'skip')`),
    check(
      'member_step_adjustments_shape',
      sql`(${t.kind} = 'extra' and ${t.title} is not null and ${t.description} is not null)
        or (${t.kind} = 'skip' and ${t.reason} is not null and ${t.dueAfterDays} is null)`,
    ),
  ],
);

/**
 * The outbox's kinds sent to a member's private address: their plan names the member (`plan.member`); the admin's
 * views show and search that member's address, never the private one, and the copies go with the member's
 * pre-boarding after leaving (docs/security.md#pre-boarding, docs/product.md#google-workspace-accounts).
 */
export const OUTBOX_KINDS_TO_PRIVATE_ADDRESS = ['preboarding', 'preboarding-link', 'workspace-password'] as const;

/**
 * The outbox (docs/decisions/025-reminders-and-outbox.md): every message the app sends, durable before it is sent.
 * Planned once per `dedupeKey` (a member's reminder of a local day, an admin's digest of a week or an on-demand
 * request, an invited person's welcome); claimed by one process at a time (`for update skip locked`, a lease in `claimedUntil`); rendered at send
 * time from what is still due; kept after sending (subject, bodies, when, how) for the admin's view.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['reminder', 'digest', 'welcome', 'team-tasks', 'preboarding', 'preboarding-link', 'workspace-password'],
    }).notNull(),
    /** The address it goes to; for {@link OUTBOX_KINDS_TO_PRIVATE_ADDRESS} the member's private address. */
    recipient: text('recipient').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** What the message is about: a reminder's steps `{ steps: [{ stepId, dueOn, occasion }] }`, a digest's `{ week }`. */
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** How it left: 'smtp', or 'outbox' (no SMTP_URL: kept here only). */
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    claimedUntil: timestamptz('claimed_until'),
    /** The claim that holds the message (a random token per claim): a sender checks it is still its own before sending. */
    claimToken: uuid('claim_token'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    lastError: text('last_error'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_recipient_idx').on(t.recipient, t.seq),
    index('mail_outbox_seq_idx').on(t.seq),
    check(
      'mail_outbox_kind',
      sql`${t.kind} in ('reminder', 'digest', 'welcome', 'team-tasks', 'preboarding', 'preboarding-link', 'workspace-password')`,
    ),
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);

/**
 * Each reminder occasion of a step, once (docs/product.md#due-dates-and-reminders): a step's occasion for a due date
 * is recorded with the outbox message that carries it, so no occasion is planned twice and none more than six times.
 */
export const mailReminderSteps = pgTable(
  'mail_reminder_steps',
  {
    email: text('email').notNull(),
    stepId: text('step_id').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    occasion: integer('occasion').notNull(),
    /** The outbox message that carries it (no foreign key: a per-row check would slow the day's planning; rows are never deleted). */
    outboxId: uuid('outbox_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.stepId, t.dueOn, t.occasion] })],
);

/**
 * A member's reading and display preferences (docs/product.md#reading-and-display): one row per user, written whole
 * by PUT /api/me/preferences (src/shared/preferences-api.ts). `preferences` holds the object that schema accepted; it
 * is read through `preferencesFrom` (src/shared/preferences.ts), so a field added later takes its default for rows
 * written before. No row: the defaults.
 */
export const memberPreferences = pgTable('member_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * Answers to form steps (docs/product.md#form-steps, docs/decisions/044-form-and-quiz-steps.md), by user id: version 0
 * is the member's draft (one at most, replaced as they save), versions 1, 2, … each sending, kept. `answers` holds the
 * answers to questions not marked sensitive; the sensitive ones are JSON sealed with AES-256-GCM under SECRETS_KEY
 * (modules/secrets/secret-box.ts) in `sealed`, `keyId` naming the key. Deleted with the user, and
 * ANSWERS_KEEP_DAYS_AFTER_LEAVING days after the member leaves (modules/answers/retention.ts).
 */
export const formAnswers = pgTable(
  'form_answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    version: integer('version').notNull(),
    /** The step's content `version` the answers were given to: a material change of the form asks again. */
    stepVersion: integer('step_version').notNull().default(1),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    sealed: text('sealed'),
    keyId: text('key_id'),
    /** The ids of the uploaded files (form_files) these answers hold, sensitive or not: a file nobody holds is deleted. */
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    savedAt: timestamptz('saved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stepId, t.version] }),
    check('form_answers_version', sql`${t.version} >= 0`),
    check('form_answers_sealed_key', sql`(${t.sealed} is null) = (${t.keyId} is null)`),
  ],
);

/**
 * Files uploaded to file questions of form steps (docs/product.md#form-steps), by user id, step and question. `bytes`
 * is the file itself, or for a question marked sensitive the file sealed with AES-256-GCM under SECRETS_KEY
 * (12-byte IV ‖ 16-byte tag ‖ ciphertext; `keyId` names the key, null for a file in clear). Answers refer to a file by
 * its id (form_answers.file_ids); a file no answer holds is deleted (a draft's replaced file), as are all of a
 * member's files with their answers after leaving (modules/answers/retention.ts) and with the user.
 */
export const formFiles = pgTable(
  'form_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    fieldId: text('field_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    keyId: text('key_id'),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (t) => [index('form_files_user_step_idx').on(t.userId, t.stepId)],
);

/**
 * Each try of a quiz step (docs/product.md#quiz-steps), numbered from 1 per user and step: the answers chosen (question
 * id → answer ids) and the score. Deleted with the user and with the member's form answers after leaving.
 */
export const quizTries = pgTable(
  'quiz_tries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    try: integer('try').notNull(),
    /** The step's content `version` the try was of: tries of an earlier version are history after a re-take. */
    stepVersion: integer('step_version').notNull().default(1),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId, t.try] }), check('quiz_tries_try', sql`${t.try} >= 1`)],
);

/**
 * The Idempotency-Key of each form sending and quiz try that came with one (docs/reliability.md#a-send-that-counts-once),
 * written in the send's transaction: a send repeated with the same key gets `reply` again instead of being stored
 * twice. `fingerprint` is the SHA-256 of what was sent (step, kind, body), so a key used again for something else is
 * refused. A form's reply is kept without its answers: they are read back from the sending `version` (sensitive ones
 * stay sealed there). Kept a day (the hourly answers sweep), deleted with the member's answers after leaving.
 */
export const sendKeys = pgTable(
  'send_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    stepId: text('step_id').notNull(),
    kind: text('kind').$type<'form' | 'quiz'>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The form sending's version (form_answers.version) whose answers the reply shows; null for a quiz try. */
    version: integer('version'),
    reply: jsonb('reply').$type<Record<string, unknown>>().notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('send_keys_at_idx').on(t.at),
    check('send_keys_kind', sql`${t.kind} in ('form', 'quiz')`),
  ],
);

/**
 * The organisation's departments (docs/product.md#departments): the list a member's department and the departments a
 * lead leads are chosen from. Seeded once from the published role configurations' departments and 'Operations'
 * (modules/departments); admins add, rename and retire them. `key` is the name trimmed and in lower case, so
 * 'finance' and 'Finance' are one department. A retired department stays for the members who have it, but is no longer
 * offered or accepted for anyone else. Rows are never deleted.
 */
export const departments = pgTable('departments', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  retiredAt: timestamptz('retired_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A team task (docs/product.md#team-tasks): work the people around one newcomer do for them, from their role's
 * `teamTasks`, created once per newcomer and task (the unique key) when the newcomer has a start date. Open tasks
 * follow the content, the start date, the buddy and the leads (modules/team-tasks/team-tasks.service.ts); a done task
 * keeps what it was when done; a newcomer who leaves closes theirs.
 */
export const teamTasks = pgTable(
  'team_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The newcomer's address, lower case. */
    newcomerEmail: text('newcomer_email').notNull(),
    /** The task's id in the content (`teamTasks[].id`). */
    taskId: text('task_id').notNull(),
    /** The role configuration the task comes from. */
    roleKey: text('role_key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** `lead`, `buddy`, `admins` or `members` (named in the content). */
    who: text('who', { enum: ['lead', 'buddy', 'admins', 'members'] }).notNull(),
    /** The people who do it, lower case; empty: nobody (admins see it as unassigned). Admins' tasks list none. */
    assignees: text('assignees')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    appointment: boolean('appointment').notNull().default(false),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'done', 'closed'] })
      .notNull()
      .default('open'),
    doneAt: timestamptz('done_at'),
    /** Who marked it done (address, lower case). */
    doneBy: text('done_by'),
    /** The note the person who did it left (optional). */
    note: text('note'),
    /** Why it was closed without being done (the newcomer left, the task left the content). */
    closedReason: text('closed_reason'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('team_tasks_newcomer_task_idx').on(t.newcomerEmail, t.taskId),
    index('team_tasks_assignees_idx').using('gin', t.assignees),
    index('team_tasks_open_due_idx').on(t.status, t.dueOn),
    check('team_tasks_who', sql`${t.who} in ('lead', 'buddy', 'admins', 'members')`),
    check('team_tasks_status', sql`${t.status} in ('open', 'done', 'closed')`),
  ],
);

/**
 * Each e-mail about a team task, once (docs/product.md#team-tasks): a task's `due` or `overdue` occasion for one person
 * and due date, recorded with the outbox message that carries it.
 */
export const teamTaskMails = pgTable(
  'team_task_mails',
  {
    taskId: uuid('task_id').notNull(),
    recipient: text('recipient').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    occasion: text('occasion', { enum: ['due', 'overdue'] }).notNull(),
    outboxId: uuid('outbox_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.recipient, t.dueOn, t.occasion] })],
);

/**
 * The Google Workspace account the app created for a member (docs/product.md#google-workspace-accounts), one per
 * member address: the operation's state, kept like the outbox's so that a retried or doubled request never creates two
 * accounts. `creating` is held by one request at a time (`claimed_until`); `insert_sent` records that Google may have
 * the account from an earlier attempt, so that finding it then means it is ours.
 */
export const workspaceAccounts = pgTable(
  'workspace_accounts',
  {
    /** The member's address, lower case: the account's primary address. */
    memberEmail: text('member_email').primaryKey(),
    state: text('state', { enum: ['creating', 'created', 'failed'] }).notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    orgUnitPath: text('org_unit_path').notNull(),
    /** Google's id of the user, once created. */
    googleId: text('google_id'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamptz('claimed_until'),
    insertSent: boolean('insert_sent').notNull().default(false),
    /** Where the temporary password went: 'private-email', or 'shown' (once, to the admin who created it). */
    passwordDelivery: text('password_delivery', { enum: ['private-email', 'shown'] }),
    /** Why the last attempt failed, in Google's words. */
    lastError: text('last_error'),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('workspace_accounts_state', sql`${t.state} in ('creating', 'created', 'failed')`),
    check('workspace_accounts_email_lower_case', sql`${t.memberEmail} = lower(${t.memberEmail})`),
  ],
);

/**
 * The admins' mapping of roles and departments to Google Workspace places (docs/product.md#google-workspace-accounts):
 * an organisational unit (`kind` 'org-unit') for new accounts, where the most specific row wins (role and department,
 * then role, then department, then neither); and Google Groups (`kind` 'group', docs/product.md#google-workspace-groups),
 * where every matching row adds its group. A null role or department matches any.
 */
export const workspaceMappings = pgTable(
  'workspace_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['org-unit', 'group'] }).notNull(),
    /** A role configuration's key, or null for any role. */
    roleKey: text('role_key'),
    /** A department as written on member records, or null for any department. */
    department: text('department'),
    /** The org unit's path, e.g. `/Volunteers`, or the group's address, lower case. */
    target: text('target').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [check('workspace_mappings_kind', sql`${t.kind} in ('org-unit', 'group')`)],
);

/**
 * Changes to a member's Google Workspace account planned for a day (docs/product.md#google-workspace-accounts): today
 * the suspension on the leaving date. One pending job per member and kind; a worker claims due jobs with a lease
 * (`claimed_until`, `claim_token`) as the outbox's sender does, carries each out once, retries Google's failures with
 * back-off and ends 'failed' after its last attempt, each outcome shown on the member page.
 */
export const workspaceJobs = pgTable(
  'workspace_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member's address, lower case. */
    memberEmail: text('member_email').notNull(),
    kind: text('kind', { enum: ['suspend'] }).notNull(),
    /** The day it is due (the leaving date), in the organisation's time zone. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    claimedUntil: timestamptz('claimed_until'),
    claimToken: uuid('claim_token'),
    /** What happened, in words for the member page: Google's error, or what was done. */
    outcome: text('outcome'),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    doneAt: timestamptz('done_at'),
  },
  (t) => [
    uniqueIndex('workspace_jobs_pending_idx')
      .on(t.memberEmail, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('workspace_jobs_due_idx').on(t.status, t.nextAttemptAt),
    check('workspace_jobs_kind', sql`${t.kind} in ('suspend')`),
    check('workspace_jobs_status', sql`${t.status} in ('pending', 'done', 'failed', 'cancelled')`),
  ],
);

/**
 * A pre-boarding link (docs/product.md#pre-boarding, docs/security.md#pre-boarding): sent to a member's private
 * address, it opens a pre-boarding session once. Only the HMAC of its token is kept (`tokenHash`, keyed like session
 * tokens), and it is bound to the invitation: the member record's `createdAt` (`invitedAt`) and the private address it
 * was sent to, so a record made again or a private address changed ends it. `usedAt` marks its single use; `endedAt`
 * and `endedReason` say why it can no longer be used otherwise ('signed-in': the first Google sign-in).
 */
export const preboardingLinks = pgTable(
  'preboarding_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member's address (their Workspace account), lower case. */
    email: text('email').notNull(),
    /** The private address the link was sent to, lower case. */
    privateEmail: text('private_email').notNull(),
    invitedAt: timestamptz('invited_at').notNull(),
    tokenHash: text('token_hash').notNull().unique('preboarding_links_token_hash_unique'),
    /** The outbox message that carried it (no foreign key: the outbox is kept apart). */
    outboxId: uuid('outbox_id'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    endedAt: timestamptz('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [index('preboarding_links_email_idx').on(t.email)],
);

/**
 * A pre-boarding session (docs/security.md#pre-boarding): opened with a pre-boarding link, its own cookie, the HMAC of
 * its token only. It ends at `expiresAt` (a few days after the start date), at the first Google sign-in, and when the
 * link's invitation or private address no longer holds (checked at each request).
 */
export const preboardingSessions = pgTable(
  'preboarding_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => preboardingLinks.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('preboarding_sessions_email_idx').on(t.email)],
);

/**
 * What a newcomer did before their first day (docs/product.md#pre-boarding), one row per member address: the steps
 * completed (`steps`: `[{ stepId, at }]`), their reading preferences, and when it joined their user at the first
 * Google sign-in (`joinedAt`, `joinedUserId`; once: what is joined is the member's from then on, and this row keeps
 * only what was done, for the member page).
 */
export const preboardingRecords = pgTable('preboarding_records', {
  email: text('email').primaryKey(),
  steps: jsonb('steps').$type<{ stepId: string; at: string }[]>().notNull().default([]),
  /** Forms sent before the first day: `[{ stepId, at }]` (never the answers: those are in preboarding_answers). */
  sentForms: jsonb('sent_forms').$type<{ stepId: string; at: string }[]>().notNull().default([]),
  preferences: jsonb('preferences'),
  firstOpenedAt: timestamptz('first_opened_at'),
  joinedAt: timestamptz('joined_at'),
  joinedUserId: uuid('joined_user_id'),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * Form answers given before the first day (docs/product.md#pre-boarding), by member address: version 0 the draft, 1
 * the sending. As in form_answers, the answers to sensitive questions are sealed with SECRETS_KEY (`sealed`, `keyId`),
 * bound to the address and step. Moved to form_answers (under the member's user id) at the first Google sign-in.
 */
export const preboardingAnswers = pgTable(
  'preboarding_answers',
  {
    email: text('email').notNull(),
    stepId: text('step_id').notNull(),
    version: integer('version').notNull(),
    stepVersion: integer('step_version').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    sealed: text('sealed'),
    keyId: text('key_id'),
    savedAt: timestamptz('saved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.stepId, t.version] }),
    check('preboarding_answers_version', sql`${t.version} in (0, 1)`),
    check('preboarding_answers_sealed_key', sql`(${t.sealed} is null) = (${t.keyId} is null)`),
  ],
);

/**
 * The domain's accounts as the periodic directory read last found them (docs/product.md#who-left-in-google-workspace):
 * 'active', 'suspended', or 'deleted' (listed by Google as deleted, or no longer listed at all after having been seen).
 * `since` is when Google suspended or deleted it (or when a read first found it so); `seenAt` the last read that
 * listed it. A non-member's account deleted for 30 days is forgotten.
 */
export const workspaceDirectoryAccounts = pgTable(
  'workspace_directory_accounts',
  {
    /** The primary address, lower case. */
    email: text('email').primaryKey(),
    /** Google's immutable user id. */
    googleId: text('google_id').notNull(),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    state: text('state', { enum: ['active', 'suspended', 'deleted'] }).notNull(),
    since: timestamptz('since'),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [
    index('workspace_directory_accounts_state_idx').on(t.state),
    check('workspace_directory_accounts_state', sql`${t.state} in ('active', 'suspended', 'deleted')`),
    check('workspace_directory_accounts_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * The last read of the directory (one row, `id` 'directory'): when, whether it worked and how many accounts it found;
 * a failure says why in `problem`. Several app processes read at most once per period between them (`startedAt`).
 */
export const workspaceDirectoryReads = pgTable('workspace_directory_reads', {
  id: text('id').primaryKey(),
  startedAt: timestamptz('started_at').notNull(),
  finishedAt: timestamptz('finished_at'),
  ok: boolean('ok').notNull().default(false),
  problem: text('problem'),
  accounts: integer('accounts').notNull().default(0),
});

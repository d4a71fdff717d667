import { and, eq, getTableColumns, getTableName, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { announcingEach } from './changes.js';
import type { Database } from './client.js';
import {
  acknowledgments,
  adminMembers,
  adminMembersPending,
  auditLog,
  contentAssets,
  contentDraft,
  contentVersions,
  formAnswers,
  formFiles,
  mailOutbox,
  mailReminderSteps,
  members,
  memberPreferences,
  memberSchedules,
  memberStepAdjustments,
  preboardingAnswers,
  preboardingLinks,
  preboardingRecords,
  preboardingSessions,
  progressImports,
  quizTries,
  sendKeys,
  sessions,
  sharedSecrets,
  stepItemProgress,
  stepProgress,
  teamTaskMails,
  teamTasks,
  users,
  workspaceAccounts,
  workspaceDirectoryAccounts,
  workspaceJobs,
  workspaceMappings,
} from './schema.js';

/**
 * What the database stores by a content id — a step's id, a form's or quiz's question id, a role's key — and what a
 * rename does with it (docs/decisions/056-renaming-keeps-progress.md, docs/decisions/061-renaming-questions-and-team-tasks.md,
 * docs/decisions/062-renaming-a-role.md); what becomes of a member's rows after they left (the answers sweep,
 * modules/answers/retention.ts); and what is stored by a person's address, which follows the former person when their
 * address passes to someone else (docs/decisions/035-a-person-is-their-user-id.md). One entry per table and column, so
 * a table added with such a column is added here once: stored-by-id.test.ts reads the schema and fails for a table
 * with a `step_id`, question (`field_id`, `question_id`, a JSON `answers`), role, user id or address column that is
 * not listed.
 */

/** A table and its column that holds the id. */
export interface Stored {
  /** The name the audit log's "moved" counts use (e.g. 'completions'). */
  name: string;
  table: PgTable;
  /** The column of `table` that holds the id. */
  column: PgColumn;
  /** Only the rows this picks move (e.g. skipped steps, not extra ones); all when absent. */
  only?: SQL;
  /** A column of a moved row that takes the publish's time (e.g. a member record's `updatedAt`). */
  stamp?: string;
  /** Why the rows never move, when they do not (a rename that would need them is refused, or they follow by themselves). */
  kept?: string;
}

/** A table stored by a step's id, and what becomes of a member's rows after they left. */
export interface StoredByStepId extends Stored {
  /**
   * What the hourly answers sweep does with a member's rows `ANSWERS_KEEP_DAYS_AFTER_LEAVING` days after they left
   * (docs/product.md#form-steps, modules/answers/retention.ts): `deleteBy` names the user id column they are deleted
   * by; `keep` says why they stay.
   */
  afterLeaving: AfterLeaving;
}

/** What becomes of a member's rows after they left: deleted by their user id column, or kept and why. */
export type AfterLeaving = { deleteBy: PgColumn } | { keep: string };

/**
 * An entry of one of the lists below: `name`, the table of `column` (a column knows its table), `column` and the rest.
 * @param name the entry's name (unique in its list; the audit log's counts use it)
 * @param column the column that holds the id
 * @param rest what the list says of the table (e.g. `afterLeaving`)
 */
function on<Rest extends object>(name: string, column: PgColumn, rest: Rest): Rest & Omit<Stored, 'kept'> {
  return { ...rest, name, table: column.table, column };
}

/** Kept after leaving: the organisation's record of the member's onboarding, not their answers. */
const PROGRESS_RECORD = { keep: "the organisation's record of the member's onboarding, not their answers" };
/** Kept after leaving: pre-boarding's rows go by address, with the rest of pre-boarding. */
const PREBOARDING = {
  keep: 'deleted by address with the rest of pre-boarding (modules/preboarding/preboarding-retention.ts)',
};

/** Everything stored by a step's id. */
export const STORED_BY_STEP_ID: readonly StoredByStepId[] = [
  on('completions', stepProgress.stepId, { afterLeaving: PROGRESS_RECORD }),
  on('ticks', stepItemProgress.stepId, { afterLeaving: PROGRESS_RECORD }),
  on('formAnswers', formAnswers.stepId, { afterLeaving: { deleteBy: formAnswers.userId } }),
  on('formFiles', formFiles.stepId, { afterLeaving: { deleteBy: formFiles.userId } }),
  on('quizTries', quizTries.stepId, { afterLeaving: { deleteBy: quizTries.userId } }),
  // The first answers of sends (a quiz's result): they go with the answers.
  on('sendKeys', sendKeys.stepId, { afterLeaving: { deleteBy: sendKeys.userId } }),
  on('skips', memberStepAdjustments.stepId, {
    only: eq(memberStepAdjustments.kind, 'skip'),
    afterLeaving: { keep: "an admin's decision about the member's steps, not their answers" },
  }),
  on('reminders', mailReminderSteps.stepId, {
    afterLeaving: { keep: 'the mail history, by address: which reminders were sent' },
  }),
  // Answers given before the first day, by address until the first sign-in joins them (docs/product.md#pre-boarding).
  on('preboardingAnswers', preboardingAnswers.stepId, { afterLeaving: PREBOARDING }),
  on('acknowledgments', acknowledgments.stepId, {
    kept: 'append-only signed records: a rename of a step members agreed to is refused',
    afterLeaving: { keep: 'signed records the organisation may need to produce' },
  }),
];

/**
 * Every other table stored by a user id (a step's tables are in {@link STORED_BY_STEP_ID}), and what the answers sweep
 * does with a member's rows `ANSWERS_KEEP_DAYS_AFTER_LEAVING` days after they left.
 */
export const STORED_BY_USER_ID: readonly {
  name: string;
  table: PgTable;
  column: PgColumn;
  afterLeaving: AfterLeaving;
}[] = [
  // Reading and display settings can tell of access needs: they go with the answers.
  on('preferences', memberPreferences.userId, { afterLeaving: { deleteBy: memberPreferences.userId } }),
  on('sessions', sessions.userId, {
    afterLeaving: { keep: 'none are left: marking someone as left ends their sessions (modules/members)' },
  }),
  on('progressImports', progressImports.userId, {
    afterLeaving: { keep: 'which steps an earlier version of the app completed: part of the onboarding record' },
  }),
  on('auditLog', auditLog.actorUserId, { afterLeaving: { keep: 'the audit log: who did what, kept as it happened' } }),
  on('preboardingJoined', preboardingRecords.joinedUserId, { afterLeaving: PREBOARDING }),
  on('adminMembers', adminMembers.userId, { afterLeaving: { keep: 'derived from the member records, recomputed' } }),
];

/** Why the former person's mail not yet sent is cancelled when their address is given to someone else. */
export const ADDRESS_RECYCLED_CANCEL_REASON = 'the address was given to another person';

/** A table stored by a person's e-mail address, and what becomes of its rows when the address passes to another. */
export interface StoredByAddress {
  name: string;
  table: PgTable;
  /** The column that holds the address (lower case). */
  column: PgColumn;
  /**
   * When the address passes to another Google account: `move` — the rows go to the former person's address, with
   * `also` further columns set in the same update and `announce` the caches told of each row (db/changes.ts);
   * `keep` — they stay with the address, and why.
   */
  onRecycle: { move: RecycleMove } | { keep: string };
}

/** How rows go to the former person's address: {@link StoredByAddress.onRecycle}. */
export interface RecycleMove {
  /** Further columns set in the same update. */
  also?: (ids: { from: string; to: string }) => Record<string, SQL>;
  /** The caches told of each row moved (db/changes.ts). */
  announce?: { kind: 'user' | 'member'; key: PgColumn };
}

/** Rows that go to the former person's address with them when their address passes to someone else. */
const moves = (name: string, column: PgColumn, move: RecycleMove = {}) => on(name, column, { onRecycle: { move } });
/** Rows that stay with the address when it passes to someone else, and why. */
const keeps = (name: string, column: PgColumn, why: string) => on(name, column, { onRecycle: { keep: why } });
/** An address that says who did something, kept as it was when the address passes to someone else; named `table.column`. */
const stamp = (column: PgColumn) =>
  keeps(`${getTableName(column.table)}.${column.name}`, column, 'who did it, as it happened');

/** Everything stored by a person's address, in the order a recycled address moves it. */
export const STORED_BY_ADDRESS: readonly StoredByAddress[] = [
  moves('users', users.email, { announce: { kind: 'user', key: users.id } }),
  moves('members', members.email, { announce: { kind: 'member', key: members.email } }),
  // Their start date, paused or unsubscribed reminders and digest setting.
  moves('schedules', memberSchedules.email),
  // Their mail history, with the dedupe keys that name the address (so the new person's reminder of the same day is
  // planned); messages not yet sent are cancelled: a former address is never written to (with plus addressing it would
  // reach the address's new holder).
  on('outbox', mailOutbox.recipient, {
    onRecycle: {
      move: {
        also: ({ from, to }: { from: string; to: string }) => ({
          dedupeKey: sql`replace(${mailOutbox.dedupeKey}, ${`:${from}:`}, ${`:${to}:`})`,
          status: sql`case when ${mailOutbox.status} = 'pending' then 'cancelled' else ${mailOutbox.status} end`,
          cancelReason: sql`case when ${mailOutbox.status} = 'pending' then ${ADDRESS_RECYCLED_CANCEL_REASON} else ${mailOutbox.cancelReason} end`,
        }),
      },
    },
  }),
  // The reminder occasions already sent to them, and the team task mails.
  moves('reminders', mailReminderSteps.email),
  moves('teamTaskMails', teamTaskMails.recipient),
  // An admin's skips and extra steps, and the team tasks done for them, are the former person's.
  moves('adjustments', memberStepAdjustments.email),
  moves('teamTasks', teamTasks.newcomerEmail),
  // What the former person did before their first day is theirs: it must not join the new holder's account.
  moves('preboardingRecords', preboardingRecords.email),
  moves('preboardingAnswers', preboardingAnswers.email),
  moves('preboardingLinks', preboardingLinks.email),
  moves('preboardingSessions', preboardingSessions.email),
  // What stays with the address.
  keeps('acknowledgments', acknowledgments.email, 'signed records, append-only: they follow the person by user id'),
  keeps('auditLog', auditLog.actorEmail, 'the audit log: who did what, as it happened'),
  keeps('linkSentTo', preboardingLinks.privateEmail, 'the private address the link was sent to: moves with the link'),
  keeps('privateEmail', members.privateEmail, "the member's own private address: it moves with their member record"),
  keeps('adminMembers', adminMembers.email, 'derived from the member records, recomputed'),
  keeps('adminMembersPending', adminMembersPending.email, 'derived: a note that the row above is to be recomputed'),
  keeps('workspaceAccounts', workspaceAccounts.memberEmail, "the Workspace account is the address's: passes with it"),
  keeps('workspaceJobs', workspaceJobs.memberEmail, "jobs on the Google Workspace account, which is the address's"),
  keeps('directory', workspaceDirectoryAccounts.email, 'the directory as last read: the next read updates it'),
  // Who did something, as it happened: a stamp, not the person's record (record 035).
  ...[
    sharedSecrets.updatedByEmail,
    contentVersions.createdBy,
    contentDraft.updatedBy,
    contentAssets.createdBy,
    memberStepAdjustments.createdBy,
    teamTasks.doneBy,
    workspaceAccounts.requestedBy,
    workspaceJobs.requestedBy,
  ].map(stamp),
];

/**
 * Moves everything {@link STORED_BY_ADDRESS} says follows a person from their address to their former address, in the
 * transaction that gives the address to someone else.
 * @param tx that transaction
 * @param ids `from` (the recycled address) and `to` (the former person's address), lower case
 * @returns how many rows moved, by entry name
 */
export async function moveAddress(tx: Database, ids: { from: string; to: string }): Promise<Map<string, number>> {
  const moved = new Map<string, number>();
  for (const stored of STORED_BY_ADDRESS) {
    if (!('move' in stored.onRecycle)) continue;
    const { also, announce } = stored.onRecycle.move;
    // Keys of a table chosen at run time: the type of `set` cannot name them.
    const set = { [keyOf(stored.table, stored.column)]: ids.to, ...also?.(ids) } as PgUpdateSetSource<PgTable>;
    const rows = await tx
      .update(stored.table)
      .set(set)
      .where(eq(stored.column, ids.from))
      .returning(announce === undefined ? { x: stored.column } : announcingEach(announce.kind, announce.key));
    moved.set(stored.name, rows.length);
  }
  return moved;
}

/** Everything stored by a role's key. */
export const STORED_BY_ROLE_KEY: readonly Stored[] = [
  on('members', members.role, { stamp: 'updatedAt' }),
  on('users', users.role, {}),
  on('teamTasks', teamTasks.roleKey, {}),
  on('workspaceMappings', workspaceMappings.roleKey, {}),
  on('adminMembers', adminMembers.roleKey, { kept: 'derived: recomputed from the member records and the new catalog' }),
];

/** The key of a column in its table's columns (`stepId` for `step_id`). */
function keyOf(table: PgTable, column: PgColumn): string {
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
  if (key === undefined) throw new Error(`the column ${column.name} is not one of its table's`);
  return key;
}

/**
 * Moves the rows of one table from one id to another (in the publish's transaction).
 * @param tx the publish's transaction
 * @param stored the table, its id column and which of its rows move
 * @param ids `from` and `to`
 * @param at the publish's time, for {@link Stored.stamp} (a table with a stamp moves nothing without it)
 * @returns how many rows moved
 */
export async function moveStored(
  tx: Database,
  stored: Stored,
  ids: { from: string; to: string },
  at?: Date,
): Promise<number> {
  const { table, column, only, stamp } = stored;
  if (stamp !== undefined && at === undefined) throw new Error(`moving ${stored.name} needs the publish's time`);
  const where = only === undefined ? eq(column, ids.from) : and(eq(column, ids.from), only);
  // Keys of a table chosen at run time: the type of `set` cannot name them.
  const set = {
    [keyOf(table, column)]: ids.to,
    ...(stamp === undefined ? {} : { [stamp]: at }),
  } as PgUpdateSetSource<PgTable>;
  const rows = await tx.update(table).set(set).where(where).returning({ x: column });
  return rows.length;
}

/** A table that holds a question's id (unique within its step only). */
export interface StoredByQuestion {
  /** The name the audit log's counts use. */
  name: string;
  /** Whose questions: a form's or a quiz's. */
  kind: 'form' | 'quiz';
  table: PgTable;
  /** The table's step id column. */
  step: PgColumn;
  /** The column that holds the question's id: as a key of its JSON object (`key`: answers), or as its value. */
  column: PgColumn;
  holds: 'key' | 'value';
}

/** Everything stored by a question's id. Answers to sensitive questions are sealed, so no row shows their ids. */
export const STORED_BY_QUESTION_ID: readonly StoredByQuestion[] = [
  {
    name: 'formAnswers',
    kind: 'form',
    table: formAnswers,
    step: formAnswers.stepId,
    column: formAnswers.answers,
    holds: 'key',
  },
  {
    name: 'formFiles',
    kind: 'form',
    table: formFiles,
    step: formFiles.stepId,
    column: formFiles.fieldId,
    holds: 'value',
  },
  {
    name: 'preboardingAnswers',
    kind: 'form',
    table: preboardingAnswers,
    step: preboardingAnswers.stepId,
    column: preboardingAnswers.answers,
    holds: 'key',
  },
  {
    name: 'quizTries',
    kind: 'quiz',
    table: quizTries,
    step: quizTries.stepId,
    column: quizTries.answers,
    holds: 'key',
  },
];

/**
 * The rows of a table that hold a question's id under one of some steps.
 * @param stepIds the step ids (e.g. a step's published and new id)
 * @param id the question's id
 */
export function holdingQuestion(stored: StoredByQuestion, stepIds: readonly string[], id: string): SQL | undefined {
  const held = stored.holds === 'key' ? sql`(${stored.column} -> ${id}::text) is not null` : eq(stored.column, id);
  return and(inArray(stored.step, [...stepIds]), held);
}

/**
 * Moves a question's id in one table (in the publish's transaction): an answer under the old id is stored under the
 * new one; a file of the old question becomes the new one's.
 * @param stepId the step's id (its new id when it is renamed too: steps move first)
 * @param ids `from` and `to`
 * @returns how many rows moved
 */
export async function moveQuestion(
  tx: Database,
  stored: StoredByQuestion,
  stepId: string,
  ids: { from: string; to: string },
): Promise<number> {
  const { table, column } = stored;
  const value =
    stored.holds === 'key'
      ? sql`(${column} - ${ids.from}::text) || jsonb_build_object(${ids.to}::text, ${column} -> ${ids.from}::text)`
      : ids.to;
  // Keys of a table chosen at run time: the type of `set` cannot name them.
  const set = { [keyOf(table, column)]: value } as PgUpdateSetSource<PgTable>;
  const rows = await tx
    .update(table)
    .set(set)
    .where(holdingQuestion(stored, [stepId], ids.from))
    .returning({ x: stored.step });
  return rows.length;
}

/**
 * Whether a table has a row that matches.
 * @param where the condition (a stored id, with any other)
 */
export async function anyStored(db: Database, table: PgTable, where: SQL | undefined): Promise<boolean> {
  return (
    (
      await db
        .select({ x: sql`1` })
        .from(table)
        .where(where)
        .limit(1)
    ).length > 0
  );
}

/** Whether members sent sensitive answers to a form step (sealed with its id: they cannot move to another). */
export const hasSealedAnswers = (db: Database, stepId: string): Promise<boolean> =>
  anyStored(db, formAnswers, and(eq(formAnswers.stepId, stepId), isNotNull(formAnswers.sealed)));

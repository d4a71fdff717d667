import { and, eq, sql } from 'drizzle-orm';
import { needsAcknowledgment } from '../../../shared/acknowledgments.js';
import { type RoleConfiguration } from '../../../shared/content-schema.js';
import type { StudioProblem, StudioVersionSummary } from '../../../shared/studio-api.js';
import type { Database } from '../../db/client.js';
import { contentDraft, contentVersions } from '../../db/schema.js';
import { retakeStepIds } from '../answers/index.js';
import { announce } from '../../db/changes.js';
import { recordAudit } from '../audit/index.js';
import { deleteDraft, insertVersion } from '../../content/content.repository.js';
import type { PublishedContent } from '../../content/published-content.js';
import { aliasChanges } from './access-fields.js';
import { accessMoves, accessMovesOfPublish, knownPeople } from './access-map.js';
import {
  answerRenameProblems,
  moveRenamedAnswers,
  moveRenamedRecords,
  moveRenamedRoles,
  renameRecordProblems,
  stepRenamesOf,
  takeRenames,
  withPublishedQuestionIds,
  withRenamedRoleKeys,
  type QuestionRename,
  type Rename,
  type RoleRename,
  type TeamTaskRename,
} from './renames.js';
import {
  type Removal,
  checkStudioCatalog,
  membersPerRole,
  removalsWithProgress,
  removedRolesInUse,
  stepPlaces,
  teamTaskAssigneeProblems,
} from './catalog-checks.js';

/**
 * The content studio's work (docs/product.md#content-studio, docs/decisions/023-content-studio.md): checking a
 * catalog with the rules of `npm run content:check`, publishing it atomically, what a publish removes that members
 * completed, material changes, and how many members each role has.
 */

export {
  type Removal,
  type StoredFiles,
  assetProblemOf,
  checkStudioCatalog,
  membersPerRole,
  removalsWithProgress,
  removedRolesInUse,
  stepPlaces,
  storedFiles,
  teamTaskAssigneeProblems,
} from './catalog-checks.js';

/**
 * Marks steps as a material change: exactly a `version` bump (docs/decisions/021-signed-versioned-acknowledgments.md),
 * so members who agreed to an earlier version must agree again (the member's next page load and the hourly sweep), and
 * members who answered a form or passed a quiz of an earlier version answer it again
 * (docs/product.md#changing-a-form-or-quiz-after-people-answered).
 * The step's version becomes one above the published one (or stays, when the draft already raised it further),
 * `versionDate` today, and `versionNote` the publish note when given.
 * @param publishedIdOf a renamed step's published id by its new id (its published version is found under it)
 * @returns the catalog with the marked steps changed, or the problems (unknown step, or one that asks for no agreement
 *   and no answers)
 */
export function applyMaterialChanges(
  configs: readonly RoleConfiguration[],
  published: readonly RoleConfiguration[],
  stepIds: readonly string[],
  today: string,
  note: string | undefined,
  publishedIdOf: ReadonlyMap<string, string> = new Map(),
): { configs: RoleConfiguration[]; problems: StudioProblem[] } {
  const wanted = new Set(stepIds);
  const problems: StudioProblem[] = [];
  const before = stepPlaces(published);
  const found = new Set<string>();
  const changed = configs.map((config) => ({
    ...config,
    scopes: config.scopes.map((scope, si) => ({
      ...scope,
      steps: scope.steps.map((step, ti) => {
        if (!wanted.has(step.id)) return step;
        found.add(step.id);
        if (!needsAcknowledgment(step) && step.form === undefined && step.quiz === undefined) {
          problems.push({
            role: config.key,
            path: `scopes[${si}].steps[${ti}]`,
            message: `"${step.title}" asks nobody to agree to anything, so it cannot be a material change`,
          });
          return step;
        }
        const publishedVersion = before.get(publishedIdOf.get(step.id) ?? step.id)?.step.version ?? 1;
        const version = Math.max(step.version ?? 1, publishedVersion + 1);
        return { ...step, version, versionDate: today, ...(note === undefined ? {} : { versionNote: note }) };
      }),
    })),
  }));
  for (const id of wanted) {
    if (!found.has(id)) problems.push({ role: '', path: '', message: `material change: no step has the id "${id}"` });
  }
  return { configs: changed, problems };
}

/** The draft being published was saved again or published by someone else meanwhile (nothing was published). */
export class DraftChangedError extends Error {
  constructor() {
    super('Someone saved or published the draft while you were publishing it. Reload to see it, then publish again.');
    this.name = 'DraftChangedError';
  }
}

/** Old key → new key of each renamed role. */
export const roleRenamesOf = (renames: readonly RoleRename[]): Map<string, string> =>
  new Map(renames.map((r) => [r.role.from, r.role.to]));

/**
 * A content editor's publish or restore would change access for someone (docs/security.md#access-is-an-invariant):
 * the transaction is rolled back, nothing is published.
 */
export class AccessChangeError extends Error {
  /** The changes, one sentence each (access-map.ts `accessMoves`). */
  readonly changes: string[];
  constructor(changes: string[]) {
    super(changes.join(' '));
    this.name = 'AccessChangeError';
    this.changes = changes;
  }
}

/** What a publish or restore records. */
export interface PublishInput {
  configs: RoleConfiguration[];
  kind: 'publish' | 'restore';
  restoredFrom: number | null;
  materialChanges: string[];
  note: string | null;
  actor: { userId: string | null; email: string };
  at: Date;
  /**
   * Removes the draft in the same transaction (a publish of the draft). With `draftUpdatedAt`, only that draft: when
   * someone saved or published it meanwhile, nothing is published ({@link DraftChangedError}).
   */
  clearDraft: boolean;
  draftUpdatedAt?: Date;
  /** Steps and items renamed (docs/product.md#renaming-a-step): members' records move to the new ids. */
  renames?: readonly Rename[];
  /** Questions renamed: members' answers move to the new ids. */
  questionRenames?: readonly QuestionRename[];
  /** Team tasks renamed: the tasks already made follow them. */
  taskRenames?: readonly TeamTaskRename[];
  /** Roles renamed (docs/decisions/062-renaming-a-role.md): their members and team tasks take the new key. */
  roleRenames?: readonly RoleRename[];
  /**
   * The access check (docs/security.md#access-is-an-invariant): the published catalog, and whether the person may change
   * access. Who resolves where and sees what is computed before and after the moves, in the transaction; a change by
   * someone who may not change access throws {@link AccessChangeError}, an admin's is audited as `accessMoves`.
   */
  access?: { published: readonly RoleConfiguration[]; mayChange: boolean };
  /** Called inside the transaction after the version is written (tests kill the process there). */
  beforeCommit?: () => Promise<void>;
}

/**
 * Publishes a catalog as the next version in one transaction: the version, the audit entry (`content-publish` or
 * `content-restore`) and, for a publish, the removal of the draft commit together or not at all. The change feed
 * announcement is part of the transaction, so every process switches when (and only when) it commits.
 * @returns the new version's summary
 */
export async function publishCatalog(db: Database, input: PublishInput): Promise<StudioVersionSummary> {
  return db.transaction(async (tx) => {
    // One publish at a time: the next one waits, then takes the next number (and finds the draft it read gone).
    await tx.execute(sql`lock table ${contentVersions} in share row exclusive mode`);
    if (input.clearDraft && input.draftUpdatedAt !== undefined) {
      const removed = await tx
        .delete(contentDraft)
        .where(and(eq(contentDraft.id, 1), eq(contentDraft.updatedAt, input.draftUpdatedAt)))
        .returning({ id: contentDraft.id });
      if (removed.length === 0) throw new DraftChangedError();
    }
    const version = await insertVersion(tx, {
      catalog: input.configs,
      kind: input.kind,
      restoredFrom: input.restoredFrom,
      materialChanges: input.materialChanges,
      note: input.note,
      by: input.actor.email,
      at: input.at,
    });
    if (input.clearDraft && input.draftUpdatedAt === undefined) await deleteDraft(tx);
    const peopleBefore = input.access ? await knownPeople(tx) : undefined;
    // Roles first: a team task's rename names its role by the new key.
    const renamedRoles = await moveRenamedRoles(tx, input.roleRenames ?? [], input.at);
    const renamed = await moveRenamedRecords(tx, input.renames ?? []);
    const renamedAnswers = await moveRenamedAnswers(tx, input.questionRenames ?? [], input.taskRenames ?? []);
    // Who completed what changed under the read cache's feet: every process forgets what it kept.
    if (
      renamed.some((r) => Object.values(r.moved).some((n) => n > 0)) ||
      renamedAnswers.some((r) => r.moved > 0) ||
      renamedRoles.some((r) => Object.values(r.moved).some((n) => n > 0))
    )
      await announce(tx, { kind: 'everything' });
    const moved =
      input.access && peopleBefore
        ? accessMoves(
            { configs: input.access.published, known: peopleBefore },
            { configs: input.configs, known: await knownPeople(tx) },
            roleRenamesOf(input.roleRenames ?? []),
          ).map((m) => m.sentence)
        : [];
    if (moved.length > 0 && input.access?.mayChange !== true) throw new AccessChangeError(moved);
    await recordAudit(tx, {
      kind: input.kind === 'publish' ? 'content-publish' : 'content-restore',
      outcome: 'ok',
      actorUserId: input.actor.userId,
      actorEmail: input.actor.email,
      subject: `version ${version.version}`,
      details: {
        version: version.version,
        restoredFrom: input.restoredFrom,
        materialChanges: input.materialChanges,
        note: input.note,
        ...(renamed.length === 0 ? {} : { renamed }),
        ...(renamedAnswers.length === 0 ? {} : { renamedAnswers }),
        ...(renamedRoles.length === 0 ? {} : { renamedRoles }),
        ...(moved.length === 0 ? {} : { accessMoves: moved }),
      },
      at: input.at,
    });
    await input.beforeCommit?.();
    return version;
  });
}

/** What {@link publishVersion} publishes, and who asks. */
export interface PublishVersionInput {
  /** `publish` (the draft) or `restore` (an earlier version's catalog, published again). */
  kind: 'publish' | 'restore';
  /** The catalog to publish: the draft's, or the restored version's (checked here before anything is stored). */
  catalog: readonly unknown[];
  /** The latest published version, which the new one follows. */
  base: { version: number; catalog: RoleConfiguration[] };
  /** For a restore: the version restored (null for a publish). */
  restoredFrom: number | null;
  /** For a publish: the `updatedAt` of the draft published; the draft goes in the same transaction, unless changed. */
  draftUpdatedAt: Date | null;
  /** Step ids to mark as a material change (empty for a restore). */
  materialChanges: readonly string[];
  /** The publish note, or undefined. */
  note: string | undefined;
  /** True once the editor confirmed removing steps or items members completed. */
  confirmRemovals: boolean;
  /** Whether the person may change access (`content:access`: admins); a content editor may not. */
  mayChangeAccess: boolean;
  actor: { userId: string | null; email: string };
  at: Date;
  /** Why a file address points to no file ({@link assetProblemOf}). */
  assetProblem: (address: string) => string | undefined;
  /** The organisation's domain (ALLOWED_DOMAIN, lower case): people a team task names must have an address of it. */
  organisationDomain: string;
}

/**
 * What a publish or restore came to: the new version, or why nothing was published — the catalog's problems (with the
 * material changes that cannot be and the roles people still have), the access changes only an admin may make, the
 * removals members completed that need a confirmation, or a draft someone changed meanwhile.
 */
export type PublishOutcome =
  | { outcome: 'published'; version: StudioVersionSummary }
  | { outcome: 'problems'; problems: StudioProblem[] }
  | { outcome: 'access'; changes: string[] }
  | { outcome: 'removals'; removals: Removal[] }
  | { outcome: 'draft-changed'; message: string };

/**
 * Publishes a catalog as the next version, for 'Publish' and for 'Restore' alike (docs/product.md#content-studio): checks
 * it as `npm run content:check` does; refuses a content editor's change of access
 * (docs/decisions/033-who-decides-access.md); checks the renames the draft marks (docs/product.md#renaming-a-step);
 * marks the material changes; refuses to drop a role people have; asks to confirm removing what members completed;
 * then stores the version, the moves of renamed steps' records, its audit entry and (for a publish) the draft's
 * removal in one transaction ({@link publishCatalog}) and makes `content` serve it.
 * @param db the database
 * @param content the published content this process serves (its catalog says who has which role; it adopts the
 *   version)
 * @returns the new version, or why nothing was published (nothing is stored then)
 */
export async function publishVersion(
  db: Database,
  content: Pick<PublishedContent, 'catalog' | 'adopt'>,
  input: PublishVersionInput,
): Promise<PublishOutcome> {
  const checked = checkStudioCatalog(input.catalog, input.assetProblem);
  if (!checked.configs) return { outcome: 'problems', problems: checked.problems };
  const assignees = teamTaskAssigneeProblems(checked.configs, input.organisationDomain);
  if (assignees.length > 0) return { outcome: 'problems', problems: assignees };
  const renamed = takeRenames(checked.configs, input.base.catalog);
  const renameProblems = [
    ...renamed.problems,
    ...(await renameRecordProblems(db, renamed.renames)),
    ...(await answerRenameProblems(db, renamed.questionRenames, renamed.taskRenames)),
  ];
  if (renameProblems.length > 0) return { outcome: 'problems', problems: renameProblems };
  if (!input.mayChangeAccess) {
    // Aliases also reach people not yet known; everything else is checked on the people, in the transaction.
    const changes = [
      ...aliasChanges(withRenamedRoleKeys(input.base.catalog, renamed.roleRenames), renamed.configs),
      ...(await accessMovesOfPublish(db, input.base.catalog, renamed.configs, roleRenamesOf(renamed.roleRenames))).map(
        (m) => m.sentence,
      ),
    ];
    if (changes.length > 0) return { outcome: 'access', changes };
  }
  // A form or quiz whose questions change materially is always a material change: members answer it again. A
  // renamed question is the same question.
  const asAnswered = withPublishedQuestionIds(renamed.configs, renamed.questionRenames);
  const materialChanges = [
    ...new Set([
      ...input.materialChanges,
      ...retakeStepIds(input.base.catalog, asAnswered, stepRenamesOf(renamed.renames)),
    ]),
  ];
  const marked = applyMaterialChanges(
    renamed.configs,
    input.base.catalog,
    materialChanges,
    input.at.toISOString().slice(0, 10),
    input.note,
    new Map(renamed.renames.filter((r) => r.item === null).map((r) => [r.step.to, r.step.from])),
  );
  const inUse = removedRolesInUse(
    await membersPerRole(db, content.catalog),
    marked.configs,
    renamed.roleRenames.map((r) => r.role.from),
  );
  if (marked.problems.length + inUse.length > 0)
    return { outcome: 'problems', problems: [...marked.problems, ...inUse] };
  if (!input.confirmRemovals) {
    const removals = await removalsWithProgress(db, input.base.catalog, marked.configs, renamed.renames);
    if (removals.length > 0) return { outcome: 'removals', removals };
  }
  let version: StudioVersionSummary;
  try {
    version = await publishCatalog(db, {
      configs: marked.configs,
      kind: input.kind,
      restoredFrom: input.restoredFrom,
      materialChanges,
      note: input.note === undefined || input.note === '' ? null : input.note,
      actor: input.actor,
      at: input.at,
      clearDraft: input.draftUpdatedAt !== null,
      ...(input.draftUpdatedAt === null ? {} : { draftUpdatedAt: input.draftUpdatedAt }),
      renames: renamed.renames,
      questionRenames: renamed.questionRenames,
      taskRenames: renamed.taskRenames,
      roleRenames: renamed.roleRenames,
      access: { published: input.base.catalog, mayChange: input.mayChangeAccess },
    });
  } catch (error) {
    if (error instanceof DraftChangedError) return { outcome: 'draft-changed', message: error.message };
    if (error instanceof AccessChangeError) return { outcome: 'access', changes: error.changes };
    throw error;
  }
  content.adopt(version.version, marked.configs);
  return { outcome: 'published', version };
}

import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { needsAcknowledgment } from '../../../shared/acknowledgments.js';
import { ownOriginUrlProblem, type RoleConfiguration, type Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { StudioProblem, StudioRemoval, StudioVersionSummary } from '../../../shared/studio-api.js';
import { byHashOf, checkCatalog, directoryAssetProblem } from '../../content/load-content.js';
import { lookUpRole } from '../../content/resolved-roles.js';
import type { Database } from '../../db/client.js';
import {
  contentAssets,
  contentDraft,
  contentVersions,
  members,
  stepItemProgress,
  stepProgress,
  users,
} from '../../db/schema.js';
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

/**
 * The content studio's work (docs/product.md#content-studio, docs/decisions/023-content-studio.md): checking a
 * catalog with the rules of `npm run content:check`, publishing it atomically, what a publish removes that members
 * completed, material changes, and how many members each role has.
 */

/** The stored files a catalog may point to. */
export interface StoredFiles {
  hashes: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

/** Reads which files are stored (by hash, and by their name for `/content/<name>` addresses). */
export async function storedFiles(db: Database): Promise<StoredFiles> {
  const rows = await db.select({ sha256: contentAssets.sha256, name: contentAssets.name }).from(contentAssets);
  return { hashes: new Set(rows.map((r) => r.sha256)), names: new Set(rows.map((r) => r.name)) };
}

/**
 * Why an address points to no file: `/assets/content/by-hash/<sha256>` must be stored in the database;
 * `/content/<path>` must be a file of `<contentDir>/assets` or a stored file of that name. An absolute address of the
 * app's own host is checked as its path (`https://<PUBLIC_URL host>/api/…` is refused like `/api/…`).
 * @param publicUrl the app's PUBLIC_URL, when set
 */
export function assetProblemOf(
  contentDir: string,
  files: StoredFiles,
  publicUrl?: string,
): (address: string) => string | undefined {
  const onDisk = directoryAssetProblem(contentDir);
  return (address) => {
    const own = ownOriginUrlProblem(address, publicUrl);
    if (own !== null) return own;
    const hash = byHashOf(address);
    if (hash === '') return `"${address}" is not the address of a stored file (it needs the file's 64-digit SHA-256)`;
    if (hash !== undefined)
      return files.hashes.has(hash) ? undefined : `"${address}" points to no stored file: upload the file again`;
    const problem = onDisk(address);
    if (problem === undefined) return undefined;
    const name = decodeURIComponent(address.slice('/content/'.length).split(/[?#]/)[0] ?? '');
    return files.names.has(name)
      ? undefined
      : `"${address}" points to no file: upload it in the studio and use its new address`;
  };
}

/**
 * Checks a whole catalog as `npm run content:check` does, with problems in the studio's shape.
 * @param entries the role configurations (from a request or the database)
 * @returns every problem, and the parsed configurations sorted by key when there is none
 */
export function checkStudioCatalog(
  entries: readonly unknown[],
  assetProblem: (address: string) => string | undefined,
): { problems: StudioProblem[]; configs?: RoleConfiguration[] } {
  const checked = checkCatalog(entries, assetProblem);
  const problems = checked.problems.map((p) => ({
    role: p.file.startsWith('#') ? '' : p.file,
    path: p.path,
    message: p.message,
  }));
  return checked.configs ? { problems, configs: checked.configs } : { problems };
}

/** One step of a catalog with where it is and its item ids. */
interface StepPlace {
  role: string;
  /** The role's display name. */
  roleName: string;
  title: string;
  step: Step;
  items: Set<string>;
}

/** Every step of a catalog by id (ids are unique across the catalog). */
export function stepPlaces(configs: readonly RoleConfiguration[]): Map<string, StepPlace> {
  const places = new Map<string, StepPlace>();
  for (const config of configs) {
    for (const scope of config.scopes) {
      for (const step of scope.steps) {
        const items = new Set([...step.content.checklist, ...step.content.acknowledgments].map((i) => i.id));
        places.set(step.id, { role: config.key, roleName: config.displayName, title: step.title, step, items });
      }
    }
  }
  return places;
}

/** A step or item a publish removes that members have completed or ticked. */
export type Removal = StudioRemoval;

/**
 * The steps and items `next` removes from `published` that members completed or ticked (their records are kept;
 * docs/product.md#content-studio). A renamed step or item is not removed: its records move with it.
 * @param renames the renames the publish makes (docs/product.md#renaming-a-step)
 * @returns the removals with members, step order of the published catalog
 */
export async function removalsWithProgress(
  db: Database,
  published: readonly RoleConfiguration[],
  next: readonly RoleConfiguration[],
  renames: readonly Rename[] = [],
): Promise<Removal[]> {
  const before = stepPlaces(published);
  const after = stepPlaces(next);
  const newIdOf = new Map(renames.filter((r) => r.item === null).map((r) => [r.step.from, r.step.to]));
  const renamedItems = new Set(renames.flatMap((r) => (r.item === null ? [] : [`${r.step.from}\u0000${r.item.from}`])));
  const removedSteps = [...before.keys()].filter((id) => !after.has(newIdOf.get(id) ?? id));
  const removedItems: { stepId: string; itemId: string }[] = [];
  for (const [id, place] of before) {
    const kept = after.get(newIdOf.get(id) ?? id);
    if (!kept) continue;
    for (const itemId of place.items)
      if (!kept.items.has(itemId) && !renamedItems.has(`${id}\u0000${itemId}`))
        removedItems.push({ stepId: id, itemId });
  }
  const removals: Removal[] = [];
  if (removedSteps.length > 0) {
    const rows = await db
      .select({ stepId: stepProgress.stepId, n: count() })
      .from(stepProgress)
      .where(inArray(stepProgress.stepId, removedSteps))
      .groupBy(stepProgress.stepId);
    const counts = new Map(rows.map((r) => [r.stepId, Number(r.n)]));
    for (const stepId of removedSteps) {
      const n = counts.get(stepId) ?? 0;
      const place = before.get(stepId);
      if (n > 0 && place)
        removals.push({
          stepId,
          itemId: null,
          role: place.role,
          roleName: place.roleName,
          title: place.title,
          completedBy: n,
        });
    }
  }
  if (removedItems.length > 0) {
    const rows = await db
      .select({ stepId: stepItemProgress.stepId, itemId: stepItemProgress.itemId, n: count() })
      .from(stepItemProgress)
      .where(inArray(stepItemProgress.stepId, [...new Set(removedItems.map((r) => r.stepId))]))
      .groupBy(stepItemProgress.stepId, stepItemProgress.itemId);
    const counts = new Map(rows.map((r) => [`${r.stepId}\u0000${r.itemId}`, Number(r.n)]));
    for (const { stepId, itemId } of removedItems) {
      const n = counts.get(`${stepId}\u0000${itemId}`) ?? 0;
      const place = before.get(stepId);
      if (n > 0 && place)
        removals.push({
          stepId,
          itemId,
          role: place.role,
          roleName: place.roleName,
          title: place.title,
          completedBy: n,
        });
    }
  }
  return removals;
}

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
 * Team tasks that name someone outside the organisation (docs/security.md#access-is-an-invariant): a team task shows
 * its assignees the newcomer's name and address and e-mails them, so `who: { members }` takes only addresses of the
 * organisation's domain.
 * @param configs the catalog to publish
 * @param domain the organisation's domain, lower case
 * @returns one problem per address of another domain
 */
export function teamTaskAssigneeProblems(configs: readonly RoleConfiguration[], domain: string): StudioProblem[] {
  const problems: StudioProblem[] = [];
  for (const config of configs)
    config.teamTasks.forEach((task, ti) => {
      if (typeof task.who !== 'object') return;
      task.who.members.forEach((address, ai) => {
        if (address.split('@').pop()?.toLowerCase() === domain.toLowerCase()) return;
        problems.push({
          role: config.key,
          path: `teamTasks[${ti}].who.members[${ai}]`,
          message: `“${address}” is not an address of ${domain}: a team task can name only people of the organisation (it shows them the newcomer's name and address).`,
        });
      });
    });
  return problems;
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

/** How many people resolve to each role of a catalog: member records (not left), and users without one. */
export async function membersPerRole(db: Database, catalog: RoleCatalog): Promise<Map<string, number>> {
  const recorded = await db
    .select({ email: members.email, role: members.role })
    .from(members)
    .where(isNull(members.leftAt));
  const unrecorded = await db
    .select({ role: users.role })
    .from(users)
    .where(sql`not exists (select 1 from ${members} where ${members.email} = ${users.email})`);
  const counts = new Map<string, number>([...catalog.keys()].map((k) => [k, 0]));
  for (const { role } of [...recorded, ...unrecorded]) {
    const lookup = lookUpRole(catalog, role);
    if (lookup.matchedBy === 'default') continue;
    counts.set(lookup.key, (counts.get(lookup.key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Roles a new catalog leaves out that members resolve to now: refused (move the members first). A role renamed is not
 * left out: its members move to the new key (docs/decisions/062-renaming-a-role.md).
 * @param usage how many people resolve to each published role ({@link membersPerRole})
 * @param next the catalog to publish
 * @param renamedFrom the published keys of the roles the publish renames
 * @returns a problem for each such role
 */
export function removedRolesInUse(
  usage: ReadonlyMap<string, number>,
  next: readonly RoleConfiguration[],
  renamedFrom: readonly string[] = [],
): StudioProblem[] {
  const keys = new Set([...next.map((c) => c.key.toLowerCase()), ...renamedFrom]);
  return [...usage]
    .filter(([key, n]) => n > 0 && !keys.has(key))
    .map(([key, n]) => ({
      role: key,
      path: '',
      message: `${n} ${n === 1 ? 'person has' : 'people have'} the role "${key}": give them another role before deleting it`,
    }));
}

import { count, inArray, isNull, sql } from 'drizzle-orm';
import { ownOriginUrlProblem, type RoleConfiguration, type Step } from '../../../shared/content-schema.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { StudioProblem, StudioRemoval } from '../../../shared/studio-api.js';
import { byHashOf, checkCatalog, directoryAssetProblem } from '../../content/load-content.js';
import { lookUpRole } from '../../content/resolved-roles.js';
import type { Database } from '../../db/client.js';
import { contentAssets, members, stepItemProgress, stepProgress, users } from '../../db/schema.js';
import { type Rename } from './renames.js';

/** What a publish checks in a catalog before it writes: its files, its steps, what members would lose, team task assignees, roles in use (docs/product.md#content-studio). */

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

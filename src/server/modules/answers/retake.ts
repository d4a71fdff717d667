import { sql } from 'drizzle-orm';
import { stepVersion } from '../../../shared/acknowledgments.js';
import type { RoleConfiguration, Step } from '../../../shared/content-schema.js';
import { answersChangeMaterially } from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { uncompleteStep } from '../progress/index.js';

/**
 * Re-takes of form and quiz steps (docs/product.md#changing-a-form-or-quiz-after-people-answered), by the agreements'
 * mechanism (docs/decisions/021-signed-versioned-acknowledgments.md): a material change of a step's questions raises
 * the step's `version` when it is published; a member whose pass or sending is of an earlier version has the step made
 * not completed (their tries and sendings stay, as history), when they next open their dashboard and for everyone right
 * after the publish and by the hourly sweep. Each expiry is written to the audit log ('answers-due-again').
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Whether a step asks for answers (a form or a quiz) and has been changed materially at least once (version > 1). */
const mayNeedRetake = (step: Step): boolean =>
  (step.form !== undefined || step.quiz !== undefined) && stepVersion(step) > 1;

/** A member asked to answer a step again, for the publish dialog and the audit log. */
export interface Retake {
  userId: string;
  email: string;
  name: string;
  stepId: string;
}

/**
 * Who completed each of `steps` by answers to an earlier version than the step's `version` (or with no answers): the
 * members who must answer it again. People who have left are not asked.
 * @param db the database
 * @param steps form and quiz steps, each with the version to compare with
 * @param userId only this person (the dashboard's read), or everyone
 */
async function completedBeforeVersion(db: Database, steps: readonly Step[], userId?: string): Promise<Retake[]> {
  const out: Retake[] = [];
  for (const step of steps) {
    const answered = step.quiz
      ? sql`(select max(q.step_version) from quiz_tries q
              where q.user_id = sp.user_id and q.step_id = sp.step_id and q.passed)`
      : sql`(select max(f.step_version) from form_answers f
              where f.user_id = sp.user_id and f.step_id = sp.step_id and f.version > 0)`;
    const rows = rowsOf(
      await db.execute(sql`
        select sp.user_id, u.email, u.name from step_progress sp join users u on u.id = sp.user_id
        where sp.step_id = ${step.id} and coalesce(${answered}, 0) < ${stepVersion(step)}
          ${userId === undefined ? sql`` : sql`and sp.user_id = ${userId}::uuid`}
          and not exists (select 1 from members m where m.email = u.email and m.left_at is not null)
        order by u.name, u.email`),
    );
    for (const r of rows) {
      out.push({ userId: String(r.user_id), email: String(r.email), name: String(r.name ?? ''), stepId: step.id });
    }
  }
  return out;
}

/** Makes the step not completed for each re-take, with its audit entry, each in one transaction. */
async function expire(db: Database, retakes: readonly Retake[], steps: ReadonlyMap<string, Step>): Promise<void> {
  for (const retake of retakes) {
    const step = steps.get(retake.stepId);
    if (!step) continue;
    await db.transaction(async (tx) => {
      await uncompleteStep(tx, retake.userId, step.id);
      await recordAudit(tx, {
        kind: 'answers-due-again',
        outcome: 'ok',
        subject: retake.email,
        reason: 'changed',
        details: { userId: retake.userId, stepId: step.id, stepTitle: step.title, version: stepVersion(step) },
      });
    });
  }
}

/** Every form and quiz step of a catalog that may need a re-take, by id (the highest version of a shared id). */
function watchedSteps(configs: Iterable<RoleConfiguration>): Map<string, Step> {
  const steps = new Map<string, Step>();
  for (const config of configs) {
    for (const step of config.scopes.flatMap((s) => s.steps)) {
      const seen = steps.get(step.id);
      if (mayNeedRetake(step) && (!seen || stepVersion(seen) < stepVersion(step))) steps.set(step.id, step);
    }
  }
  return steps;
}

/**
 * Whether {@link expireDueRetakes} has anything to look at for these steps: a completed form or quiz step changed
 * materially at least once. When not, it asks the database nothing and makes nothing not completed.
 * @param steps the steps of the member's role
 * @param completed the step ids the member has completed
 */
export function mayNeedRetakes(steps: readonly Step[], completed: ReadonlySet<string>): boolean {
  return steps.some((s) => mayNeedRetake(s) && completed.has(s.id));
}

/**
 * One member's dashboard read: makes their completed form and quiz steps answered to an earlier version not completed.
 * @param db the database
 * @param user the member
 * @param steps the steps of the member's role
 * @param completed the step ids the member has completed
 * @returns the step ids made not completed (empty in the usual case: nothing written)
 */
export async function expireDueRetakes(
  db: Database,
  user: { id: string },
  steps: readonly Step[],
  completed: ReadonlySet<string>,
): Promise<string[]> {
  const watched = new Map(steps.filter((s) => mayNeedRetake(s) && completed.has(s.id)).map((s) => [s.id, s]));
  if (watched.size === 0) return [];
  const due = await completedBeforeVersion(db, [...watched.values()], user.id);
  await expire(db, due, watched);
  return due.map((d) => d.stepId);
}

/**
 * Every current member's re-takes at once (after a publish, at start-up and hourly): idempotent, a step already not
 * completed is left alone.
 * @param deps the database and the running content's role configurations
 * @returns how many steps were made not completed
 */
export async function sweepDueRetakes(deps: { db: Database; configs: Iterable<RoleConfiguration> }): Promise<number> {
  const watched = watchedSteps(deps.configs);
  if (watched.size === 0) return 0;
  const due = await completedBeforeVersion(deps.db, [...watched.values()]);
  await expire(deps.db, due, watched);
  return due.length;
}

/** The published step a step of the draft is: the one of its id, or of the id it is renamed from. */
const publishedStep = (published: Map<string, Step>, step: Step, renamedFrom: ReadonlyMap<string, string>) => {
  const from = renamedFrom.get(step.id);
  return published.get(step.id) ?? (from === undefined ? undefined : published.get(from));
};

/**
 * Who would have to answer again if `next` were published in place of `published` (the studio's publish dialog): for
 * each form or quiz step whose questions change materially ({@link answersChangeMaterially}), the current members who
 * have completed it.
 * @param db the database
 * @param published the role configurations as published
 * @param next the role configurations to publish
 * @param renamedFrom the steps renamed in `next`: new id → published id (docs/decisions/056-renaming-keeps-progress.md)
 * @returns per step (in the order of `next`, by its new id), its title and the members, by name
 */
export async function retakesOfChange(
  db: Database,
  published: readonly RoleConfiguration[],
  next: readonly RoleConfiguration[],
  renamedFrom: ReadonlyMap<string, string> = new Map(),
): Promise<{ stepId: string; title: string; members: { email: string; name: string }[] }[]> {
  const before = new Map(published.flatMap((c) => c.scopes.flatMap((s) => s.steps)).map((s) => [s.id, s]));
  const changed = new Map<string, Step>();
  // Until published, a renamed step's progress is under the id it had (docs/decisions/056-renaming-keeps-progress.md).
  const publishedId = new Map<string, string>();
  for (const step of next.flatMap((c) => c.scopes.flatMap((s) => s.steps))) {
    const was = publishedStep(before, step, renamedFrom);
    if (was && !changed.has(step.id) && answersChangeMaterially(was, step)) {
      // The version publishing gives it (studio.service.ts applyMaterialChanges): above every sending and pass so far.
      changed.set(step.id, { ...step, id: was.id, version: Math.max(stepVersion(step), stepVersion(was) + 1) });
      publishedId.set(was.id, step.id);
    }
  }
  const retakes = changed.size === 0 ? [] : await completedBeforeVersion(db, [...changed.values()]);
  return [...changed.entries()].map(([stepId, step]) => ({
    stepId,
    title: step.title,
    members: retakes.filter((r) => publishedId.get(r.stepId) === stepId).map(({ email, name }) => ({ email, name })),
  }));
}

/**
 * The steps of `next` whose questions change materially from `published` ({@link answersChangeMaterially}): marked
 * as material changes when publishing (their `version` raised).
 * @param renamedFrom the steps renamed in `next`: new id → published id
 * @returns their ids, each once
 */
export function retakeStepIds(
  published: readonly RoleConfiguration[],
  next: readonly RoleConfiguration[],
  renamedFrom: ReadonlyMap<string, string> = new Map(),
): string[] {
  const before = new Map(published.flatMap((c) => c.scopes.flatMap((s) => s.steps)).map((s) => [s.id, s]));
  const ids = new Set<string>();
  for (const step of next.flatMap((c) => c.scopes.flatMap((s) => s.steps))) {
    const was = publishedStep(before, step, renamedFrom);
    if (was && answersChangeMaterially(was, step)) ids.add(step.id);
  }
  return [...ids];
}

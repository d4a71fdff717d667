import type { RoleConfiguration, Scope, Step } from '@shared/content-schema';
import { answersChangeMaterially } from '@shared/step-answers';

/**
 * Pure edits of a catalog (every role configuration), each returning a new catalog and leaving the input untouched,
 * so that React sees every change (docs/product.md#content-studio).
 */

export type Catalog = RoleConfiguration[];

/** Where a step is: role, scope and step indices. */
export interface StepAddress {
  role: number;
  scope: number;
  step: number;
}

/** A step id not used anywhere in the catalog (but `except`), from `base` ('new-step', 'new-step-2', …). */
export function freeStepId(catalog: Catalog, base = 'new-step', except?: string): string {
  const used = new Set(catalog.flatMap((r) => r.scopes.flatMap((s) => s.steps.map((t) => t.id))));
  if (except !== undefined) used.delete(except);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new step with every field the schema defaults, ready to be filled in. */
export function newStep(id: string, category: Step['category']): Step {
  return {
    id,
    title: 'New step',
    description: 'Say in one sentence what this step is for.',
    icon: 'User',
    category,
    requiresScrollOrDownload: false,
    isContactStep: false,
    isChecklistStep: false,
    isAcknowledgmentStep: false,
    media: [],
    content: { details: [], tasks: [], helpfulLinks: [], contacts: [], checklist: [], acknowledgments: [] },
  };
}

/** A new role configuration with one empty scope. */
export function newRole(key: string, displayName: string): RoleConfiguration {
  return {
    key,
    displayName,
    version: '1.0',
    isDepartment: false,
    offered: true,
    parentDepartment: null,
    icon: 'Users',
    colors: { baseColor: '#1d4ed8' },
    inherits: [],
    aliases: [],
    scopes: [{ id: 'getting-started', title: 'Getting started', include: [], steps: [] }],
    teamTasks: [],
  };
}

/** Replaces role `index` by `change(role)`. */
export function updateRole(
  catalog: Catalog,
  index: number,
  change: (role: RoleConfiguration) => RoleConfiguration,
): Catalog {
  return catalog.map((role, i) => (i === index ? change(role) : role));
}

/** Replaces one scope. */
export function updateScope(catalog: Catalog, role: number, scope: number, change: (s: Scope) => Scope): Catalog {
  return updateRole(catalog, role, (r) => ({ ...r, scopes: r.scopes.map((s, i) => (i === scope ? change(s) : s)) }));
}

/** Replaces one step. */
export function updateStep(catalog: Catalog, at: StepAddress, change: (step: Step) => Step): Catalog {
  return updateScope(catalog, at.role, at.scope, (s) => ({
    ...s,
    steps: s.steps.map((t, i) => (i === at.step ? change(t) : t)),
  }));
}

/** Moves the item at `from` to `to` (both indices in `items`). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** The step at `at`, if any. */
export function stepAt(catalog: Catalog, at: StepAddress): Step | undefined {
  return catalog[at.role]?.scopes[at.scope]?.steps[at.step];
}

/** Sets an optional text field: an empty text removes it (the schema refuses empty optional texts). */
export function optionalText<T extends object, K extends keyof T>(object: T, key: K, value: string): T {
  const next = { ...object };
  if (value === '') delete next[key];
  else (next as Record<K, unknown>)[key] = value;
  return next;
}

/**
 * Labels of what differs between two catalogs, per role and step, e.g. `Volunteer: 'Set up Slack' changed` — for the
 * message when someone else saved the draft meanwhile.
 */
export function describeChanges(before: Catalog, after: Catalog): string[] {
  const lines: string[] = [];
  const keys = [...new Set([...before.map((r) => r.key), ...after.map((r) => r.key)])];
  for (const key of keys) {
    const a = before.find((r) => r.key === key);
    const b = after.find((r) => r.key === key);
    if (!a && b) lines.push(`added the role ${b.displayName}`);
    else if (a && !b) lines.push(`removed the role ${a.displayName}`);
    else if (a && b && JSON.stringify(a) !== JSON.stringify(b)) {
      const stepsA = new Map(a.scopes.flatMap((s) => s.steps).map((s) => [s.id, s]));
      const stepsB = new Map(b.scopes.flatMap((s) => s.steps).map((s) => [s.id, s]));
      const parts: string[] = [];
      for (const [id, step] of stepsB) {
        const old = stepsA.get(id);
        if (!old) parts.push(`added ‘${step.title}’`);
        else if (JSON.stringify(old) !== JSON.stringify(step)) parts.push(`changed ‘${step.title}’`);
      }
      for (const [id, step] of stepsA) if (!stepsB.has(id)) parts.push(`removed ‘${step.title}’`);
      const { scopes: _a, ...restA } = a;
      const { scopes: _b, ...restB } = b;
      if (JSON.stringify(restA) !== JSON.stringify(restB)) parts.push('changed its settings');
      if (parts.length === 0) parts.push('reordered its steps');
      lines.push(`${b.displayName}: ${parts.join(', ')}`);
    }
  }
  return lines;
}

/**
 * Ids of the acknowledgment and signature steps whose content differs from the published catalog (candidates for a
 * material change: members who agreed before must agree again).
 */
export function changedAgreementSteps(published: Catalog, draft: Catalog): Step[] {
  const before = new Map(published.flatMap((r) => r.scopes.flatMap((s) => s.steps)).map((s) => [s.id, s]));
  return draft
    .flatMap((r) => r.scopes.flatMap((s) => s.steps))
    .filter((s) => (s.isAcknowledgmentStep || s.signature === true) && before.has(publishedIdOf(s)))
    .filter((s) => JSON.stringify(before.get(publishedIdOf(s))) !== JSON.stringify(withoutRename(s)));
}

/**
 * Form and quiz steps of the published catalog whose questions the draft changes materially (answersChangeMaterially):
 * members who completed them answer them again once the draft is published
 * (docs/product.md#changing-a-form-or-quiz-after-people-answered), which the publish dialog says, naming them.
 */
export function retakeSteps(published: Catalog, draft: Catalog): Step[] {
  const before = new Map(published.flatMap((r) => r.scopes.flatMap((s) => s.steps)).map((s) => [s.id, s]));
  return draft
    .flatMap((r) => r.scopes.flatMap((s) => s.steps))
    .filter((s) => {
      const was = before.get(s.id);
      // A renamed question is the same question (docs/product.md#renaming-a-step).
      return was !== undefined && answersChangeMaterially(was, withoutRename(s));
    });
}

/**
 * Quiz steps of the published catalog whose quiz the draft changes without changing its questions materially (an
 * explanation, the pass mark, the tries): members who passed keep their pass, which the publish dialog says.
 */
export function changedQuizSteps(published: Catalog, draft: Catalog): Step[] {
  const before = new Map(published.flatMap((r) => r.scopes.flatMap((s) => s.steps)).map((s) => [s.id, s]));
  return draft
    .flatMap((r) => r.scopes.flatMap((s) => s.steps))
    .filter((s) => s.quiz !== undefined && before.get(publishedIdOf(s))?.quiz !== undefined)
    .filter((s) => JSON.stringify(before.get(publishedIdOf(s))?.quiz) !== JSON.stringify(s.quiz))
    .filter((s) => !answersChangeMaterially(before.get(publishedIdOf(s)) ?? s, s));
}

/**
 * The published team tasks (docs/product.md#team-tasks) that the draft changes or removes, by the role they come from:
 * their open tasks follow the publish (changed, or closed when removed).
 * @returns `{ roleKey, taskId }` of each
 */
export function changedTeamTasks(published: Catalog, draft: Catalog): { roleKey: string; taskId: string }[] {
  return published.flatMap((role) => {
    // A renamed role (docs/product.md#renaming-a-step) is found by its published key.
    const now = draft.find((r) => (r.renamedFrom ?? r.key) === role.key);
    return role.teamTasks
      .filter((task) => {
        // A renamed task (docs/product.md#renaming-a-step) is found by its published id; its tasks follow it.
        const after = now?.teamTasks.find((t) => (t.renamedFrom ?? t.id) === task.id);
        return after === undefined || JSON.stringify(after) !== JSON.stringify(task);
      })
      .map((task) => ({ roleKey: role.key, taskId: task.id }));
  });
}

/** Steps of the published catalog that the draft no longer has (a renamed step is kept, under its new id). */
export function removedSteps(published: Catalog, draft: Catalog): Step[] {
  const kept = new Set(draft.flatMap((r) => r.scopes.flatMap((s) => s.steps.map(publishedIdOf))));
  return published.flatMap((r) => r.scopes.flatMap((s) => s.steps)).filter((s) => !kept.has(s.id));
}

/** The id a draft's step has in the published version: the one it is renamed from, or its own. */
export function publishedIdOf(step: Step): string {
  return step.renamedFrom ?? step.id;
}

/**
 * A step with its id changed by the editor (docs/product.md#renaming-a-step). For a step of the published version it
 * is a rename: the step remembers its published id in `renamedFrom`, so that publishing moves members' progress to the
 * new id; setting the id back forgets the rename. Any other step just takes the id.
 * @param step the step in the draft
 * @param id the new id
 * @param publishedId the id of this step in the published version, or undefined when it is not published
 */
export function renameStep(step: Step, id: string, publishedId: string | undefined): Step {
  const { renamedFrom: _was, ...rest } = step;
  return publishedId === undefined || id === publishedId ? { ...rest, id } : { ...rest, id, renamedFrom: publishedId };
}

/**
 * A checklist or acknowledgment item with its id changed by the editor: a rename when its step's published version
 * has the item (members' ticks then move with it), as {@link renameStep}.
 * @param publishedItemIds the item ids of the step's published version (empty for a step not published)
 */
export function renameItem<T extends { id: string; renamedFrom?: string | undefined }>(
  item: T,
  id: string,
  publishedItemIds: ReadonlySet<string>,
): T {
  const { renamedFrom: _was, ...rest } = item;
  const original = item.renamedFrom ?? item.id;
  return (
    !publishedItemIds.has(original) || id === original ? { ...rest, id } : { ...rest, id, renamedFrom: original }
  ) as T;
}

/** Without its rename mark: a step, item, question or team task with the id it has in the published version. */
export function unmarkRename<T extends { id: string; renamedFrom?: string | undefined }>(item: T): T {
  const { renamedFrom, ...rest } = item;
  return (renamedFrom === undefined ? rest : { ...rest, id: renamedFrom }) as T;
}

/**
 * Without its rename marks: the step as it would be had its ids (its own, its items' and its questions') not changed,
 * to compare it with the published one.
 */
export function withoutRename(step: Step): Step {
  const plain = unmarkRename(step);
  return {
    ...plain,
    content: {
      ...plain.content,
      checklist: plain.content.checklist.map(unmarkRename),
      acknowledgments: plain.content.acknowledgments.map(unmarkRename),
    },
    ...(plain.form === undefined ? {} : { form: { ...plain.form, fields: plain.form.fields.map(unmarkRename) } }),
    ...(plain.quiz === undefined ? {} : { quiz: { ...plain.quiz, questions: plain.quiz.questions.map(unmarkRename) } }),
  };
}

/**
 * An id for a question made from its text (docs/product.md#editing-in-the-browser), free among `otherIds` (the other
 * questions of its step): the text's words joined by '-', with '-2', '-3'… added when taken; 'question' for a text
 * without letters or digits.
 */
export function questionIdFrom(text: string, otherIds: readonly string[]): string {
  const base = /[\p{L}\p{N}]/u.test(text) ? idFromTitle(text) : 'question';
  let id = base;
  for (let n = 2; otherIds.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * A question with its text changed, its id following the text while the question is not published, not renamed and
 * its id is still the one made from its text (as a new step's id follows its title).
 * @param question the question before the change
 * @param text the new text
 * @param published whether the published step has this question
 * @param otherIds the other questions' ids in the step
 * @param textOf the question's text (a form field's label, a quiz question's text)
 * @param withText the question with the new text
 */
export function followQuestionText<T extends { id: string; renamedFrom?: string | undefined }>(
  question: T,
  text: string,
  published: boolean,
  otherIds: readonly string[],
  textOf: (question: T) => string,
  withText: (question: T, text: string) => T,
): T {
  const changed = withText(question, text);
  if (published || question.renamedFrom !== undefined || !madeFromTitle(question.id, textOf(question))) return changed;
  return { ...changed, id: questionIdFrom(text, otherIds) };
}

/**
 * An id made from a title (docs/product.md#editing-in-the-browser): lower-case letters and digits of the title joined
 * by '-' (accents dropped), at most 60 characters; 'step' when nothing is left.
 */
export function idFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w !== '');
  let id = '';
  for (const w of words) {
    const next = id === '' ? w : `${id}-${w}`;
    if (next.length > 60) break;
    id = next;
  }
  return id === '' ? 'step' : id;
}

/** Whether `id` was made from `title` by {@link idFromTitle} (with a number added to make it free). */
export function madeFromTitle(id: string, title: string): boolean {
  const base = idFromTitle(title);
  return id === base || new RegExp(`^${base}-\\d+$`, 'u').test(id);
}

/**
 * A step edited in the form, with its id following its title while the step is not published and its id is still the
 * one made from its title: editors never have to choose an id, and a published step's id (which progress is stored
 * by) never changes by itself.
 * @param catalog the catalog the step is in
 * @param before the step before the edit
 * @param after the step as the form changed it
 * @param publishedIds ids of the steps of the published catalog
 */
export function followTitle(catalog: Catalog, before: Step, after: Step, publishedIds: ReadonlySet<string>): Step {
  if (after.title === before.title || after.id !== before.id || publishedIds.has(before.id)) return after;
  if (before.renamedFrom !== undefined) return after;
  if (!madeFromTitle(before.id, before.title)) return after;
  return { ...after, id: freeStepId(catalog, idFromTitle(after.title), before.id) };
}

import type { RoleConfiguration, Scope, Step, TeamTask } from '@shared/content-schema';
import { changeRoleKeyAt } from '@shared/roles';
import { diffWords } from 'diff';
import { unmarkRename, withoutRename, type Catalog } from './catalog-edits';

/**
 * What changed between two catalogs, as sentences an editor reads before publishing
 * (docs/product.md#editing-in-the-browser): "Changed the description of ‘Set up Slack’ (Volunteer)", with the words
 * that changed marked. Steps are
 * matched by id within a role, so a step moved or reordered is not "removed and added".
 */

/** A run of words of a changed text: kept, removed (`removed`) or added (`added`). */
export interface WordPart {
  value: string;
  added: boolean;
  removed: boolean;
}

export interface ChangeSentence {
  /** The sentence, e.g. "Changed the description of ‘Set up Slack’ (Volunteer)." */
  text: string;
  /** For a changed text: the text's words, the removed and the added ones marked. */
  words?: WordPart[];
}

/** Plain words for a step's fields, in the form's order; a field not named here is called by its key. */
const STEP_FIELDS: readonly [string, string][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['id', 'id'],
  ['icon', 'icon'],
  ['iconColor', 'icon colour'],
  ['category', 'category badge'],
  ['completeButtonText', 'button text on a computer'],
  ['mobileCompleteButtonText', 'button text on a phone'],
  ['dueAfterDays', 'due date (days after the start date)'],
  ['content.details', 'details'],
  ['content.tasks', 'tasks'],
  ['content.helpfulLinks', 'helpful links'],
  ['footnote', 'footnote'],
  ['easyRead', 'easy-read version'],
  ['image', 'image'],
  ['media', 'media'],
  ['isContactStep', "'Your People' setting"],
  ['content.contacts', 'contacts'],
  ['isChecklistStep', 'checklist setting'],
  ['content.checklistHeader', 'checklist header'],
  ['content.checklist', 'checklist'],
  ['isAcknowledgmentStep', 'acknowledgment setting'],
  ['content.acknowledgmentHeader', 'acknowledgments header'],
  ['content.acknowledgments', 'acknowledgments'],
  ['requiresScrollOrDownload', "'Members must read a PDF' setting"],
  ['pdfUrl', 'PDF'],
  ['pdfDraft', "PDF's draft mark"],
  ['signature', 'signature setting'],
  ['version', 'agreement version'],
  ['versionDate', 'version date'],
  ['versionNote', 'note on what changed'],
  ['renewEveryDays', 'renewal (days)'],
  ['envVariable', 'shared password'],
  ['form', 'form questions'],
  ['quiz', 'quiz questions'],
];

const ROLE_FIELDS: readonly [string, string][] = [
  ['displayName', 'name'],
  ['key', 'key'],
  ['version', 'version'],
  ['icon', 'icon'],
  ['colors', 'colours'],
  ['isDepartment', 'department setting'],
  ['parentDepartment', 'parent department'],
  ['inherits', 'roles it inherits'],
  ['aliases', 'other names (aliases)'],
];

const TEAM_TASK_FIELDS: readonly [string, string][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['who', 'people who do it'],
  ['dueAfterDays', 'due date (days from the start date)'],
  ['appointment', 'appointment setting'],
  ['id', 'id'],
];

/**
 * The sentence the publish dialog adds when team tasks change (docs/product.md#team-tasks): tasks already created
 * follow a published change unless they are done.
 */
export const TEAM_TASKS_FOLLOW_SENTENCE =
  'Team tasks not yet done follow this change; tasks already done stay as they were.';

const SCOPE_FIELDS: readonly [string, string][] = [
  ['title', 'title'],
  ['id', 'id'],
  ['description', 'description'],
  ['include', 'steps it includes from other roles'],
];

/** The value at a dotted path (`content.tasks`). */
function at(object: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, key) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined),
      object,
    );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A value as the words an editor wrote: texts as they are, lists one item a line, links as "text (address)", files
 * by their name where `fileNames` knows their address.
 */
function textOf(value: unknown, fileNames: ReadonlyMap<string, string>): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return fileNames.get(value) ?? value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => textOf(v, fileNames)).join('\n');
  const o = value as Record<string, unknown>;
  if (typeof o.url === 'string' && typeof o.text === 'string') return `${o.text} (${textOf(o.url, fileNames)})`;
  if (typeof o.email === 'string' && typeof o.name === 'string')
    return [o.name, o.position, o.email, o.bio].filter((x) => typeof x === 'string' && x !== '').join(', ');
  if (typeof o.content === 'string') return o.content;
  if (typeof o.text === 'string' && typeof o.id === 'string') return o.text;
  if (typeof o.src === 'string') {
    return [o.title ?? o.alt ?? '', textOf(o.src, fileNames)].filter((x) => x !== '').join(': ');
  }
  if (typeof o.name === 'string' && Array.isArray(o.requiredRole))
    return `${o.name}, shown to ${o.requiredRole.join(', ')}`;
  if (typeof o.baseColor === 'string') return Object.values(o).join(', ');
  return Object.values(o)
    .map((v) => textOf(v, fileNames))
    .join(', ');
}

/** The sentence of one changed field of `what` (e.g. "‘Set up Slack’"), with its words marked when it is a text. */
function fieldSentence(
  label: string,
  what: string,
  before: unknown,
  after: unknown,
  fileNames: ReadonlyMap<string, string>,
): ChangeSentence {
  if (typeof after === 'boolean' || typeof before === 'boolean') {
    return { text: `Turned ${after === true ? 'on' : 'off'} the ${label} of ${what}.` };
  }
  const a = textOf(before, fileNames);
  const b = textOf(after, fileNames);
  if (a === '') return { text: `Added the ${label} of ${what}: ${b}.` };
  if (b === '') return { text: `Removed the ${label} of ${what} (it was: ${a}).` };
  return {
    text: `Changed the ${label} of ${what}.`,
    words: diffWords(a, b).map((part) => ({ value: part.value, added: part.added, removed: part.removed })),
  };
}

/** The changed fields of two versions of one thing, in `fields`' order, then any other key. */
function changedFields(
  fields: readonly [string, string][],
  before: object,
  after: object,
  skip: readonly string[],
): [string, string][] {
  const named = new Set(fields.map(([k]) => k.split('.')[0]));
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !named.has(k) && !skip.includes(k))
    .map((k): [string, string] => [k, k]);
  return [...fields, ...others].filter(([path]) => !same(at(before, path), at(after, path)));
}

interface Located {
  step: Step;
  scope: Scope;
}

function stepsOf(role: RoleConfiguration): Map<string, Located> {
  return new Map(
    role.scopes.flatMap((scope) => scope.steps.map((step): [string, Located] => [step.id, { step, scope }])),
  );
}

/** The sentences of one role present in both catalogs. */
function roleSentences(
  a: RoleConfiguration,
  b: RoleConfiguration,
  fileNames: ReadonlyMap<string, string>,
): ChangeSentence[] {
  const name = b.displayName || b.key;
  const out: ChangeSentence[] = [];
  for (const [path, label] of changedFields(ROLE_FIELDS, a, b, ['scopes', 'teamTasks'])) {
    out.push(fieldSentence(label, `the role ${name}`, at(a, path), at(b, path), fileNames));
  }
  const scopesA = new Map(a.scopes.map((s) => [s.id, s]));
  const scopesB = new Map(b.scopes.map((s) => [s.id, s]));
  for (const scope of b.scopes) {
    const old = scopesA.get(scope.id);
    if (!old) {
      out.push({ text: `Added the scope ‘${scope.title}’ to ${name}.` });
      continue;
    }
    for (const [path, label] of changedFields(SCOPE_FIELDS, old, scope, ['steps'])) {
      out.push(fieldSentence(label, `the scope ‘${scope.title}’ (${name})`, at(old, path), at(scope, path), fileNames));
    }
  }
  for (const scope of a.scopes)
    if (!scopesB.has(scope.id)) out.push({ text: `Removed the scope ‘${scope.title}’ from ${name}.` });
  if (
    !same(
      a.scopes.map((s) => s.id).filter((id) => scopesB.has(id)),
      b.scopes.map((s) => s.id).filter((id) => scopesA.has(id)),
    )
  ) {
    out.push({ text: `Changed the order of the scopes of ${name}.` });
  }

  const stepsA = stepsOf(a);
  const stepsB = stepsOf(b);
  for (const [id, { step, scope }] of stepsB) {
    const old = stepsA.get(id);
    if (!old) {
      out.push({ text: `Added the step ‘${step.title}’ to ‘${scope.title}’ (${name}).` });
      continue;
    }
    const what = `‘${step.title}’ (${name})`;
    if (old.scope.id !== scope.id) out.push({ text: `Moved ${what} to the scope ‘${scope.title}’.` });
    for (const [path, label] of changedFields(STEP_FIELDS, old.step, step, [])) {
      out.push(
        fieldSentence(
          label,
          path === 'title' ? `‘${old.step.title}’ (${name})` : what,
          at(old.step, path),
          at(step, path),
          fileNames,
        ),
      );
    }
  }
  for (const [id, { step }] of stepsA)
    if (!stepsB.has(id)) out.push({ text: `Removed the step ‘${step.title}’ from ${name}.` });
  for (const scope of b.scopes) {
    const old = scopesA.get(scope.id);
    if (!old) continue;
    const kept = (s: Scope, other: Scope) =>
      s.steps.map((t) => t.id).filter((x) => other.steps.some((t) => t.id === x));
    if (!same(kept(old, scope), kept(scope, old))) {
      out.push({ text: `Changed the order of the steps in ‘${scope.title}’ (${name}).` });
    }
  }
  out.push(...teamTaskSentences(a.teamTasks, b.teamTasks, name, fileNames));
  return out;
}

/** The sentences of a role's team tasks (docs/product.md#team-tasks), matched by id. */
function teamTaskSentences(
  before: readonly TeamTask[],
  after: readonly TeamTask[],
  name: string,
  fileNames: ReadonlyMap<string, string>,
): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  const old = new Map(before.map((task) => [task.id, task]));
  for (const task of after) {
    const was = old.get(task.id);
    if (!was) {
      out.push({ text: `Added the team task ‘${task.title}’ to ${name}.` });
      continue;
    }
    for (const [path, label] of changedFields(TEAM_TASK_FIELDS, was, task, [])) {
      const what = `the team task ‘${was.title}’ (${name})`;
      out.push(fieldSentence(label, what, at(was, path), at(task, path), fileNames));
    }
  }
  for (const task of before) {
    if (!after.some((t) => t.id === task.id)) out.push({ text: `Removed the team task ‘${task.title}’ from ${name}.` });
  }
  return out;
}

/**
 * A role with every step's and team task's rename marks taken off (docs/product.md#renaming-a-step): compared as if
 * not renamed.
 */
function withoutRenames(role: RoleConfiguration): RoleConfiguration {
  return {
    ...role,
    scopes: role.scopes.map((scope) => ({ ...scope, steps: scope.steps.map(withoutRename) })),
    teamTasks: role.teamTasks.map(unmarkRename),
  };
}

/**
 * The catalog with every renamed role back under its published key (docs/product.md#renaming-a-step), the other roles'
 * references to it too, and no role rename marks: compared with the published catalog as if no key had changed.
 */
function withoutRoleRenames(catalog: Catalog): RoleConfiguration[] {
  let plain: RoleConfiguration[] = [...catalog];
  catalog.forEach((role, i) => {
    if (role.renamedFrom === undefined) return;
    plain = changeRoleKeyAt(plain, i, role.renamedFrom);
  });
  return plain.map((role) => {
    const { renamedFrom: _was, ...rest } = role;
    return rest;
  });
}

/**
 * The sentences of the steps and items a role's draft renames (docs/product.md#renaming-a-step): "Renamed ‘Pack your
 * bag’ (Volunteer): its id is now “pack-a-bag” (it was “pack-your-bag”); what members did on it moves with it."
 */
function renameSentences(before: RoleConfiguration | undefined, after: RoleConfiguration): ChangeSentence[] {
  const name = after.displayName || after.key;
  const old = new Map((before?.scopes ?? []).flatMap((s) => s.steps.map((t) => [t.id, t] as const)));
  const out: ChangeSentence[] = [];
  for (const step of after.scopes.flatMap((s) => s.steps)) {
    const was = old.get(step.renamedFrom ?? step.id);
    const title = was?.title ?? step.title;
    if (step.renamedFrom !== undefined && step.renamedFrom !== step.id) {
      out.push({
        text: `Renamed ‘${title}’ (${name}): its id is now “${step.id}” (it was “${step.renamedFrom}”); what members did on it moves with it.`,
      });
    }
    for (const [list, what] of [
      [step.content.checklist, 'checklist item'],
      [step.content.acknowledgments, 'acknowledgment'],
    ] as const) {
      for (const item of list) {
        if (item.renamedFrom === undefined || item.renamedFrom === item.id) continue;
        const text = 'text' in item ? item.text : item.content;
        out.push({
          text: `Renamed the ${what} ‘${text}’ of ‘${title}’ (${name}): its id is now “${item.id}” (it was “${item.renamedFrom}”); members' ticks move with it.`,
        });
      }
    }
    const questions = [
      ...(step.form?.fields ?? []).map((f) => ({ ...f, text: f.label })),
      ...(step.quiz?.questions ?? []),
    ];
    for (const question of questions) {
      if (question.renamedFrom === undefined || question.renamedFrom === question.id) continue;
      out.push({
        text: `Renamed the question ‘${question.text}’ of ‘${title}’ (${name}): its id is now “${question.id}” (it was “${question.renamedFrom}”); members' answers move with it.`,
      });
    }
  }
  for (const task of after.teamTasks) {
    if (task.renamedFrom === undefined || task.renamedFrom === task.id) continue;
    out.push({
      text: `Renamed the team task ‘${task.title}’ (${name}): its id is now “${task.id}” (it was “${task.renamedFrom}”); the tasks already made follow it.`,
    });
  }
  return out;
}

/**
 * Every difference between two catalogs as sentences (docs/product.md#editing-in-the-browser: the publish dialog).
 * @param before the published catalog
 * @param after the draft
 * @param fileNames uploaded files' names by their address, so that a file is named, not its hash
 * @returns the sentences, role by role in the draft's order
 */
export function changeSentences(
  before: Catalog,
  after: Catalog,
  fileNames: ReadonlyMap<string, string> = new Map(),
): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  // A renamed role is compared under its published key, and so are the other roles' references to it.
  const plainRoles = withoutRoleRenames(after);
  after.forEach((b, i) => {
    const plainRole = plainRoles[i] ?? b;
    const a = before.find((r) => r.key === plainRole.key);
    if (!a) {
      out.push({ text: `Added the role ${b.displayName || b.key}.` });
      return;
    }
    if (b.renamedFrom !== undefined && b.renamedFrom !== b.key) {
      out.push({
        text: `Renamed the role ‘${a.displayName || a.key}’: its key is now “${b.key}” (it was “${b.renamedFrom}”); its members keep the role and their progress.`,
      });
    }
    out.push(...renameSentences(a, b));
    const plain = withoutRenames(plainRole);
    if (!same(a, plain)) out.push(...roleSentences(a, plain, fileNames));
  });
  for (const a of before) {
    if (!plainRoles.some((r) => r.key === a.key)) out.push({ text: `Removed the role ${a.displayName || a.key}.` });
  }
  if (out.some((sentence) => sentence.text.includes(' team task '))) out.push({ text: TEAM_TASKS_FOLLOW_SENTENCE });
  return out;
}

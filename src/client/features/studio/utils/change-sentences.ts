// Longer than 500 lines: the one sentence builder of the publish dialog, a words table per content object (steps, roles,
// scopes, team tasks, messages before the first day) and the matching by id that they share; split, the tables would
// need its private helpers exported.
import type { PreboardingMail } from '@shared/content-preboarding';
import { type MediaItem, type RoleConfiguration, type Scope, type Step, type TeamTask } from '@shared/content-schema';
import { DEFAULT_DATE_SETTINGS, formatDay } from '@shared/dates';
import { changeRoleKeyAt } from '@shared/roles';
import { diffWords } from 'diff';
import { unmarkRename, withoutRename, type Catalog } from './catalog-edits';
import { assigneeWords, daysFromStart, mediaWords, sharedPasswordWords } from './content-words';
import { formSentences, quizSentences } from './question-sentences';
import { type ChangeSentence, orderChanged, same } from './sentence-kit';

export type { ChangeSentence, WordPart } from './sentence-kit';

/**
 * What changed between two catalogs, as sentences an editor reads before publishing
 * (docs/product.md#editing-in-the-browser): "Changed the description of ‘Set up Slack’ (Volunteer)", with the words
 * that changed marked. Steps are
 * matched by id within a role, so a step moved or reordered is not "removed and added".
 */

/** How the sentences name things: uploaded files by their names, roles by their display names. */
interface Names {
  files: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
}

/** A file's address as its uploaded name, or the last part of its address. */
function fileName(src: string, names: Names): string {
  return names.files.get(src) ?? decodeURIComponent(src.split('/').pop() ?? src);
}

/** A role key as the role's name. */
function roleName(key: string, names: Names): string {
  return names.roles.get(key) ?? key;
}

/** A date of the content (YYYY-MM-DD) as the organisation writes it. */
function dayWords(iso: string): string {
  return formatDay(iso, DEFAULT_DATE_SETTINGS);
}

/** How one setting's value reads in a sentence; `undefined` for "not set". */
type Words = (value: unknown, names: Names) => string;

const plain: Words = (value, names) => textOf(value, names);
const days: Words = (value) => (typeof value === 'number' ? daysFromStart(value) : '');

/**
 * One setting a sentence can name: its path, its words, how its value reads, and for a number, the sentence of its
 * change ("5 → 10 days after the start date").
 */
interface Field {
  path: string;
  label: string;
  words?: Words;
  /** Said as "from → to" rather than with its words marked. */
  arrow?: boolean;
  /** The start of its sentence when it changed, when "Changed the <label> of <what>" reads badly. */
  changed?: (what: string) => string;
}

const f = (path: string, label: string, words?: Words, arrow = false): Field => ({ path, label, words, arrow });

/** Plain words for a step's fields, in the form's order. `id` and `renamedFrom` are said by the rename sentences. */
const STEP_FIELDS: readonly Field[] = [
  f('title', 'title'),
  f('description', 'description'),
  f('icon', 'icon'),
  f('iconColor', 'icon colour'),
  f('category', 'category badge'),
  f('completeButtonText', 'button text on a computer'),
  f('mobileCompleteButtonText', 'button text on a phone'),
  f('dueAfterDays', 'due date', days, true),
  f('content.details', 'details'),
  f('content.tasks', 'tasks'),
  f('content.helpfulLinks', 'helpful links'),
  f('footnote', 'footnote'),
  f('easyRead', 'easy-read version'),
  f('image', 'image'),
  f('media', 'pictures and videos'),
  f('isContactStep', "'Your People' setting"),
  f('content.contacts', 'contacts'),
  f('isChecklistStep', 'checklist setting'),
  f('content.checklistHeader', 'checklist header'),
  f('content.checklist', 'checklist'),
  f('isAcknowledgmentStep', 'acknowledgment setting'),
  f('content.acknowledgmentHeader', 'acknowledgments header'),
  f('content.acknowledgments', 'acknowledgments'),
  f('requiresScrollOrDownload', "'Members must read a PDF' setting"),
  f('pdfUrl', 'PDF'),
  f('pdfDraft', "PDF's draft mark"),
  f('signature', 'signature setting'),
  f('beforeFirstDay', "'Before the first day' setting"),
  f('version', 'agreement version', (v) => (typeof v === 'number' ? `version ${v}` : ''), true),
  f('versionDate', 'version date', (v) => (typeof v === 'string' ? dayWords(v) : ''), true),
  f('versionNote', 'note on what changed'),
  f(
    'renewEveryDays',
    'renewal',
    (v) => (typeof v === 'number' ? `agreed again every ${v} ${v === 1 ? 'day' : 'days'}` : ''),
    true,
  ),
  f('envVariable', 'shared password', (v, names) => {
    const secret = v as Step['envVariable'];
    if (secret === undefined) return '';
    return `${sharedPasswordWords(secret.name)}, shown to ${secret.requiredRole.map((r) => (r === '*' ? 'everyone' : roleName(r, names))).join(', ')}`;
  }),
];

/** The step's keys the sentences say elsewhere: its id (renames), its form and quiz (one sentence per question). */
const STEP_KEYS_SAID_ELSEWHERE = ['id', 'renamedFrom', 'form', 'quiz', 'content'] as const;

const ROLE_FIELDS: readonly Field[] = [
  f('displayName', 'name'),
  f('version', 'version'),
  f('icon', 'icon'),
  f('colors', 'colours'),
  f('isDepartment', 'department setting'),
  f('offered', "'offer in the Role lists' setting"),
  f('parentDepartment', 'parent department', (v, names) => (typeof v === 'string' ? roleName(v, names) : ''), true),
  f('inherits', 'roles it inherits', (v, names) =>
    Array.isArray(v) ? v.map((k: string) => roleName(k, names)).join(', ') : '',
  ),
  f('aliases', 'other names (aliases)'),
  f('firstDay.time', "first day's time"),
  f('firstDay.place', "first day's place"),
  f('firstDay.callLink', "first day's call link"),
  f('firstDay.details', "first day's details"),
];

/** The role's keys the sentences say elsewhere: its key (renames), scopes and team tasks. */
const ROLE_KEYS_SAID_ELSEWHERE = ['key', 'renamedFrom', 'scopes', 'teamTasks', 'preboardingMails'] as const;

const TEAM_TASK_FIELDS: readonly Field[] = [
  f('title', 'title'),
  f('description', 'description'),
  {
    ...f('who', 'people who do it', (v) => assigneeWords(v as TeamTask['who']), true),
    changed: (what) => `Changed who does ${what}`,
  },
  f('dueAfterDays', 'due date', days, true),
  f(
    'appointment',
    'meeting setting',
    (v) => {
      const a = v as TeamTask['appointment'];
      if (a === undefined || a === false) return 'not a meeting';
      if (a === true) return 'a meeting with the newcomer';
      return `a meeting with the newcomer at ${a.time} for ${a.durationMinutes} minutes`;
    },
    true,
  ),
];

const TEAM_TASK_KEYS_SAID_ELSEWHERE = ['id', 'renamedFrom'] as const;

/**
 * The sentence the publish dialog adds when team tasks change (docs/product.md#team-tasks): tasks already created
 * follow a published change unless they are done.
 */
export const TEAM_TASKS_FOLLOW_SENTENCE =
  'Team tasks not yet done follow this change; tasks already done stay as they were.';

/** A scope's include, in words: "all steps of Volunteer", "the steps of ‘During the call’ (External)". */
function includeWords(value: unknown, names: Names, catalog: Catalog): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((entry: string) => {
      const [key = entry, scopeId] = entry.split('/');
      if (scopeId === undefined) return `all steps of ${roleName(key, names)}`;
      const scope = catalog.find((r) => r.key === key)?.scopes.find((s) => s.id === scopeId);
      return `the steps of ‘${scope?.title ?? 'a scope'}’ (${roleName(key, names)})`;
    })
    .join('\n');
}

const SCOPE_KEYS_SAID_ELSEWHERE = ['id', 'steps'] as const;

/** The value at a dotted path (`content.tasks`). */
function at(object: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, key) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined),
      object,
    );
}

/**
 * A value as the words an editor wrote: texts as they are, lists one item a line, links as "text (address)", files
 * by their name. Never an id or a bare yes/no.
 */
function textOf(value: unknown, names: Names): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return names.files.get(value) ?? value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.map((v) => textOf(v, names)).join('\n');
  const o = value as Record<string, unknown>;
  if (typeof o.url === 'string' && typeof o.text === 'string') return `${o.text} (${textOf(o.url, names)})`;
  if (typeof o.email === 'string' && typeof o.name === 'string') {
    const picture = typeof o.picture === 'string' ? `picture: ${fileName(o.picture, names)}` : undefined;
    return [o.name, o.position, o.email, o.bio, picture].filter((x) => typeof x === 'string' && x !== '').join(', ');
  }
  const icon = typeof o.icon === 'string' ? ` (icon: ${o.icon})` : '';
  if (typeof o.content === 'string') return `${o.content}${icon}`;
  if (typeof o.text === 'string' && typeof o.id === 'string') return `${o.text}${icon}`;
  if (typeof o.type === 'string' && typeof o.src === 'string') {
    return mediaWords(o as unknown as MediaItem, fileName(o.src, names));
  }
  if (typeof o.src === 'string') return [o.alt, fileName(o.src, names)].filter((x) => x !== undefined).join(': ');
  if (typeof o.text === 'string') {
    const picture = o.picture as { src: string; alt: string } | undefined;
    return picture === undefined ? o.text : `${o.text} (picture: ${picture.alt}, ${fileName(picture.src, names)})`;
  }
  if (typeof o.baseColor === 'string') {
    return [
      `main ${o.baseColor}`,
      typeof o.secondaryColor === 'string' ? `second ${o.secondaryColor}` : '',
      typeof o.gradientStartColor === 'string' ? `gradient from ${o.gradientStartColor}` : '',
    ]
      .filter((x) => x !== '')
      .join(', ');
  }
  return Object.values(o)
    .map((v) => textOf(v, names))
    .join(', ');
}

/** The sentence of one changed field of `what` (e.g. "‘Set up Slack’"), with its words marked when it is a text. */
function fieldSentence(field: Field, what: string, before: unknown, after: unknown, names: Names): ChangeSentence {
  const { label } = field;
  if (typeof after === 'boolean' || typeof before === 'boolean') {
    return { text: `Turned ${after === true ? 'on' : 'off'} the ${label} of ${what}.` };
  }
  const words = field.words ?? plain;
  const a = before === undefined || before === null ? '' : words(before, names);
  const b = after === undefined || after === null ? '' : words(after, names);
  if (a === '') return { text: `Added the ${label} of ${what}: ${b}.` };
  if (b === '') return { text: `Removed the ${label} of ${what} (it was: ${a}).` };
  const changed = field.changed?.(what) ?? `Changed the ${label} of ${what}`;
  if (field.arrow === true) return { text: `${changed}: ${a} → ${b}.` };
  return {
    text: `${changed}.`,
    words: diffWords(a, b).map((part) => ({ value: part.value, added: part.added, removed: part.removed })),
  };
}

/**
 * The changed fields of two versions of one thing, in `fields`' order. A key neither named nor said elsewhere is
 * called "other settings" rather than by its key.
 */
function changedFields(
  fields: readonly Field[],
  before: object,
  after: object,
  saidElsewhere: readonly string[],
): Field[] {
  const named = new Set(fields.map(({ path }) => path.split('.')[0]));
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !named.has(k) && !saidElsewhere.includes(k))
    .map((k) => f(k, 'other settings'));
  return [...fields, ...others].filter(({ path }) => !same(at(before, path), at(after, path)));
}

/** The sentences of one step present in both versions. */
function stepSentences(old: Step, step: Step, name: string, names: Names): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  const what = `‘${step.title}’ (${name})`;
  const contentNamed = STEP_FIELDS.filter((x) => x.path.startsWith('content.')).map((x) =>
    x.path.slice('content.'.length),
  );
  const fields = [
    ...changedFields(STEP_FIELDS, old, step, STEP_KEYS_SAID_ELSEWHERE),
    ...changedFields([], old.content, step.content, contentNamed),
  ];
  for (const field of fields) {
    const where = field.path === 'title' ? `‘${old.title}’ (${name})` : what;
    out.push(fieldSentence(field, where, at(old, field.path), at(step, field.path), names));
  }
  out.push(...formSentences(old.form, step.form, what));
  out.push(...quizSentences(old.quiz, step.quiz, what));
  return out;
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
function roleSentences(a: RoleConfiguration, b: RoleConfiguration, names: Names, catalog: Catalog): ChangeSentence[] {
  const name = b.displayName || b.key;
  const out: ChangeSentence[] = [];
  for (const field of changedFields(ROLE_FIELDS, a, b, ROLE_KEYS_SAID_ELSEWHERE)) {
    out.push(fieldSentence(field, `the role ${name}`, at(a, field.path), at(b, field.path), names));
  }
  const scopeFields: readonly Field[] = [
    f('title', 'title'),
    f('description', 'description'),
    f('include', 'steps it includes from other roles', (v) => includeWords(v, names, catalog)),
  ];
  const scopesA = new Map(a.scopes.map((s) => [s.id, s]));
  const scopesB = new Map(b.scopes.map((s) => [s.id, s]));
  for (const scope of b.scopes) {
    const old = scopesA.get(scope.id);
    if (!old) {
      out.push({ text: `Added the scope ‘${scope.title}’ to ${name}.` });
      continue;
    }
    for (const field of changedFields(scopeFields, old, scope, SCOPE_KEYS_SAID_ELSEWHERE)) {
      out.push(
        fieldSentence(field, `the scope ‘${old.title}’ (${name})`, at(old, field.path), at(scope, field.path), names),
      );
    }
  }
  for (const scope of a.scopes)
    if (!scopesB.has(scope.id)) out.push({ text: `Removed the scope ‘${scope.title}’ from ${name}.` });
  if (orderChanged(a.scopes, b.scopes)) out.push({ text: `Changed the order of the scopes of ${name}.` });

  const stepsA = stepsOf(a);
  const stepsB = stepsOf(b);
  for (const [id, { step, scope }] of stepsB) {
    const old = stepsA.get(id);
    if (!old) {
      out.push({ text: `Added the step ‘${step.title}’ to ‘${scope.title}’ (${name}).` });
      continue;
    }
    if (old.scope.id !== scope.id) out.push({ text: `Moved ‘${step.title}’ (${name}) to the scope ‘${scope.title}’.` });
    out.push(...stepSentences(old.step, step, name, names));
  }
  for (const [id, { step }] of stepsA)
    if (!stepsB.has(id)) out.push({ text: `Removed the step ‘${step.title}’ from ${name}.` });
  for (const scope of b.scopes) {
    const old = scopesA.get(scope.id);
    if (old && orderChanged(old.steps, scope.steps)) {
      out.push({ text: `Changed the order of the steps in ‘${scope.title}’ (${name}).` });
    }
  }
  out.push(...teamTaskSentences(a.teamTasks, b.teamTasks, name, names));
  const stepTitle = (id: unknown) => {
    const found = typeof id === 'string' ? (stepsB.get(id) ?? stepsA.get(id)) : undefined;
    return found === undefined ? '' : `‘${found.step.title}’`;
  };
  out.push(...preboardingMailSentences(a.preboardingMails ?? [], b.preboardingMails ?? [], name, stepTitle, names));
  return out;
}

/** The days before the start date a message before the first day goes: "3 days before the start date". */
const daysBefore: Words = (v) =>
  typeof v === 'number'
    ? v === 0
      ? 'on the start date'
      : `${v} ${v === 1 ? 'day' : 'days'} before the start date`
    : '';

/**
 * The sentences of a role's messages before the first day (docs/product.md#pre-boarding), matched by id, said as
 * the team tasks are.
 * @param stepTitle a step id in words (the step a message is not sent once done)
 */
function preboardingMailSentences(
  before: readonly PreboardingMail[],
  after: readonly PreboardingMail[],
  name: string,
  stepTitle: (id: unknown) => string,
  names: Names,
): ChangeSentence[] {
  const fields: readonly Field[] = [
    f('subject', 'subject'),
    f('paragraphs', 'text'),
    f('daysBefore', 'day it goes', daysBefore, true),
    f('unlessDone', 'step that stops it once done', (v) => stepTitle(v)),
  ];
  const out: ChangeSentence[] = [];
  const old = new Map(before.map((mail) => [mail.id, mail]));
  for (const mail of after) {
    const was = old.get(mail.id);
    if (!was) {
      out.push({
        text: `Added the message before the first day ‘${mail.subject}’ to ${name}: sent ${daysBefore(mail.daysBefore, names)}.`,
      });
      continue;
    }
    for (const field of changedFields(fields, was, mail, ['id'])) {
      const what = `the message before the first day ‘${was.subject}’ (${name})`;
      out.push(fieldSentence(field, what, at(was, field.path), at(mail, field.path), names));
    }
  }
  for (const mail of before) {
    if (!after.some((m) => m.id === mail.id))
      out.push({ text: `Removed the message before the first day ‘${mail.subject}’ from ${name}.` });
  }
  if (orderChanged(before, after))
    out.push({ text: `Changed the order of the messages before the first day of ${name}.` });
  return out;
}

/** The sentences of a role's team tasks (docs/product.md#team-tasks), matched by id. */
function teamTaskSentences(
  before: readonly TeamTask[],
  after: readonly TeamTask[],
  name: string,
  names: Names,
): ChangeSentence[] {
  const out: ChangeSentence[] = [];
  const old = new Map(before.map((task) => [task.id, task]));
  for (const task of after) {
    const was = old.get(task.id);
    if (!was) {
      out.push({
        text: `Added the team task ‘${task.title}’ to ${name}: done by ${assigneeWords(task.who)}, due ${daysFromStart(task.dueAfterDays)}.`,
      });
      continue;
    }
    for (const field of changedFields(TEAM_TASK_FIELDS, was, task, TEAM_TASK_KEYS_SAID_ELSEWHERE)) {
      const what = `the team task ‘${was.title}’ (${name})`;
      out.push(fieldSentence(field, what, at(was, field.path), at(task, field.path), names));
    }
  }
  for (const task of before) {
    if (!after.some((t) => t.id === task.id)) out.push({ text: `Removed the team task ‘${task.title}’ from ${name}.` });
  }
  if (orderChanged(before, after)) out.push({ text: `Changed the order of the team tasks of ${name}.` });
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
 * The sentences of the steps and items a role's draft renames (docs/product.md#renaming-a-step): "Changed the internal
 * name of ‘Pack your bag’ (Volunteer); what members did on it moves with it.", the ids under "Advanced".
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
        text: `Changed the internal name of ‘${title}’ (${name}); what members did on it moves with it.`,
        advanced: `Its id is now “${step.id}” (it was “${step.renamedFrom}”).`,
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
          text: `Changed the internal name of the ${what} ‘${text}’ of ‘${title}’ (${name}); members' ticks move with it.`,
          advanced: `Its id is now “${item.id}” (it was “${item.renamedFrom}”).`,
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
        text: `Changed the internal name of the question ‘${question.text}’ of ‘${title}’ (${name}); members' answers move with it.`,
        advanced: `Its id is now “${question.id}” (it was “${question.renamedFrom}”).`,
      });
    }
  }
  for (const task of after.teamTasks) {
    if (task.renamedFrom === undefined || task.renamedFrom === task.id) continue;
    out.push({
      text: `Changed the internal name of the team task ‘${task.title}’ (${name}); the tasks already made follow it.`,
      advanced: `Its id is now “${task.id}” (it was “${task.renamedFrom}”).`,
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
  const names: Names = {
    files: fileNames,
    roles: new Map([...before, ...after].map((role) => [role.key, role.displayName || role.key])),
  };
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
        text: `Changed the internal name of the role ‘${a.displayName || a.key}’; its members keep the role and their progress.`,
        advanced: `Its key is now “${b.key}” (it was “${b.renamedFrom}”).`,
      });
    }
    out.push(...renameSentences(a, b));
    const plain = withoutRenames(plainRole);
    if (!same(a, plain)) out.push(...roleSentences(a, plain, names, after));
  });
  for (const a of before) {
    if (!plainRoles.some((r) => r.key === a.key)) out.push({ text: `Removed the role ${a.displayName || a.key}.` });
  }
  if (out.some((sentence) => sentence.text.includes(' team task '))) out.push({ text: TEAM_TASKS_FOLLOW_SENTENCE });
  return out;
}

// Longer than 500 lines: every kind of rename (steps, items, questions, team tasks, roles) with its checks and its
// moves, in the order one publish transaction applies them.
import { and, eq, or } from 'drizzle-orm';
import type { RoleConfiguration, Step, TeamTask } from '../../../shared/content-schema.js';
import type { StudioProblem } from '../../../shared/studio-api.js';
import { changeRoleKeyAt } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { acknowledgments, stepItemProgress, teamTasks } from '../../db/schema.js';
import {
  anyStored,
  hasSealedAnswers,
  holdingQuestion,
  moveQuestion,
  moveStored,
  STORED_BY_QUESTION_ID,
  STORED_BY_ROLE_KEY,
  STORED_BY_STEP_ID,
} from '../../db/stored-by-id.js';

/**
 * Renaming a step, an item, a form's or quiz's question or a team task in the studio (docs/product.md#renaming-a-step,
 * docs/decisions/056-renaming-keeps-progress.md, docs/decisions/061-renaming-questions-and-team-tasks.md): the draft
 * marks a changed id with `renamedFrom` (the published id); publishing checks the renames, removes the marks and moves
 * members' records from the old id to the new one in the publish's transaction.
 */

/** One rename a publish carries out. */
export interface Rename {
  /** The step's id in the published version (`from`) and in the new one (`to`); equal for an item's rename alone. */
  step: { from: string; to: string };
  /** For an item's rename: its id before and after; null for the step's own rename. */
  item: { from: string; to: string } | null;
  /** The step's title (or the item's text) in the draft, for messages and the audit log. */
  title: string;
  /** Where the renamed id is in the draft, for problems: the role's key and the path of the id field. */
  role: string;
  path: string;
}

/**
 * The steps' own renames (not their items'), new id → published id: the published step a renamed step compares with.
 * @param renames the renames {@link takeRenames} found
 */
export const stepRenamesOf = (renames: readonly Rename[]): Map<string, string> =>
  new Map(renames.filter((r) => r.item === null).map((r) => [r.step.to, r.step.from]));

/** A step's or item's name in a sentence: its title, or the start of its text. */
const named = (text: string) => `‘${text.length > 60 ? `${text.slice(0, 57)}…` : text}’`;

type Item = Step['content']['checklist'][number] | Step['content']['acknowledgments'][number];

/**
 * A form's or quiz's question renamed: members' answers (form sendings, quiz tries) move from the old key to the new
 * one.
 */
export interface QuestionRename {
  /** The step's id in the published version (`from`) and in the new one (`to`). */
  step: { from: string; to: string };
  question: { from: string; to: string };
  kind: 'form' | 'quiz';
  /** Whether the published question is sensitive: its answers are sealed with the step's other sensitive ones. */
  sensitive: boolean;
  /** The question's text in the draft, for messages. */
  title: string;
  /** Where the renamed id is in the draft: the role's key and the path of the id field. */
  role: string;
  path: string;
}

/** A team task renamed: the tasks already made for newcomers (open or done) follow it. */
export interface TeamTaskRename {
  task: { from: string; to: string };
  /** The task's title in the draft, for messages. */
  title: string;
  /** The role the task belongs to (`team_tasks.role_key`), and the path of its id field. */
  role: string;
  path: string;
}

/**
 * A role's key renamed (docs/decisions/062-renaming-a-role.md): its members' role and the team tasks made for them move
 * to the new key.
 */
export interface RoleRename {
  role: { from: string; to: string };
  /** The role's display name in the draft, for messages. */
  title: string;
  /** Where the renamed key is in the draft: the role's (new) key and the path of the key field. */
  path: string;
}

/** A question of a form or quiz, as a rename sees it. */
interface Question {
  id: string;
  renamedFrom?: string | undefined;
}

/** The questions a published step asks, with whether each is sensitive: a form's fields, or a quiz's questions. */
function publishedQuestions(step: Step | undefined, kind: 'form' | 'quiz'): Map<string, boolean> {
  if (kind === 'form') return new Map((step?.form?.fields ?? []).map((f) => [f.id, f.sensitive]));
  return new Map((step?.quiz?.questions ?? []).map((q) => [q.id, false]));
}

/** The ids of a published step's items (checklist and acknowledgments share one set of ids). */
function publishedItems(step: Step | undefined): Set<string> {
  if (!step) return new Set();
  return new Set([...step.content.checklist, ...step.content.acknowledgments].map((i) => i.id));
}

/**
 * Reads the renames a draft marks and checks that each makes sense: the old id is a published step's (or that step's
 * item's), the new id is no published step's (or item's) id, nothing in the draft still has the old id, and no two
 * renames start from the same id.
 * @param configs the draft's role configurations, checked (`renamedFrom` marks allowed)
 * @param published the published version's role configurations
 * @returns the configurations without the marks, the renames (steps first), and the problems (then nothing is to be
 *   published)
 */
export function takeRenames(
  configs: readonly RoleConfiguration[],
  published: readonly RoleConfiguration[],
): {
  configs: RoleConfiguration[];
  renames: Rename[];
  questionRenames: QuestionRename[];
  taskRenames: TeamTaskRename[];
  roleRenames: RoleRename[];
  problems: StudioProblem[];
} {
  const roleRenames: RoleRename[] = [];
  const roleProblems: StudioProblem[] = [];
  const unmarked = takeRoleRenames(configs, published, roleRenames, roleProblems);
  const publishedKeyOf = new Map(roleRenames.map((r) => [r.role.to, r.role.from]));
  const before = new Map<string, Step>();
  for (const config of published) for (const scope of config.scopes) for (const s of scope.steps) before.set(s.id, s);
  const draftTitles = new Map<string, string>();
  for (const config of unmarked)
    for (const scope of config.scopes) for (const s of scope.steps) draftTitles.set(s.id, s.title);
  const problems: StudioProblem[] = [];
  const stepRenames: Rename[] = [];
  const itemRenames: Rename[] = [];
  const questionRenames: QuestionRename[] = [];
  const taskRenames: TeamTaskRename[] = [];
  const claimed = new Map<string, string>();

  const stripped = unmarked.map((config) => ({
    ...config,
    teamTasks: takeTaskRenames(config, published, publishedKeyOf, taskRenames, problems),
    scopes: config.scopes.map((scope, si) => ({
      ...scope,
      steps: scope.steps.map((step, ti): Step => {
        const path = `scopes[${si}].steps[${ti}]`;
        const problem = (at: string, message: string) => problems.push({ role: config.key, path: at, message });
        const { renamedFrom, ...rest } = step;
        let publishedId = step.id;
        if (renamedFrom !== undefined && renamedFrom !== step.id) {
          const taken = before.get(step.id);
          const other = draftTitles.get(renamedFrom);
          const twice = claimed.get(renamedFrom);
          if (!before.has(renamedFrom)) {
            problem(
              `${path}.id`,
              `${named(step.title)} is renamed from “${renamedFrom}”, but no published step has that id any more. Set its id back, or add it as a new step.`,
            );
          } else if (taken) {
            problem(
              `${path}.id`,
              `${named(step.title)} cannot take the id “${step.id}”: the published step ${named(taken.title)} has it. Choose another id.`,
            );
          } else if (other !== undefined) {
            problem(
              `${path}.id`,
              `${named(step.title)} is renamed from “${renamedFrom}”, but the step ${named(other)} has that id now. Give one of them another id.`,
            );
          } else if (twice !== undefined) {
            problem(
              `${path}.id`,
              `${named(step.title)} and ${named(twice)} are both renamed from “${renamedFrom}”: members' progress can move to only one of them. Give one of them its old id back.`,
            );
          } else {
            claimed.set(renamedFrom, step.title);
            stepRenames.push({
              step: { from: renamedFrom, to: step.id },
              item: null,
              title: step.title,
              role: config.key,
              path: `${path}.id`,
            });
          }
          publishedId = renamedFrom;
        }
        const known = publishedItems(before.get(publishedId));
        const draftItems = new Map(
          [...step.content.checklist, ...step.content.acknowledgments].map((i) => [i.id, i] as const),
        );
        const itemClaims = new Map<string, string>();
        const items = <T extends Item>(list: readonly T[], field: 'checklist' | 'acknowledgments'): T[] =>
          list.map((item, ii) => {
            const { renamedFrom: itemFrom, ...kept } = item;
            if (itemFrom === undefined || itemFrom === item.id) return kept as T;
            const text = 'text' in item ? item.text : item.content;
            const at = `${path}.content.${field}[${ii}].id`;
            const other = draftItems.get(itemFrom);
            if (!known.has(itemFrom)) {
              problem(
                at,
                `The item ${named(text)} of ${named(step.title)} is renamed from “${itemFrom}”, but the published step has no such item. Set its id back, or add it as a new item.`,
              );
            } else if (known.has(item.id)) {
              problem(
                at,
                `The item ${named(text)} of ${named(step.title)} cannot take the id “${item.id}”: another item of the published step has it. Choose another id.`,
              );
            } else if (other !== undefined) {
              problem(
                at,
                `The item ${named(text)} of ${named(step.title)} is renamed from “${itemFrom}”, but another item has that id now. Give one of them another id.`,
              );
            } else if (itemClaims.has(itemFrom)) {
              problem(
                at,
                `Two items of ${named(step.title)} are renamed from “${itemFrom}”: members' ticks can move to only one of them.`,
              );
            } else {
              itemClaims.set(itemFrom, item.id);
              itemRenames.push({
                step: { from: publishedId, to: step.id },
                item: { from: itemFrom, to: item.id },
                title: text,
                role: config.key,
                path: at,
              });
            }
            return kept as T;
          });
        const questions = <T extends Question>(
          list: readonly T[],
          kind: 'form' | 'quiz',
          at: string,
          textOf: (question: T) => string,
        ): T[] => {
          const known = publishedQuestions(before.get(publishedId), kind);
          const ids = new Set(list.map((q) => q.id));
          const claims = new Set<string>();
          return list.map((question, qi) => {
            const { renamedFrom: questionFrom, ...kept } = question;
            if (questionFrom === undefined || questionFrom === question.id) return kept as T;
            const text = named(textOf(question));
            const idPath = `${at}[${qi}].id`;
            if (!known.has(questionFrom)) {
              problem(
                idPath,
                `The question ${text} of ${named(step.title)} is renamed from “${questionFrom}”, but the published step has no such question. Set its id back, or add it as a new question.`,
              );
            } else if (known.has(question.id)) {
              problem(
                idPath,
                `The question ${text} of ${named(step.title)} cannot take the id “${question.id}”: another question of the published step has it. Choose another id.`,
              );
            } else if (ids.has(questionFrom)) {
              problem(
                idPath,
                `The question ${text} of ${named(step.title)} is renamed from “${questionFrom}”, but another question has that id now. Give one of them another id.`,
              );
            } else if (claims.has(questionFrom)) {
              problem(
                idPath,
                `Two questions of ${named(step.title)} are renamed from “${questionFrom}”: members' answers can move to only one of them.`,
              );
            } else {
              claims.add(questionFrom);
              questionRenames.push({
                step: { from: publishedId, to: step.id },
                question: { from: questionFrom, to: question.id },
                kind,
                sensitive: known.get(questionFrom) === true,
                title: textOf(question),
                role: config.key,
                path: idPath,
              });
            }
            return kept as T;
          });
        };
        return {
          ...rest,
          content: {
            ...rest.content,
            checklist: items(rest.content.checklist, 'checklist'),
            acknowledgments: items(rest.content.acknowledgments, 'acknowledgments'),
          },
          ...(rest.form === undefined
            ? {}
            : {
                form: {
                  ...rest.form,
                  fields: questions(rest.form.fields, 'form', `${path}.form.fields`, (f) => f.label),
                },
              }),
          ...(rest.quiz === undefined
            ? {}
            : {
                quiz: {
                  ...rest.quiz,
                  questions: questions(rest.quiz.questions, 'quiz', `${path}.quiz.questions`, (q) => q.text),
                },
              }),
        };
      }),
    })),
  }));
  return {
    configs: stripped,
    renames: [...stepRenames, ...itemRenames],
    questionRenames,
    taskRenames,
    roleRenames,
    problems: [...roleProblems, ...problems],
  };
}

/**
 * The roles without their rename marks; each role rename that makes sense (the old key is a published role's, the new
 * key is no published role's, no role of the draft still has the old key, one rename per old key) is added to
 * `renames`, any other to `problems`.
 */
function takeRoleRenames(
  configs: readonly RoleConfiguration[],
  published: readonly RoleConfiguration[],
  renames: RoleRename[],
  problems: StudioProblem[],
): RoleConfiguration[] {
  const known = new Map(published.map((c) => [c.key, c.displayName]));
  const keys = new Set(configs.map((c) => c.key));
  const claims = new Map<string, string>();
  return configs.map((config) => {
    const { renamedFrom, ...kept } = config;
    if (renamedFrom === undefined || renamedFrom === config.key) return kept;
    const problem = (message: string) => problems.push({ role: config.key, path: 'key', message });
    const name = named(config.displayName);
    const twice = claims.get(renamedFrom);
    if (!known.has(renamedFrom)) {
      problem(
        `The role ${name} is renamed from “${renamedFrom}”, but no published role has that key any more. Set its key back, or add it as a new role.`,
      );
    } else if (known.has(config.key)) {
      problem(
        `The role ${name} cannot take the key “${config.key}”: the published role ${named(known.get(config.key) ?? config.key)} has it. Choose another key.`,
      );
    } else if (keys.has(renamedFrom)) {
      problem(
        `The role ${name} is renamed from “${renamedFrom}”, but another role has that key now. Give one of them another key.`,
      );
    } else if (twice !== undefined) {
      problem(
        `The roles ${name} and ${named(twice)} are both renamed from “${renamedFrom}”: its members can move to only one of them. Give one of them its old key back.`,
      );
    } else {
      claims.set(renamedFrom, config.displayName);
      renames.push({ role: { from: renamedFrom, to: config.key }, title: config.displayName, path: 'key' });
    }
    return kept;
  });
}

/**
 * The published configurations with each renamed role under its new key, and the other roles naming it by the new key
 * (inherits, includes, department, shared passwords): to compare them with the draft as if the key had always been the
 * new one (a rename changes nobody's access).
 * @param published the published version's role configurations
 * @param renames the role renames {@link takeRenames} found
 */
export function withRenamedRoleKeys(
  published: readonly RoleConfiguration[],
  renames: readonly RoleRename[],
): RoleConfiguration[] {
  let configs = [...published];
  for (const { role } of renames) {
    const index = configs.findIndex((c) => c.key === role.from);
    if (index >= 0) configs = changeRoleKeyAt(configs, index, role.to);
  }
  return configs;
}

/**
 * A role's team tasks without their rename marks; each rename that makes sense (the old id is a task of the role's
 * published version, the new id is none of its tasks', no task of the draft still has the old id, one rename per old
 * id) is added to `renames`, any other to `problems`.
 */
function takeTaskRenames(
  config: RoleConfiguration,
  published: readonly RoleConfiguration[],
  publishedKeyOf: ReadonlyMap<string, string>,
  renames: TeamTaskRename[],
  problems: StudioProblem[],
): TeamTask[] {
  const publishedKey = publishedKeyOf.get(config.key) ?? config.key;
  const known = new Set(published.find((c) => c.key === publishedKey)?.teamTasks.map((t) => t.id) ?? []);
  const ids = new Set(config.teamTasks.map((t) => t.id));
  const claims = new Set<string>();
  return config.teamTasks.map((task, i) => {
    const { renamedFrom, ...kept } = task;
    if (renamedFrom === undefined || renamedFrom === task.id) return kept;
    const path = `teamTasks[${i}].id`;
    const problem = (message: string) => problems.push({ role: config.key, path, message });
    if (!known.has(renamedFrom)) {
      problem(
        `The team task ${named(task.title)} is renamed from “${renamedFrom}”, but the published role has no such task. Set its id back, or add it as a new task.`,
      );
    } else if (known.has(task.id)) {
      problem(
        `The team task ${named(task.title)} cannot take the id “${task.id}”: another published team task has it. Choose another id.`,
      );
    } else if (ids.has(renamedFrom)) {
      problem(
        `The team task ${named(task.title)} is renamed from “${renamedFrom}”, but another team task has that id now. Give one of them another id.`,
      );
    } else if (claims.has(renamedFrom)) {
      problem(`Two team tasks are renamed from “${renamedFrom}”: the tasks already made can follow only one of them.`);
    } else {
      claims.add(renamedFrom);
      renames.push({ task: { from: renamedFrom, to: task.id }, title: task.title, role: config.key, path });
    }
    return kept;
  });
}

/**
 * The role configurations with each renamed question under its published id again: to compare a step's questions with
 * the published ones (a renamed question is the same question, not a new one that asks members again).
 * @param configs configurations as {@link takeRenames} returns them
 * @param renames the question renames it found
 */
export function withPublishedQuestionIds(
  configs: readonly RoleConfiguration[],
  renames: readonly QuestionRename[],
): RoleConfiguration[] {
  if (renames.length === 0) return [...configs];
  const oldId = (stepId: string, kind: 'form' | 'quiz', id: string) =>
    renames.find((r) => r.step.to === stepId && r.kind === kind && r.question.to === id)?.question.from ?? id;
  return configs.map((config) => ({
    ...config,
    scopes: config.scopes.map((scope) => ({
      ...scope,
      steps: scope.steps.map((step) => ({
        ...step,
        ...(step.form === undefined
          ? {}
          : {
              form: {
                ...step.form,
                fields: step.form.fields.map((f) => ({ ...f, id: oldId(step.id, 'form', f.id) })),
              },
            }),
        ...(step.quiz === undefined
          ? {}
          : {
              quiz: {
                ...step.quiz,
                questions: step.quiz.questions.map((q) => ({ ...q, id: oldId(step.id, 'quiz', q.id) })),
              },
            }),
      })),
    })),
  }));
}

/**
 * What stops renames in the database: records that name the old id and cannot change (signed acknowledgments are
 * append-only; sealed answers are bound to their step's id), or records a step or item removed earlier left under the
 * new id (they would mix with the moved ones).
 * @returns a problem per rename that cannot be made
 */
export async function renameRecordProblems(db: Database, renames: readonly Rename[]): Promise<StudioProblem[]> {
  const problems: StudioProblem[] = [];
  for (const rename of renames) {
    const { step, item } = rename;
    const problem = (message: string) => problems.push({ role: rename.role, path: rename.path, message });
    if (item === null) {
      const signed = await anyStored(db, acknowledgments, eq(acknowledgments.stepId, step.from));
      const sealed = await hasSealedAnswers(db, step.from);
      if (signed || sealed) {
        problem(
          `Members have ${signed ? 'agreed to' : 'sent sensitive answers to'} ${named(rename.title)}, and ${signed ? 'their signed records name' : 'their sealed answers are locked to'} it by its id “${step.from}”, which cannot change. Set its id back to “${step.from}”.`,
        );
        continue;
      }
      const leftOver = await Promise.all(
        STORED_BY_STEP_ID.map(({ table, column }) => anyStored(db, table, eq(column, step.to))),
      );
      if (leftOver.some(Boolean)) {
        problem(
          `The id “${step.to}” belonged to a step removed earlier, and members' records still carry it. Choose another id for ${named(rename.title)}.`,
        );
      }
      continue;
    }
    const signed = await anyStored(
      db,
      acknowledgments,
      and(eq(acknowledgments.stepId, step.from), eq(acknowledgments.itemId, item.from)),
    );
    if (signed) {
      problem(
        `Members have acknowledged ${named(rename.title)}, and their signed records name it by its id “${item.from}”, which cannot change. Set its id back to “${item.from}”.`,
      );
      continue;
    }
    const leftOver = await anyStored(
      db,
      stepItemProgress,
      and(
        or(eq(stepItemProgress.stepId, step.from), eq(stepItemProgress.stepId, step.to)),
        eq(stepItemProgress.itemId, item.to),
      ),
    );
    if (leftOver) {
      problem(
        `The id “${item.to}” belonged to an item removed earlier, and members' ticks still carry it. Choose another id for ${named(rename.title)}.`,
      );
    }
  }
  return problems;
}

/** How many records a rename moved, by table. */
export interface MovedRecords {
  step: { from: string; to: string };
  item: { from: string; to: string } | null;
  moved: Record<string, number>;
}

/**
 * Moves members' records from old ids to new ones (in the publish's transaction): completions, ticks, form answers,
 * quiz tries, skipped-step adjustments and the reminders already sent for a step; for an item, its ticks. Steps are
 * moved before items (an item's rename names its step's new id). Acknowledgment records are never changed
 * ({@link renameRecordProblems} refuses renames that would need it).
 * @returns what moved, per rename, for the audit log
 */
export async function moveRenamedRecords(tx: Database, renames: readonly Rename[]): Promise<MovedRecords[]> {
  const result: MovedRecords[] = [];
  for (const { step, item } of renames) {
    const moved: Record<string, number> = {};
    if (item === null) {
      for (const stored of STORED_BY_STEP_ID) {
        if (stored.kept === undefined) moved[stored.name] = await moveStored(tx, stored, step);
      }
    } else {
      moved.ticks = (
        await tx
          .update(stepItemProgress)
          .set({ itemId: item.to })
          .where(and(eq(stepItemProgress.stepId, step.to), eq(stepItemProgress.itemId, item.from)))
          .returning({ x: stepItemProgress.itemId })
      ).length;
    }
    result.push({ step, item, moved });
  }
  return result;
}

/**
 * What stops question and team task renames in the database: a sensitive question's answers are sealed with the
 * step's other sensitive answers and cannot be re-keyed without the key; answers (or tasks) that a question (or task)
 * removed earlier left under the new id would mix with the moved ones.
 * @returns a problem per rename that cannot be made
 */
export async function answerRenameProblems(
  db: Database,
  questions: readonly QuestionRename[],
  tasks: readonly TeamTaskRename[],
): Promise<StudioProblem[]> {
  const problems: StudioProblem[] = [];
  for (const rename of questions) {
    const { step, question } = rename;
    const problem = (message: string) => problems.push({ role: rename.role, path: rename.path, message });
    if (rename.sensitive && (await hasSealedAnswers(db, step.from))) {
      problem(
        `Members have sent answers to the sensitive question ${named(rename.title)}; they are sealed with its id “${question.from}”, which cannot change. Set its id back to “${question.from}”.`,
      );
      continue;
    }
    const leftOver = await Promise.all(
      STORED_BY_QUESTION_ID.filter((stored) => stored.kind === rename.kind).map((stored) =>
        anyStored(db, stored.table, holdingQuestion(stored, [step.from, step.to], question.to)),
      ),
    );
    if (leftOver.some(Boolean)) {
      problem(
        `The id “${question.to}” belonged to a question removed earlier, and members' answers still carry it. Choose another id for ${named(rename.title)}.`,
      );
    }
  }
  for (const rename of tasks) {
    if (await anyStored(db, teamTasks, eq(teamTasks.taskId, rename.task.to))) {
      problems.push({
        role: rename.role,
        path: rename.path,
        message: `The id “${rename.task.to}” belonged to a team task removed earlier, and tasks already made for newcomers still carry it. Choose another id for ${named(rename.title)}.`,
      });
    }
  }
  return problems;
}

/** How many answers or team tasks a question's or a team task's rename moved. */
export type MovedAnswers =
  | { step: string; question: { from: string; to: string }; kind: 'form' | 'quiz'; moved: number }
  | { teamTask: { from: string; to: string }; role: string; moved: number };

/**
 * Moves members' answers from renamed questions' old ids to the new ones, and the team tasks already made from
 * renamed tasks' old ids (in the publish's transaction, after {@link moveRenamedRecords}, so a step renamed too has its
 * records under its new id): a form sending's or quiz try's answer under the old question id is stored under the new
 * one; a team task (open or done) takes the new task id and keeps everything else.
 * @returns what moved, per rename, for the audit log
 */
export async function moveRenamedAnswers(
  tx: Database,
  questions: readonly QuestionRename[],
  tasks: readonly TeamTaskRename[],
): Promise<MovedAnswers[]> {
  const result: MovedAnswers[] = [];
  for (const { step, question, kind } of questions) {
    // The answers' count is the audit's (a member's and those given before the first day); a file question's files
    // follow its answers (which hold them by id).
    let moved = 0;
    for (const stored of STORED_BY_QUESTION_ID.filter((s) => s.kind === kind)) {
      const rows = await moveQuestion(tx, stored, step.to, question);
      if (stored.holds === 'key') moved += rows;
    }
    result.push({ step: step.to, question, kind, moved });
  }
  for (const { task, role } of tasks) {
    const rows = await tx
      .update(teamTasks)
      .set({ taskId: task.to })
      .where(and(eq(teamTasks.taskId, task.from), eq(teamTasks.roleKey, role)))
      .returning({ x: teamTasks.id });
    result.push({ teamTask: task, role, moved: rows.length });
  }
  return result;
}

/** How many member records, users and team tasks a role's rename moved. */
export interface MovedRoles {
  role: { from: string; to: string };
  moved: { members: number; users: number; teamTasks: number };
}

/**
 * Moves everything stored by a renamed role's old key to the new one (in the publish's transaction, before the other
 * renames: a team task's rename names its role by the new key): member records and users whose role text is exactly
 * the old key take the new key; team tasks made from the role (open, done or closed) take the new `role_key`. A member
 * record moved is updated `at` (the publish's time). Any other role text is left as written, also one the lookup
 * matches to the old key ('Finance ', or a job title a role took as its key): the access map of the publish lists such
 * people as moving (access-map.ts). The admin console's table follows by itself (a member record's change
 * marks its row, and a new catalog recomputes every row).
 * @returns what moved, per rename, for the audit log
 */
export async function moveRenamedRoles(tx: Database, renames: readonly RoleRename[], at: Date): Promise<MovedRoles[]> {
  const result: MovedRoles[] = [];
  for (const { role } of renames) {
    // Only records whose role text is exactly the old key: a text that merely resolves to it ("Director of Finance and
    // Operations" once a role took that key) keeps its own words (docs/security.md#access-is-an-invariant).
    const moved = { members: 0, users: 0, teamTasks: 0 };
    for (const stored of STORED_BY_ROLE_KEY) {
      if (stored.kept === undefined) moved[stored.name as keyof typeof moved] = await moveStored(tx, stored, role, at);
    }
    result.push({ role, moved });
  }
  return result;
}

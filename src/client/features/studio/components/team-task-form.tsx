import { isAppointment, type RoleConfiguration, type TeamTask } from '@shared/content-schema';
import type { TeamTaskView } from '@shared/team-tasks-api';
import { useState } from 'react';
import { TeamTaskItem } from '@/features/team-tasks';
import { idFromTitle, madeFromTitle } from '../utils/catalog-edits';
import { Advanced, CheckboxField, ListEditor, NumberField, SelectField, TextField } from './fields';

/** Who does a team task, as the 'Who does it' choice names it (docs/product.md#team-tasks). */
const WHO_OPTIONS = [
  { value: 'lead', label: 'The lead(s) of the newcomer’s department' },
  { value: 'buddy', label: 'The newcomer’s buddy' },
  { value: 'admins', label: 'Any admin' },
  { value: 'members', label: 'Members I name' },
] as const;

type WhoChoice = (typeof WHO_OPTIONS)[number]['value'];

/** The words a task's id is made from: its title, or 'new team task' while it has none. */
const taskTitleBase = (title: string) => (title.trim() === '' ? 'new team task' : title);

const whoChoice = (who: TeamTask['who']): WhoChoice => (typeof who === 'string' ? who : 'members');

/**
 * Who does a team task, in words (docs/product.md#team-tasks).
 * @param who the task's `who`
 * @returns e.g. 'the lead(s) of the newcomer’s department', 'sam@example.org and kim@example.org'
 */
export function whoInWords(who: TeamTask['who']): string {
  if (typeof who !== 'string') {
    const names = who.members.filter((m) => m.trim() !== '');
    if (names.length === 0) return 'the members you name';
    return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  }
  return who === 'lead'
    ? 'the lead(s) of the newcomer’s department'
    : who === 'buddy'
      ? 'the newcomer’s buddy'
      : 'any admin';
}

/**
 * When a team task is due, in words (docs/product.md#team-tasks: days before or after the newcomer's start date).
 * @param days `dueAfterDays`: negative before the start date, 0 on it
 * @returns e.g. '2 days before the start date', 'on the start date', '1 day after the start date'
 */
export function whenInWords(days: number): string {
  if (!Number.isFinite(days) || days === 0) return 'on the start date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the start date`;
}

/** YYYY-MM-DD of `date` moved by `days` (calendar days, UTC). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The task as "My tasks" would show it for a newcomer starting on `startOn` (the preview). */
function previewView(task: TeamTask, startOn: string): TeamTaskView {
  const who = whoChoice(task.who);
  return {
    id: 'preview',
    taskId: task.id,
    newcomer: { email: 'newcomer@example.org', name: 'A newcomer' },
    title: task.title || 'Untitled team task',
    description: task.description,
    who,
    assignees:
      who === 'lead'
        ? ['the department’s lead(s)']
        : who === 'buddy'
          ? ['the newcomer’s buddy']
          : typeof task.who === 'string'
            ? []
            : task.who.members,
    unassigned: false,
    appointment: isAppointment(task.appointment),
    dueOn: addDays(startOn, Number.isFinite(task.dueAfterDays) ? task.dueAfterDays : 0),
    status: 'open',
    overdue: false,
    doneAt: null,
    doneBy: null,
    note: null,
    closedReason: null,
  };
}

interface TeamTaskFormProps {
  task: TeamTask;
  /** The task's path in the role, e.g. `teamTasks[0]` (problems and field ids follow it). */
  path: string;
  onChange: (task: TeamTask) => void;
  /**
   * Whether the published content has this task (by the id it is renamed from, or its own): its id then stays as it is
   * when the title changes, and changing it is a rename (docs/product.md#renaming-a-step).
   */
  published: boolean;
  /** The other tasks' ids in the role, so that an id made from the title is free. */
  otherIds: readonly string[];
  /** Today (YYYY-MM-DD): the preview's newcomer starts on it. */
  today: string;
}

/**
 * One team task's fields in plain words (docs/product.md#team-tasks, docs/product.md#editing-in-the-browser): title,
 * description, who does it, when (days before or after the start date), whether it is a meeting; its id only under
 * 'Advanced'. Beside it, the task as the person doing it sees it in "My tasks".
 */
export function TeamTaskForm({ task, path, onChange, published, otherIds, today }: TeamTaskFormProps) {
  const choice = whoChoice(task.who);
  const days = Number.isFinite(task.dueAfterDays) ? task.dueAfterDays : 0;
  // 0 days has no direction of its own: the choice is kept while the number is cleared and typed again.
  const [chosen, setChosen] = useState<'before' | 'after'>(days < 0 ? 'before' : 'after');
  const direction = days < 0 ? 'before' : days > 0 ? 'after' : chosen;
  const setTitle = (title: string) => {
    // A task not yet published takes its id from its title, as a new step does; a published one keeps it.
    if (published || task.renamedFrom !== undefined || !madeFromTitle(task.id, taskTitleBase(task.title))) {
      onChange({ ...task, title });
      return;
    }
    const base = idFromTitle(taskTitleBase(title));
    let id = base;
    for (let n = 2; otherIds.includes(id); n += 1) id = `${base}-${n}`;
    onChange({ ...task, title, id });
  };
  const setWho = (value: string) => {
    if (value === 'members')
      onChange({ ...task, who: { members: typeof task.who === 'string' ? [''] : task.who.members } });
    else if (value === 'lead' || value === 'buddy' || value === 'admins') onChange({ ...task, who: value });
  };
  const setDays = (n: number | undefined, dir: 'before' | 'after') => {
    const size = Math.abs(n ?? 0);
    setChosen(dir);
    onChange({ ...task, dueAfterDays: dir === 'before' && size > 0 ? -size : size });
  };
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] [&>*]:min-w-0">
      <div className="space-y-3">
        <TextField path={`${path}.title`} label="Title" value={task.title} onChange={setTitle} />
        <TextField
          path={`${path}.description`}
          label="What to do"
          multiline
          value={task.description}
          onChange={(description) => onChange({ ...task, description })}
        />
        <SelectField
          path={`${path}.who`}
          label="Who does it"
          value={choice}
          onChange={setWho}
          options={WHO_OPTIONS}
          hint="Leads and buddies are the newcomer’s own, from their member record."
        />
        {typeof task.who === 'string' ? null : (
          <ListEditor<string>
            path={`${path}.who.members`}
            label="The members who do it"
            itemName="member"
            items={task.who.members}
            onChange={(members) => onChange({ ...task, who: { members } })}
            create={() => ''}
            renderItem={(item, change, itemPath, i) => (
              <TextField
                path={itemPath}
                label={`E-mail address ${i + 1}`}
                type="email"
                value={item}
                onChange={change}
              />
            )}
          />
        )}
        <fieldset className="space-y-2 rounded-xl border border-slate-200 p-2 sm:p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">When it is due</legend>
          <div className="flex flex-wrap items-end gap-3">
            <NumberField
              path={`${path}.dueAfterDays`}
              label="Days"
              min={0}
              value={Math.abs(days)}
              onChange={(n) => setDays(n, direction)}
            />
            <SelectField
              path={`${path}.dueDirection`}
              label="Before or after"
              value={direction}
              onChange={(dir) => setDays(days, dir === 'before' ? 'before' : 'after')}
              options={[
                { value: 'before', label: 'before the start date' },
                { value: 'after', label: 'after the start date' },
              ]}
            />
          </div>
          <p className="text-sm text-slate-700">
            Due {whenInWords(days)}, done by {whoInWords(task.who)}.
          </p>
        </fieldset>
        <CheckboxField
          path={`${path}.appointment`}
          label="It is a meeting with the newcomer (its e-mail carries a calendar invitation)"
          checked={isAppointment(task.appointment)}
          onChange={(on) => {
            const { appointment: _a, ...rest } = task;
            // Ticked again, a meeting keeps its time (set in the content file).
            onChange(on ? { ...rest, appointment: task.appointment || true } : rest);
          }}
        />
        <Advanced>
          <TextField
            path={`${path}.id`}
            label="Task id"
            value={task.id}
            onChange={(id) => {
              // A published task's id changed is a rename: the tasks already made follow it when publishing.
              const { renamedFrom: _was, ...rest } = task;
              const original = task.renamedFrom ?? task.id;
              onChange(published && id !== original ? { ...rest, id, renamedFrom: original } : { ...rest, id });
            }}
            hint={
              task.renamedFrom !== undefined
                ? `Renamed from “${task.renamedFrom}”: the tasks already made for newcomers follow the new id when you publish.`
                : published
                  ? 'Tasks already made for newcomers are matched by it. Changing it renames the task: when you publish, they follow the new id.'
                  : 'Made from the title until the task is published.'
            }
          />
        </Advanced>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-semibold text-slate-800">Preview: in “My tasks”, for a newcomer starting today</p>
        <ul>
          <TeamTaskItem task={previewView(task, today)} today={today} canChange={false} showWho />
        </ul>
      </div>
    </div>
  );
}

/** A free id for a new team task of `role`. */
function freeTaskId(role: RoleConfiguration): string {
  let id = 'new-team-task';
  for (let n = 2; role.teamTasks.some((t) => t.id === id); n += 1) id = `new-team-task-${n}`;
  return id;
}

/**
 * A role's team tasks in the studio (docs/product.md#team-tasks): each with its form and preview; add, remove and
 * reorder with buttons.
 * @param role the role as edited
 * @param publishedIds the ids of the tasks the published version of this role has
 * @param today YYYY-MM-DD, for the preview
 */
export function TeamTasksEditor({
  role,
  publishedIds,
  today,
  onChange,
}: {
  role: RoleConfiguration;
  publishedIds: ReadonlySet<string>;
  today: string;
  onChange: (teamTasks: TeamTask[]) => void;
}) {
  return (
    <ListEditor<TeamTask>
      path="teamTasks"
      label="Team tasks"
      itemName="team task"
      hint={`Work the people around a new ${role.displayName || role.key} member do for them. A task is made for each newcomer with a start date; a published change reaches the tasks not yet done.`}
      items={role.teamTasks}
      onChange={onChange}
      create={() => ({ id: freeTaskId(role), title: 'New team task', description: '', who: 'lead', dueAfterDays: 0 })}
      renderItem={(task, change, itemPath, i) => (
        <TeamTaskForm
          task={task}
          path={itemPath}
          onChange={change}
          published={publishedIds.has(task.renamedFrom ?? task.id)}
          otherIds={role.teamTasks.filter((_, j) => j !== i).map((t) => t.id)}
          today={today}
        />
      )}
    />
  );
}

import { dueLabel } from '@shared/due-label';
import type { TeamTaskView } from '@shared/team-tasks-api';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fieldClass, formatDateTime, labelClass } from '@/features/admin';
import { CREATE_ACCOUNT_TASK_ID, CreateAccountFromTask } from '@/features/workspace';
import { toast } from '@/lib/toasts';
import { useSetTeamTaskDone } from '../api/team-tasks';

/** Calendar days from `dueOn` to `today` (both YYYY-MM-DD): positive when late. */
export function daysLate(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
}

/** Who does a task, in words (docs/product.md#team-tasks). */
export function whoLabel(task: Pick<TeamTaskView, 'who' | 'assignees' | 'unassigned'>): string {
  if (task.who === 'admins') return 'Any admin';
  if (task.unassigned) return task.who === 'lead' ? 'Nobody: the department has no lead' : 'Nobody: no buddy yet';
  const names = task.assignees.join(', ');
  return task.who === 'lead' ? `Lead: ${names}` : task.who === 'buddy' ? `Buddy: ${names}` : names;
}

/**
 * One team task (docs/product.md#team-tasks): title, due date (overdue in words), description, who does it, and for
 * those who may change it 'Mark as done' with an optional note, or 'Mark as not done'. Plain buttons and a labelled
 * text box: operable with the keyboard alone.
 * @param task the task as the API sends it
 * @param today YYYY-MM-DD in the organisation's time zone (the list's `today`)
 * @param canChange whether the reader may mark it (the server checks again)
 * @param showWho whether to say who does it (the member page; "My tasks" lists the reader's own)
 */
export function TeamTaskItem({
  task,
  today,
  canChange,
  showWho = false,
}: {
  task: TeamTaskView;
  today: string;
  canChange: boolean;
  showWho?: boolean;
}) {
  const setDone = useSetTeamTaskDone();
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const headingId = useId();
  const late = daysLate(task.dueOn, today);

  const save = (done: boolean) => {
    setDone
      .mutateAsync({ id: task.id, done, ...(done && note.trim() !== '' ? { note: note.trim() } : {}) })
      .then(() => {
        setNoting(false);
        setNote('');
        toast.success(done ? `Marked “${task.title}” as done` : `Marked “${task.title}” as not done`);
      })
      .catch(() => {
        // Shown below from `setDone.error`.
      });
  };

  return (
    <li
      aria-labelledby={headingId}
      className={`space-y-2 rounded-xl border p-4 ${task.overdue ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {/* A title may hold an address longer than the line ('@inspired2uplift.org'): it wraps. */}
        <h4 id={headingId} className="font-semibold [overflow-wrap:anywhere] text-slate-900">
          {task.title}
        </h4>
        {task.status === 'done' ? (
          <Badge variant="success">Done</Badge>
        ) : task.status === 'closed' ? (
          <Badge variant="secondary">Closed</Badge>
        ) : task.overdue ? (
          <Badge variant="warning">{dueLabel(task.dueOn, late)}</Badge>
        ) : (
          <Badge variant="outline">{dueLabel(task.dueOn, late)}</Badge>
        )}
        {task.appointment ? <Badge variant="secondary">Meeting</Badge> : null}
        {task.unassigned && task.status === 'open' ? <Badge variant="warning">Nobody assigned</Badge> : null}
      </div>
      <p className="text-sm whitespace-pre-line text-slate-700">{task.description}</p>
      {showWho ? <p className="text-sm text-slate-700">Who: {whoLabel(task)}</p> : null}
      {task.status === 'done' ? (
        <p className="text-sm text-slate-700">
          Done {formatDateTime(task.doneAt)}
          {task.doneBy === null ? '' : ` by ${task.doneBy}`}.{task.note === null ? '' : ` Note: ${task.note}`}
        </p>
      ) : null}
      {task.status === 'closed' && task.closedReason !== null ? (
        <p className="text-sm text-slate-700">{task.closedReason}</p>
      ) : null}
      {/* Mounted while the task is done too: a temporary password shown once stays on screen. */}
      {canChange && task.who === 'admins' && task.taskId === CREATE_ACCOUNT_TASK_ID ? (
        <CreateAccountFromTask email={task.newcomer.email} open={task.status === 'open'} />
      ) : null}
      {canChange && task.status === 'open' ? (
        noting ? (
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              save(true);
            }}
          >
            <label htmlFor={noteId} className={labelClass}>
              Note (optional)
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={2000}
              rows={2}
              autoFocus
              onChange={(event) => setNote(event.target.value)}
              className={`${fieldClass} h-auto py-2`}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={setDone.isPending}>
                {setDone.isPending ? 'Saving…' : 'Save as done'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setNoting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="outline" onClick={() => setNoting(true)}>
            Mark as done
          </Button>
        )
      ) : null}
      {canChange && task.status === 'done' ? (
        <Button type="button" variant="ghost" onClick={() => save(false)} disabled={setDone.isPending}>
          Mark as not done
        </Button>
      ) : null}
      {setDone.error ? (
        <p role="alert" className="text-sm text-red-700">
          {setDone.error.message}
        </p>
      ) : null}
    </li>
  );
}

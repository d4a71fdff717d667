import type { TeamTaskView } from '@shared/team-tasks-api';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paths } from '@/config/paths';
import { useMyTeamTasks } from '../api/team-tasks';
import { TeamTaskItem } from './team-task-item';

/** Tasks grouped by newcomer, in the order of their first task (the API sends overdue first, then by due date). */
export function groupByNewcomer(
  tasks: readonly TeamTaskView[],
): { newcomer: TeamTaskView['newcomer']; tasks: TeamTaskView[] }[] {
  const groups = new Map<string, { newcomer: TeamTaskView['newcomer']; tasks: TeamTaskView[] }>();
  for (const task of tasks) {
    const group = groups.get(task.newcomer.email) ?? { newcomer: task.newcomer, tasks: [] };
    group.tasks.push(task);
    groups.set(task.newcomer.email, group);
  }
  return [...groups.values()];
}

/** What shows while the tasks load: two blocks the size of a task. */
const TWO_TASKS = ['h-24 rounded-xl', 'h-24 rounded-xl'];

/**
 * "My tasks" (docs/product.md#team-tasks): the team tasks the signed-in person does for newcomers, grouped by
 * newcomer, overdue first, each with its due date and 'Mark as done' (an optional note). Loading, empty and error
 * states in words.
 * @param canOpenMembers whether the reader may open a newcomer's member page (admins and leads)
 */
export function MyTasks({ canOpenMembers }: { canOpenMembers: boolean }) {
  const tasks = useMyTeamTasks();
  if (tasks.isPending) {
    return <LoadingStatus label="Loading your tasks…" placeholders={TWO_TASKS} className="space-y-3" />;
  }
  if (tasks.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p>Your tasks could not be loaded: {tasks.error.message}</p>
        <Button type="button" variant="outline" onClick={() => void tasks.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const open = tasks.data.tasks.filter((task) => task.status === 'open');
  const overdue = open.filter((task) => task.overdue).length;
  if (tasks.data.tasks.length === 0) {
    return (
      <p className="text-slate-700">
        You have no tasks for newcomers. When someone joins and you can help, their tasks show up here.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-slate-700" aria-live="polite">
        {open.length === 0
          ? 'All your tasks are done. Thank you!'
          : `${open.length} ${open.length === 1 ? 'task' : 'tasks'} to do${overdue > 0 ? `, ${overdue} overdue` : ''}.`}
      </p>
      {groupByNewcomer(tasks.data.tasks).map((group) => (
        <section key={group.newcomer.email} aria-label={`Tasks for ${group.newcomer.name}`} className="space-y-3">
          <h3 className="text-lg font-semibold text-slate-900">
            For{' '}
            {canOpenMembers ? (
              <Link to={paths.adminMember.getHref(group.newcomer.email)} className="text-brand-700 underline">
                {group.newcomer.name}
              </Link>
            ) : (
              group.newcomer.name
            )}
          </h3>
          <ul className="space-y-3">
            {group.tasks.map((task) => (
              <TeamTaskItem key={task.id} task={task} today={tasks.data.today} canChange />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNewcomerTeamTasks } from '../api/team-tasks';
import { TeamTaskItem } from './team-task-item';

/**
 * A newcomer's team tasks on their member page (docs/product.md#team-tasks), for admins and the leads of the
 * newcomer's department: each task with who does it and its due date; tasks nobody can do are marked 'Nobody
 * assigned', and admins are told they fall to them.
 * @param email the newcomer's address
 * @param isAdmin whether the reader is an admin (the unassigned tasks are theirs)
 */
export function NewcomerTasks({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  const tasks = useNewcomerTeamTasks(email);
  const unassigned = tasks.data?.tasks.filter((task) => task.unassigned && task.status === 'open').length ?? 0;
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold">Team tasks</h3>
      {tasks.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading the team tasks…</span>
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : tasks.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The team tasks could not be loaded: {tasks.error.message}
        </p>
      ) : tasks.data.tasks.length === 0 ? (
        <p className="text-sm text-slate-700">
          No team tasks. They are made when this person has a start date and their role has team tasks.
        </p>
      ) : (
        <>
          {unassigned > 0 ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {unassigned === 1 ? '1 task has' : `${unassigned} tasks have`} nobody to do{' '}
              {unassigned === 1 ? 'it' : 'them'}
              {isAdmin
                ? ': it is up to the admins. Choose a buddy below, or make someone lead of the department.'
                : ': the admins see it in their tasks.'}
            </p>
          ) : null}
          <ul className="space-y-3">
            {tasks.data.tasks.map((task) => (
              <TeamTaskItem key={task.id} task={task} today={tasks.data.today} canChange showWho />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

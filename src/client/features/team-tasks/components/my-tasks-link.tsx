import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMyTeamTasks } from '../api/my-team-tasks';

/**
 * The header's 'My tasks' link (docs/product.md#team-tasks): shown to anyone who has team tasks (open or done), with
 * how many are open; nothing while loading, on an error or without tasks.
 */
export function MyTasksLink() {
  const tasks = useMyTeamTasks().data?.tasks ?? [];
  if (tasks.length === 0) return null;
  const open = tasks.filter((task) => task.status === 'open').length;
  return (
    <Link
      to={paths.myTasks.getHref()}
      className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      My tasks{' '}
      {open > 0 ? (
        <>
          <span aria-hidden="true" className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
            {open}
          </span>
          <span className="sr-only">{open} open</span>
        </>
      ) : null}
    </Link>
  );
}

import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { teamTaskListDecoder } from '@/lib/decoders';

/*
 * What every page's header needs of team tasks: the signed-in person's own tasks (the 'My tasks' link). Kept apart from
 * the rest of the feature's requests and checked with a light decoder, so that /dashboard's first load evaluates no zod
 * schema (docs/architecture.md#client-bundle, docs/decisions/065-dashboard-first-load-without-zod-again.md).
 */

/** Query keys of team tasks (docs/product.md#team-tasks); a change of a task invalidates `teamTaskKeys.all`. */
export const teamTaskKeys = {
  all: ['team-tasks'] as const,
  mine: ['team-tasks', 'mine'] as const,
  newcomer: (email: string) => ['team-tasks', 'newcomer', email] as const,
};

/** GET /api/team-tasks/mine — the tasks the signed-in person does. @throws ApiError */
export async function getMyTeamTasks({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.myTeamTasks, teamTaskListDecoder, { signal });
}

/** "My tasks" (and whether the header shows its link). */
export function useMyTeamTasks() {
  return useQuery({ queryKey: teamTaskKeys.mine, queryFn: ({ signal }) => getMyTeamTasks({ signal }) });
}

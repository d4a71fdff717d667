import { teamTaskListSchema, teamTaskViewSchema, type PutTeamTaskBody } from '@shared/team-tasks-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { teamTaskKeys } from './my-team-tasks';

export { teamTaskKeys, useMyTeamTasks } from './my-team-tasks';

/** A newcomer's team tasks (their member page): GET /api/team-tasks/newcomers/:email. */
export function useNewcomerTeamTasks(email: string) {
  return useQuery({
    queryKey: teamTaskKeys.newcomer(email),
    queryFn: ({ signal }) => apiRequest(apiPaths.newcomerTeamTasks(email), teamTaskListSchema, { signal }),
  });
}

/** Marks a task done (with an optional note) or open again: PUT /api/team-tasks/:id; refreshes every task list. */
export function useSetTeamTaskDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PutTeamTaskBody & { id: string }) =>
      apiRequest(apiPaths.teamTask(id), teamTaskViewSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamTaskKeys.all }),
  });
}

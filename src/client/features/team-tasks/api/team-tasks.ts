import { memberDetailSchema } from '@shared/admin-api';
import {
  buddySuggestionsSchema,
  teamTaskListSchema,
  teamTaskViewSchema,
  type PutTeamTaskBody,
} from '@shared/team-tasks-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { adminKeys } from '@/features/admin';
import { apiRequest } from '@/lib/api-client';

/** Query keys of team tasks (docs/product.md#team-tasks); a change of a task invalidates `teamTaskKeys.all`. */
export const teamTaskKeys = {
  all: ['team-tasks'] as const,
  mine: ['team-tasks', 'mine'] as const,
  newcomer: (email: string) => ['team-tasks', 'newcomer', email] as const,
};

/** GET /api/team-tasks/mine — the tasks the signed-in person does. @throws ApiError */
export async function getMyTeamTasks({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.myTeamTasks, teamTaskListSchema, { signal });
}

/** "My tasks" (and whether the header shows its link). */
export function useMyTeamTasks() {
  return useQuery({ queryKey: teamTaskKeys.mine, queryFn: ({ signal }) => getMyTeamTasks({ signal }) });
}

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

/** Members suggested as a newcomer's buddy (admins and the newcomer's leads). */
export function useBuddySuggestions(email: string) {
  return useQuery({
    queryKey: ['team-tasks', 'buddy-suggestions', email] as const,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminMemberBuddySuggestions(email), buddySuggestionsSchema, { signal }),
  });
}

/** Sets or clears a member's buddy: PUT /api/admin/members/:email/buddy; refreshes the member page and the tasks. */
export function useSetBuddy(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buddy: string | null) =>
      apiRequest(apiPaths.adminMemberBuddy(email), memberDetailSchema, { method: 'PUT', body: { buddy } }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminKeys.member(email), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamTaskKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}

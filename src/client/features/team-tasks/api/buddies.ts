import { memberDetailSchema } from '@shared/admin-api';
import { buddySuggestionsSchema } from '@shared/team-tasks-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { adminKeys } from '@/features/admin';
import { apiRequest } from '@/lib/api-client';
import { teamTaskKeys } from './my-team-tasks';

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

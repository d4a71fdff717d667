import {
  launchChecklistSchema,
  launchChecklistStateSchema,
  testMessageResponseSchema,
  type LaunchChecklistState,
} from '@shared/launch-checklist-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Where the launch checklist's API lives (the server's modules/doctor, docs/product.md#launch-checklist). */
export const launchChecklistPaths = {
  checks: '/api/admin/launch-checklist',
  state: '/api/admin/launch-checklist/state',
  testMessage: '/api/admin/launch-checklist/test-message',
};

export const launchChecklistKeys = {
  checks: ['admin', 'launch-checklist', 'checks'] as const,
  state: ['admin', 'launch-checklist', 'state'] as const,
};

/** GET /api/admin/launch-checklist/state — whether this admin hid the checklist. @throws ApiError */
export async function getLaunchChecklistState({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(launchChecklistPaths.state, launchChecklistStateSchema, { signal });
}

/** Whether this admin hid the launch checklist (decides the admin console's first page). */
export function useLaunchChecklistState(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: launchChecklistKeys.state,
      queryFn: ({ signal }) => getLaunchChecklistState({ signal }),
      enabled,
      staleTime: Infinity,
    }),
  );
}

/** The checks (a few seconds: the server asks Google and the mail server). */
export function useLaunchChecklist() {
  return useQuery(
    queryOptions({
      queryKey: launchChecklistKeys.checks,
      queryFn: ({ signal }) => apiRequest(launchChecklistPaths.checks, launchChecklistSchema, { signal }),
    }),
  );
}

/** Hides the checklist or shows it again. */
export function useSetLaunchChecklistState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: LaunchChecklistState) =>
      apiRequest(launchChecklistPaths.state, launchChecklistStateSchema, { method: 'PUT', body: state }),
    onSuccess: (state) => queryClient.setQueryData(launchChecklistKeys.state, state),
  });
}

/** Sends a test message to the signed-in admin. */
export function useSendTestMessage() {
  return useMutation({
    mutationFn: () =>
      apiRequest(launchChecklistPaths.testMessage, testMessageResponseSchema, { method: 'POST', body: {} }),
  });
}

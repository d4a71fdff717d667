import { DEVICES_PATH, devicesResponseSchema, endedSessionsSchema } from '@shared/devices-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { writeCachedUser } from '../utils/user-cache';

/** The member's own signed-in devices (docs/product.md#your-devices); API in src/shared/devices-api.ts. */
const devicesKey = ['devices'] as const;

/** GET /api/me/sessions — the member's signed-in devices. @throws ApiError */
export async function getDevices({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(DEVICES_PATH, devicesResponseSchema, { signal });
}

/** The member's signed-in devices. */
export function useDevices() {
  return useQuery(queryOptions({ queryKey: devicesKey, queryFn: ({ signal }) => getDevices({ signal }) }));
}

/** What a device's sign-out did: whether it signed this device out too (then the login page is next). */
export interface DevicesEnded {
  signedOutHere: boolean;
}

/**
 * Signs devices out: one (`{ id, current }`), all the others (`'others'`) or all of them (`'all'`), then refreshes
 * the list — or, when this device was signed out too, forgets the signed-in user as a logout does.
 */
export function useEndDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string; current: boolean } | 'others' | 'all'): Promise<DevicesEnded> => {
      if (which === 'others' || which === 'all') {
        await apiRequest(`${DEVICES_PATH}/end-${which}`, endedSessionsSchema, { method: 'POST' });
        return { signedOutHere: which === 'all' };
      }
      await apiRequestNoContent(`${DEVICES_PATH}/${encodeURIComponent(which.id)}`, { method: 'DELETE' });
      return { signedOutHere: which.current };
    },
    onSuccess: async ({ signedOutHere }) => {
      if (signedOutHere) {
        writeCachedUser(null);
        queryClient.removeQueries({ queryKey: queryKeys.onboarding });
        queryClient.removeQueries({ queryKey: devicesKey });
        queryClient.setQueryData(queryKeys.me, null);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { appConfigDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/config — public settings: version, organisation, support e-mail, sign-in modes. @throws ApiError */
export async function getConfig({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.config, appConfigDecoder, { signal });
}

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}

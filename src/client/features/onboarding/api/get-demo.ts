import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { demoResponseDecoder } from '@/lib/decoders';

/**
 * GET /api/demo — public: the test role's first scope for the demo page (docs/product.md#demo-page). @throws ApiError
 */
export async function getDemo({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPaths.demo, demoResponseDecoder, { signal });
}

/** The demo query; the content does not change while the page is open, so it is fetched once. */
export function getDemoQueryOptions() {
  return queryOptions({
    queryKey: ['demo'] as const,
    queryFn: ({ signal }) => getDemo({ signal }),
    staleTime: Infinity,
  });
}

/** The demo page's steps (GET /api/demo). */
export function useDemo() {
  return useQuery(getDemoQueryOptions());
}
